/**
 * `GET /api/search`: full-text search over the names and texts of the documents the caller may
 * read (anonymous callers: public documents), filtered by the same policy as the list.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonResponse } from './common-wire.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';
import { searchPageJson, searchPageSchema, searchQuery } from './search-wire.ts';

/** The `Link` header of a page: its next and previous pages, same query otherwise. */
function pageLinks(url: string, next: string | null, previous: string | null): string | undefined {
  const link = (param: 'after' | 'before', value: string, rel: string) => {
    const target = new URL(url);
    target.searchParams.delete('after');
    target.searchParams.delete('before');
    target.searchParams.set(param, value);
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [next && link('after', next, 'next'), previous && link('before', previous, 'prev')];
  const present = links.filter((l): l is string => typeof l === 'string');
  return present.length > 0 ? present.join(', ') : undefined;
}

/**
 * Registers the search route on `app`.
 *
 * @example
 * registerSearchRoutes(app, { services, authz, exists });
 */
export function registerSearchRoutes(app: ApiApp, deps: RouteDeps): void {
  const route = createRoute({
    method: 'get',
    path: '/api/search',
    tags: ['documents'],
    security: [{ session: [] }],
    summary: 'Search the names and texts of the documents the caller may read',
    request: { query: searchQuery },
    responses: {
      200: jsonResponse(searchPageSchema, 'Matches; `Link` with rel="next" / rel="prev" when there are more'),
      ...errorResponses({ 400: 'Bad query or paging parameter', 403: 'Denied (e.g. restricted location)' }),
    },
  });
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const page = await deps.services.listing.page(accessOf(deps, c), {
      scope: 'reachable',
      search: query.q,
      sort: query.sort,
      limit: query.limit,
      after: query.after,
      before: query.before,
    });
    const links = pageLinks(c.req.url, page.next, page.previous);
    if (links) c.header('Link', links);
    return c.json(searchPageJson(page), 200);
  });
}
