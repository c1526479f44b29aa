/**
 * A document's history (`/documents/{id}/history`), one version as it was
 * (`/documents/{id}/versions/{version}`), two versions compared (`/documents/{id}/compare`), and
 * restoring one
 * (`POST /documents/{id}/versions/{version}/restore`) — through the document service: reading
 * needs can_read, restoring can_write, as the route policies say too.
 */

import { checkRelations } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { linkedFiles } from '../markdown/index.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { ComparePage } from '../pages/compare-page.tsx';
import { HistoryPage } from '../pages/history-page.tsx';
import { VersionPage } from '../pages/version-page.tsx';
import { compareTexts } from '../text-diff.ts';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const VERSION = ':version{[1-9][0-9]*}';

const versionOf = (c: Context) => Number(c.req.param('version'));

/** A version number from the query (`undefined` when absent); 400 naming the parameter otherwise. */
function versionQuery(c: Context, name: 'from' | 'to'): number | undefined {
  const value = c.req.query(name);
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) {
    throw new HTTPException(400, { message: `${name}: must be a version number (1, 2, …)` });
  }
  return Number(value);
}

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

  // Two versions side by side: by default the latest against the one before it.
  app.get(`/documents/${DOCUMENT_ID}/compare`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const versions = await documents.history(access, document.id);
    const latest = versions[0]?.version ?? 1;
    const toNumber = versionQuery(c, 'to') ?? latest;
    const fromNumber = versionQuery(c, 'from') ?? Math.max(1, toNumber - 1);
    const [from, to] = await Promise.all([
      documents.version(access, document.id, fromNumber),
      documents.version(access, document.id, toNumber),
    ]);
    const page = (
      <ComparePage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        versions={versions}
        from={from}
        to={to}
        comparison={compareTexts(from.content, to.content)}
      />
    );
    return renderPage(c, page);
  });

  app.get(`/documents/${DOCUMENT_ID}/versions/${VERSION}`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const [version, history, held, attached] = await Promise.all([
      documents.version(access, document.id, versionOf(c)),
      documents.history(access, document.id),
      checkRelations(c, 'document', String(document.id), ['can_write'], deps.authz),
      deps.services.files.list(access, document.id),
    ]);
    const page = (
      <VersionPage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        version={version}
        current={history[0]?.version === version.version}
        canRestore={held.can_write === true}
        files={linkedFiles(attached)}
      />
    );
    return renderPage(c, page);
  });

  app.post(`/documents/${DOCUMENT_ID}/versions/${VERSION}/restore`, async (c) => {
    const restored = await documents.restore(deps.access(c), documentId(c), versionOf(c));
    return c.redirect(withNotice(`/documents/${restored.id}`, 'restored'), 303);
  });
}
