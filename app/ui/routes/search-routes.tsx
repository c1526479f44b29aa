/**
 * `GET /search?q=`: the search page (policy `webapp.GET.search`), results through the listing
 * service — the same policy filter as every list.
 */
import { listPosition, listSort } from '../list-query.ts';
import { pageFrame, renderPage } from '../page-frame.ts';
import { SearchPage } from '../pages/search-page.tsx';
import type { PageApp, PageRouteDeps } from './page-route-deps.ts';

/**
 * Registers the search page.
 *
 * @example
 * registerSearchPages(app, deps);
 */
export function registerSearchPages(app: PageApp, deps: PageRouteDeps): void {
  app.get('/search', async (c) => {
    const q = (c.req.query('q') ?? '').trim();
    const sort = listSort(c);
    const results =
      q === ''
        ? undefined
        : await deps.services.listing.page(deps.access(c), {
            scope: 'reachable',
            search: q,
            sort,
            ...listPosition(c, ''),
          });
    return renderPage(
      c,
      <SearchPage frame={pageFrame(c, deps.tokens)} q={q} sort={sort} results={results} />,
    );
  });
}
