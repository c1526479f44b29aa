/**
 * The trash page (`/trash`), restoring a document from it (`POST /trash/{id}/restore`) and deleting
 * one for good after a confirmation (`GET`, then `POST /trash/{id}/delete`) — through the trash
 * service: restoring, confirming and deleting need can_delete (the owner), as the route policies
 * say too.
 */
import { ServiceError } from '../../services/index.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { TrashDeletePage } from '../pages/trash-delete-page.tsx';
import { TrashPage } from '../pages/trash-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const AFTER = /^[1-9]\d{0,9}$/;

/**
 * Registers the trash pages.
 *
 * @example
 * registerTrashPages(app, deps);
 */
export function registerTrashPages(app: PageApp, deps: PageRouteDeps): void {
  const { trash } = deps.services;

  app.get('/trash', async (c) => {
    const after = c.req.query('after');
    if (after !== undefined && !AFTER.test(after)) {
      throw new ServiceError('invalid', 'after: must be a positive whole number', { field: 'after' });
    }
    const page = await trash.list(deps.access(c), {
      afterId: after === undefined ? undefined : Number(after),
    });
    return renderPage(
      c,
      <TrashPage
        frame={pageFrame(c, deps.tokens)}
        items={page.items}
        nextAfterId={page.nextAfterId}
        later={after !== undefined}
      />,
    );
  });

  app.post(`/trash/${DOCUMENT_ID}/restore`, async (c) => {
    const restored = await trash.restore(deps.access(c), documentId(c));
    return c.redirect(withNotice(`/documents/${restored.id}`, 'trash-restored'), 303);
  });

  app.get(`/trash/${DOCUMENT_ID}/delete`, async (c) => {
    const document = await trash.get(deps.access(c), documentId(c));
    return renderPage(c, <TrashDeletePage frame={pageFrame(c, deps.tokens)} document={document} />);
  });

  app.post(`/trash/${DOCUMENT_ID}/delete`, async (c) => {
    await trash.purge(deps.access(c), documentId(c));
    return c.redirect(withNotice('/trash', 'trash-purged'), 303);
  });
}
