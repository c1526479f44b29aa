/**
 * How a document refers to its files and where they are served: Markdown names a file of its own
 * document as `files/<name>` (percent-encoded where needed, like any link); the content is served
 * at `/api/documents/{id}/files/{file_id}`.
 */
import type { DocumentFile } from '../db/index.ts';
import { isInlineImage } from './file-type.ts';

/** `value` percent-encoded as RFC 8187 (`filename*`) wants it, parentheses and quotes included. */
export function strictlyEncoded(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** How Markdown refers to a file of its document. */
export function fileReference(name: string): string {
  return `files/${strictlyEncoded(name)}`;
}

const REFERENCE = /^(?:\.\/)?files\/([^/?#]+)$/;

/**
 * The file name a Markdown link or image address refers to, or `undefined` when it is no
 * reference to a file of the document.
 *
 * @example
 * referencedFileName('files/my%20chart.png'); // 'my chart.png'
 */
export function referencedFileName(url: string): string | undefined {
  const encoded = REFERENCE.exec(url.trim())?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** The Markdown that shows an image inline, or links an attachment. */
export function fileMarkdown(file: Pick<DocumentFile, 'name' | 'mediaType'>): string {
  const label = file.name.replace(/[[\]\\]/g, '\\$&');
  return `${isInlineImage(file.mediaType) ? '!' : ''}[${label}](${fileReference(file.name)})`;
}

/** Where a file's content is served. */
export function fileUrl(file: Pick<DocumentFile, 'documentId' | 'id'>): string {
  return `/api/documents/${file.documentId}/files/${file.id}`;
}
