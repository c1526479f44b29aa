/**
 * The files page of a document (`/documents/{id}/files`): its images and attachments, uploading
 * one (a `multipart/form-data` form — the one page form that is not URL-encoded, protected by the
 * same origin check and form token) and deleting one, through the file service (authorized as the
 * document: can_read to see, can_write to change).
 */
import { checkRelations } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { fileMarkdown, fileUrl, ServiceError } from '../../services/index.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { FilesPage } from '../pages/files-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

/** The status of a re-shown upload form, by the service's refusal (the JSON API's for the same). */
const REFUSAL_STATUS = { invalid: 400, conflict: 409, too_large: 413, unsupported_type: 415 } as const;

type Refusal = keyof typeof REFUSAL_STATUS;

function isRefusal(error: unknown): error is ServiceError & { code: Refusal } {
  return error instanceof ServiceError && Object.hasOwn(REFUSAL_STATUS, error.code);
}

/**
 * Registers the files page.
 *
 * @example
 * registerFilePages(app, deps);
 */
export function registerFilePages(app: PageApp, deps: PageRouteDeps): void {
  const { documents, files } = deps.services;
  const base = `/documents/${DOCUMENT_ID}/files`;

  async function show(c: Context, errors: Record<string, string>, status: 200 | 400 | 409 | 413 | 415) {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const [found, held] = await Promise.all([
      files.list(access, document.id),
      checkRelations(c, 'document', String(document.id), ['can_write'], deps.authz),
    ]);
    const described = found.map((file) => ({ ...file, url: fileUrl(file), markdown: fileMarkdown(file) }));
    const page = (
      <FilesPage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        files={described}
        canWrite={held.can_write === true}
        errors={errors}
      />
    );
    return renderPage(c, page, status);
  }

  app.get(base, (c) => show(c, {}, 200));

  app.post(base, async (c) => {
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File) || file.name === '') {
      return show(c, { file: 'Choose a file to upload.' }, 400);
    }
    try {
      await files.upload(deps.access(c), documentId(c), {
        name: file.name,
        content: new Uint8Array(await file.arrayBuffer()),
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const message = error.message.replace(/^(file|name): /, '');
      const sentence = `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
      return show(c, { file: sentence }, REFUSAL_STATUS[error.code]);
    }
    return c.redirect(withNotice(`/documents/${documentId(c)}/files`, 'file-uploaded'), 303);
  });

  app.post(`${base}/:file_id{[1-9][0-9]*}/delete`, async (c) => {
    await files.remove(deps.access(c), documentId(c), Number(c.req.param('file_id')));
    return c.redirect(withNotice(`/documents/${documentId(c)}/files`, 'file-deleted'), 303);
  });
}
