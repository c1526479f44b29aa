/**
 * `/api/documents`: list, create, read, update, delete, and the permission query. Handlers only
 * translate between the wire and the document service; the rules live in the service, and the
 * relationship guards check the route's object before the handler runs.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonBody, jsonResponse, nextPageLink, pageQuery } from './common-wire.ts';
import { etagHeader, expectedRevision, ifMatchHeaders } from './document-revision.ts';
import {
  documentChangesSchema,
  documentEtag,
  documentJson,
  documentSchema,
  documentSummarySchema,
  newDocumentSchema,
  permissionsSchema,
  staleDocumentSchema,
  summaryJson,
} from './document-wire.ts';
import { PENDING_DESCRIPTION } from './pending-writes.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const tags = ['documents'];
const security = [{ session: [] }];

/**
 * Registers the document routes on `app`.
 *
 * @example
 * registerDocumentRoutes(app, { services, authz, exists });
 */
export function registerDocumentRoutes(app: ApiApp, deps: RouteDeps): void {
  const { documents } = deps.services;
  const guard = (permission: 'can_read' | 'can_write' | 'can_delete') =>
    relationGuard(deps.authz, 'document', permission, { exists: deps.exists.document });

  const list = createRoute({
    method: 'get',
    path: '/api/documents',
    tags,
    security,
    summary: 'The documents the caller may read (anonymous callers: public documents)',
    request: { query: pageQuery },
    responses: {
      200: jsonResponse(
        z.array(documentSummarySchema),
        'Readable documents by id; `Link: rel="next"` when more may follow',
      ),
      ...errorResponses({ 400: 'Bad paging parameter', 403: 'Denied (e.g. restricted location)' }),
    },
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const page = await documents.list(accessOf(deps, c), { afterId: query.after, limit: query.limit });
    const link = nextPageLink(c.req.url, page.nextAfterId, query.limit);
    if (link) c.header('Link', link);
    return c.json(page.documents.map(summaryJson), 200);
  });

  const create = createRoute({
    method: 'post',
    path: '/api/documents',
    tags,
    security,
    summary: 'Create a document owned by the caller',
    request: { body: jsonBody(newDocumentSchema) },
    responses: {
      201: { ...jsonResponse(documentSchema, 'Created'), headers: etagHeader },
      202: { ...jsonResponse(documentSchema, PENDING_DESCRIPTION), headers: etagHeader },
      ...errorResponses({
        400: 'Invalid field',
        401: 'Not signed in',
        403: 'Denied, or the folder is not writable',
        404: 'Folder not found',
      }),
    },
  });
  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const document = await documents.create(accessOf(deps, c), {
      name: body.name,
      content: body.content,
      folderId: body.folder_id,
      isPublic: body.is_public,
    });
    c.header('ETag', documentEtag(document));
    return c.json(documentJson(document), 201);
  });

  const read = createRoute({
    method: 'get',
    path: '/api/documents/{id}',
    tags,
    security,
    summary: 'Read a document (can_read)',
    middleware: [guard('can_read')] as const,
    request: { params: idParams },
    responses: {
      200: { ...jsonResponse(documentSchema, 'The document'), headers: etagHeader },
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(read, async (c) => {
    const document = await documents.get(accessOf(deps, c), c.req.valid('param').id);
    c.header('ETag', documentEtag(document));
    return c.json(documentJson(document), 200);
  });

  const update = createRoute({
    method: 'put',
    path: '/api/documents/{id}',
    tags,
    security,
    summary: 'Change a document (can_write; is_public needs can_share; a new folder must be writable)',
    description:
      'Send the `ETag` of the document you changed in `If-Match` (optional): when someone else saved in between, nothing is saved and the answer is 409 with their document in `current`, to compare and merge. Without `If-Match` the change applies to whatever is current.',
    middleware: [guard('can_write')] as const,
    request: { params: idParams, headers: ifMatchHeaders, body: jsonBody(documentChangesSchema) },
    responses: {
      200: { ...jsonResponse(documentSchema, 'The changed document'), headers: etagHeader },
      202: { ...jsonResponse(documentSchema, PENDING_DESCRIPTION), headers: etagHeader },
      409: {
        ...jsonResponse(
          staleDocumentSchema,
          'Changed by someone else since the `If-Match` revision: nothing saved',
        ),
        headers: etagHeader,
      },
      ...errorResponses({
        400: 'Invalid field, or a malformed If-Match',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or folder not found',
      }),
    },
  });
  app.openapi(update, async (c) => {
    const body = c.req.valid('json');
    const document = await documents.update(accessOf(deps, c), c.req.valid('param').id, {
      name: body.name,
      content: body.content,
      folderId: body.folder_id,
      isPublic: body.is_public,
      expectedRevision: expectedRevision(c.req.valid('header')['if-match']),
    });
    c.header('ETag', documentEtag(document));
    return c.json(documentJson(document), 200);
  });

  const remove = createRoute({
    method: 'delete',
    path: '/api/documents/{id}',
    tags,
    security,
    summary: 'Move a document to the trash, restorable by its owner for 30 days (can_delete)',
    middleware: [guard('can_delete')] as const,
    request: { params: idParams },
    responses: {
      204: { description: 'Moved to the trash' },
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(remove, async (c) => {
    await documents.remove(accessOf(deps, c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const permissions = createRoute({
    method: 'get',
    path: '/api/documents/{id}/permissions',
    tags,
    security,
    summary: 'Which permissions the caller holds on a document (never refused for lack of them)',
    request: { params: idParams },
    responses: {
      200: jsonResponse(permissionsSchema, 'can_read, can_write, can_share, can_delete'),
      ...errorResponses({ 400: 'Malformed id', 403: 'Denied (restricted location)', 404: 'Not found' }),
    },
  });
  app.openapi(permissions, async (c) => {
    const held = await documents.permissions(accessOf(deps, c), c.req.valid('param').id);
    return c.json(held, 200);
  });
}
