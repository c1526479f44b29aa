/**
 * `/api/folders`: list, create, read, list what one holds, rename or move, delete. Folders are
 * private to their owner; names are unique among siblings (409).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonBody, jsonResponse, nextPageLink, pageQuery } from './common-wire.ts';
import {
  folderChangesSchema,
  folderContentsJson,
  folderContentsSchema,
  folderJson,
  folderSchema,
  newFolderSchema,
} from './folder-wire.ts';
import { PENDING_DESCRIPTION, pendingNoContentResponse } from './pending-writes.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const tags = ['folders'];
const security = [{ session: [] }];

/**
 * Registers the folder routes on `app`.
 *
 * @example
 * registerFolderRoutes(app, { services, authz, exists });
 */
export function registerFolderRoutes(app: ApiApp, deps: RouteDeps): void {
  const { folders } = deps.services;
  const guard = (permission: 'can_read' | 'can_write' | 'can_delete') =>
    relationGuard(deps.authz, 'folder', permission, { exists: deps.exists.folder });

  const list = createRoute({
    method: 'get',
    path: '/api/folders',
    tags,
    security,
    summary: 'The folders the caller owns or was given (shared with them, or inside such a folder)',
    request: { query: pageQuery },
    responses: {
      200: jsonResponse(z.array(folderSchema), 'Folders by id; `Link: rel="next"` when more may follow'),
      ...errorResponses({ 400: 'Bad paging parameter', 401: 'Not signed in', 403: 'Denied' }),
    },
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const page = await folders.list(accessOf(deps, c), { afterId: query.after, limit: query.limit });
    const link = nextPageLink(c.req.url, page.nextAfterId, query.limit);
    if (link) c.header('Link', link);
    return c.json(page.folders.map(folderJson), 200);
  });

  const create = createRoute({
    method: 'post',
    path: '/api/folders',
    tags,
    security,
    summary: 'Create a folder owned by the caller (the parent must be writable)',
    request: { body: jsonBody(newFolderSchema) },
    responses: {
      201: jsonResponse(folderSchema, 'Created'),
      202: jsonResponse(folderSchema, PENDING_DESCRIPTION),
      ...errorResponses({
        400: 'Invalid field',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Parent folder not found',
        409: 'The parent already holds a folder of that name',
      }),
    },
  });
  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const folder = await folders.create(accessOf(deps, c), {
      name: body.name,
      parentFolderId: body.parent_folder_id,
    });
    return c.json(folderJson(folder), 201);
  });

  const read = createRoute({
    method: 'get',
    path: '/api/folders/{id}',
    tags,
    security,
    summary: 'Read a folder (can_read)',
    middleware: [guard('can_read')] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(folderSchema, 'The folder'),
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(read, async (c) => {
    const folder = await folders.get(accessOf(deps, c), c.req.valid('param').id);
    return c.json(folderJson(folder), 200);
  });

  const contents = createRoute({
    method: 'get',
    path: '/api/folders/{id}/contents',
    tags,
    security,
    summary: 'A folder with the folders above it and what it holds (can_read; documents the caller may read)',
    middleware: [guard('can_read')] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(folderContentsSchema, 'The folder and its contents'),
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(contents, async (c) => {
    const held = await folders.contents(accessOf(deps, c), c.req.valid('param').id);
    return c.json(folderContentsJson(held), 200);
  });

  const update = createRoute({
    method: 'put',
    path: '/api/folders/{id}',
    tags,
    security,
    summary: 'Rename or move a folder (can_write; the new parent must be writable, no cycles)',
    middleware: [guard('can_write')] as const,
    request: { params: idParams, body: jsonBody(folderChangesSchema) },
    responses: {
      200: jsonResponse(folderSchema, 'The changed folder'),
      202: jsonResponse(folderSchema, PENDING_DESCRIPTION),
      ...errorResponses({
        400: 'Invalid field or cycle',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Folder not found',
        409: 'The new place already holds a folder of that name',
      }),
    },
  });
  app.openapi(update, async (c) => {
    const body = c.req.valid('json');
    const folder = await folders.update(accessOf(deps, c), c.req.valid('param').id, {
      name: body.name,
      parentFolderId: body.parent_folder_id,
    });
    return c.json(folderJson(folder), 200);
  });

  const remove = createRoute({
    method: 'delete',
    path: '/api/folders/{id}',
    tags,
    security,
    summary: 'Delete an empty folder (can_delete)',
    middleware: [guard('can_delete')] as const,
    request: { params: idParams },
    responses: {
      204: { description: 'Deleted' },
      202: pendingNoContentResponse(),
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Not found',
        409: 'The folder is not empty',
      }),
    },
  });
  app.openapi(remove, async (c) => {
    await folders.remove(accessOf(deps, c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
