/**
 * Files of documents on the wire: their description (with the address of the content and the
 * Markdown that shows them in the document), the upload's query, and the headers the content is
 * served with.
 */
import { z } from '@hono/zod-openapi';
import type { DocumentFile } from '../db/index.ts';
import { fileMarkdown, fileUrl, isInlineImage, nameField, strictlyEncoded } from '../services/index.ts';
import { idInPath } from './common-wire.ts';

/** `{ id, file_id }` path parameters. */
export const fileParams = z.strictObject({
  id: idInPath.openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
  file_id: idInPath.openapi({ param: { name: 'file_id', in: 'path' }, example: '3' }),
});

/** The upload's query: the name to store the file under. */
export const uploadQuery = z.strictObject({
  name: nameField.openapi({
    param: { name: 'name', in: 'query' },
    description: 'The file name, referred to in Markdown as `files/<name>`; unique in the document',
    example: 'chart.png',
  }),
});

/** A file's description. */
export const documentFileSchema = z
  .object({
    id: z.int(),
    document_id: z.int(),
    name: z.string(),
    media_type: z.string().meta({ description: 'Detected from the content, not from the client' }),
    size: z.int().meta({ description: 'Bytes' }),
    sha256: z.string(),
    uploaded_by: z.string(),
    created_at: z.iso.datetime(),
    url: z.string().meta({ description: 'Where the content is served' }),
    markdown: z.string().meta({ description: 'What to write in the document to show or link it' }),
  })
  .openapi('DocumentFile');

/** The answer of `GET /api/documents/{id}/files`. */
export const documentFileListSchema = z
  .object({ items: z.array(documentFileSchema) })
  .openapi('DocumentFileList');

/** A file's description as JSON. */
export function documentFileJson(file: DocumentFile): z.infer<typeof documentFileSchema> {
  return {
    id: file.id,
    document_id: file.documentId,
    name: file.name,
    media_type: file.mediaType,
    size: file.size,
    sha256: file.sha256,
    uploaded_by: file.uploadedBy,
    created_at: file.createdAt.toISOString(),
    url: fileUrl(file),
    markdown: fileMarkdown(file),
  };
}

/**
 * The headers a file's content is served with: its detected type, never sniffed; images inline
 * and everything else as a download; a policy that lets nothing in it run or load, even when the
 * address is opened on its own.
 */
export function fileContentHeaders(file: DocumentFile): Record<string, string> {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const disposition = isInlineImage(file.mediaType) ? 'inline' : 'attachment';
  return {
    'content-type': file.mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mediaType,
    'content-length': String(file.size),
    'content-disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${strictlyEncoded(file.name)}`,
    'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    etag: `"${file.sha256}"`,
  };
}
