/**
 * A document's history (`/documents/{id}/history`), one version as it was
 * (`/documents/{id}/versions/{version}`), and restoring it
 * (`POST /documents/{id}/versions/{version}/restore`) — through the document service: reading
 * needs can_read, restoring can_write, as the route policies say too.
 */

import { checkRelations } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { HistoryPage } from '../pages/history-page.tsx';
import { VersionPage } from '../pages/version-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const VERSION = ':version{[1-9][0-9]*}';

const versionOf = (c: Context) => Number(c.req.param('version'));

/**
 * Registers the history pages.
 *
 * @example
 * registerHistoryPages(app, deps);
 */
export function registerHistoryPages(app: PageApp, deps: PageRouteDeps): void {
  const { documents } = deps.services;

  app.get(`/documents/${DOCUMENT_ID}/history`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const versions = await documents.history(access, document.id);
    return renderPage(
      c,
      <HistoryPage frame={pageFrame(c, deps.tokens)} document={document} versions={versions} />,
    );
  });

  app.get(`/documents/${DOCUMENT_ID}/versions/${VERSION}`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const [version, history, held] = await Promise.all([
      documents.version(access, document.id, versionOf(c)),
      documents.history(access, document.id),
      checkRelations(c, 'document', String(document.id), ['can_write'], deps.authz),
    ]);
    const page = (
      <VersionPage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        version={version}
        current={history[0]?.version === version.version}
        canRestore={held.can_write === true}
      />
    );
    return renderPage(c, page);
  });

  app.post(`/documents/${DOCUMENT_ID}/versions/${VERSION}/restore`, async (c) => {
    const restored = await documents.restore(deps.access(c), documentId(c), versionOf(c));
    return c.redirect(withNotice(`/documents/${restored.id}`, 'restored'), 303);
  });
}
