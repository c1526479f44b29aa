/**
 * `GET /`: the start page (policy `webapp.GET`), its lists through the listing service — each
 * paged on its own (`own_after`, `shared_before`, …), all in the order of `sort`.
 */
import type { Context } from 'hono';
import type { DocumentScope } from '../../db/index.ts';
import type { Access } from '../../services/index.ts';
import { listPosition, listSort } from '../list-query.ts';
import { pageFrame, renderPage } from '../page-frame.ts';
import { HomePage, WelcomePage } from '../pages/home-page.tsx';
import { type PageApp, type PageRouteDeps, pageAllowed } from './page-route-deps.ts';

/**
 * Registers the start page.
 *
 * @example
 * registerHomeRoutes(app, deps);
 */
export function registerHomeRoutes(app: PageApp, deps: PageRouteDeps): void {
  const { listing, folders } = deps.services;
  const list = (c: Context, access: Access, scope: DocumentScope & ('own' | 'shared' | 'public')) =>
    listing.page(access, { scope, sort: listSort(c), ...listPosition(c, scope) });

  app.get('/', async (c) => {
    const frame = pageFrame(c, deps.tokens);
    const access = deps.access(c);
    const sort = listSort(c);
    if (!frame.user) {
      const publicPage = await list(c, access, 'public');
      return renderPage(c, <WelcomePage frame={frame} publicPage={publicPage} sort={sort} />);
    }
    const [own, shared, publicPage, held, createDocument, createFolder] = await Promise.all([
      list(c, access, 'own'),
      list(c, access, 'shared'),
      list(c, access, 'public'),
      folders.list(access, { limit: 1000 }),
      pageAllowed(c, deps.authz, 'GET', '/documents/new'),
      pageAllowed(c, deps.authz, 'GET', '/folders/new'),
    ]);
    const lists = { own, shared, public: publicPage };
    const can = { createDocument, createFolder };
    return renderPage(
      c,
      <HomePage frame={frame} lists={lists} sort={sort} folders={held.folders} can={can} />,
    );
  });
}
