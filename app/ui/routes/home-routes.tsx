/**
 * `GET /`: the start page (policy `webapp.GET`).
 */
import { ServiceError } from '../../services/index.ts';
import { pageFrame, renderPage } from '../page-frame.ts';
import { HomePage, WelcomePage } from '../pages/home-page.tsx';
import { type PageApp, type PageRouteDeps, pageAllowed } from './page-route-deps.ts';

/** Documents per page of the start page. */
const PAGE_SIZE = 100;

function afterId(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) {
    throw new ServiceError('invalid', 'after: the link to the next page is not valid', { field: 'after' });
  }
  return Number(value);
}

/**
 * Registers the start page.
 *
 * @example
 * registerHomeRoutes(app, deps);
 */
export function registerHomeRoutes(app: PageApp, deps: PageRouteDeps): void {
  const { documents, folders } = deps.services;
  app.get('/', async (c) => {
    const frame = pageFrame(c, deps.tokens);
    const access = deps.access(c);
    const page = await documents.list(access, { afterId: afterId(c.req.query('after')), limit: PAGE_SIZE });
    const nextPage = page.nextAfterId === null ? undefined : `/?after=${page.nextAfterId}`;
    if (!frame.user) {
      return renderPage(c, <WelcomePage frame={frame} documents={page.documents} nextPage={nextPage} />);
    }
    const [own, createDocument, createFolder] = await Promise.all([
      folders.list(access, { limit: 1000 }),
      pageAllowed(c, deps.authz, 'GET', '/documents/new'),
      pageAllowed(c, deps.authz, 'GET', '/folders/new'),
    ]);
    const can = { createDocument, createFolder };
    return renderPage(
      c,
      <HomePage
        frame={frame}
        documents={page.documents}
        folders={own.folders}
        nextPage={nextPage}
        can={can}
      />,
    );
  });
}
