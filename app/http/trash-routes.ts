/**
 * `/api/trash`: the caller's deleted documents, restoring one, and deleting one for good — through
 * the trash service; restoring and deleting need can_delete (the owner), like deleting.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonResponse, nextPageLink, pageQuery } from './common-wire.ts';
import { documentEtag, documentJson, documentSchema } from './document-wire.ts';
import { pendingNoContentResponse } from './pending-writes.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';
import { trashedJson, trashPageSchema } from './trash-wire.ts';

const tags = ['trash'];
const security = [{ session: [] }];

/**
 * Registers the trash routes on `app`.
 *
 * @example
 * registerTrashRoutes(app, { services, authz, exists });
 */
export function registerTrashRoutes(app: ApiApp, deps: RouteDeps): void {
  const { trash } = deps.services;
  const guard = () =>
    relationGuard(deps.authz, 'document', 'can_delete', { exists: deps.exists.trashedDocument });

  const list = createRoute({
    method: 'get',
    path: '/api/trash',
    tags,
    security,
    summary: "The caller's deleted documents, restorable until `purge_at`",
    request: { query: pageQuery },
    responses: {
      200: jsonResponse(trashPageSchema, 'Trashed documents by id; `Link: rel="next"` when more may follow'),
      ...errorResponses({ 400: 'Bad paging parameter', 401: 'Not signed in', 403: 'Denied' }),
    },
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const page = await trash.list(accessOf(deps, c), { afterId: query.after, limit: query.limit });
    const link = nextPageLink(c.req.url, page.nextAfterId, query.limit);
    if (link) c.header('Link', link);
    return c.json({ items: page.items.map(trashedJson), next_after: page.nextAfterId }, 200);
  });

  const restore = createRoute({
    method: 'post',
    path: '/api/trash/{id}/restore',
    tags,
    security,
    summary: 'Restore a deleted document where it was, with its shares (can_delete: the owner)',
    middleware: [guard()] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(documentSchema, 'The restored document'),
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Not in the trash',
      }),
    },
  });
  app.openapi(restore, async (c) => {
    const document = await trash.restore(accessOf(deps, c), c.req.valid('param').id);
    c.header('ETag', documentEtag(document));
    return c.json(documentJson(document), 200);
  });

  const purge = createRoute({
    method: 'delete',
    path: '/api/trash/{id}',
    tags,
    security,
    summary: 'Delete a document in the trash for good, with its shares and versions (can_delete)',
    middleware: [guard()] as const,
    request: { params: idParams },
    responses: {
      204: { description: 'Deleted for good' },
      202: pendingNoContentResponse(),
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Not in the trash',
      }),
    },
  });
  app.openapi(purge, async (c) => {
    await trash.purge(accessOf(deps, c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
