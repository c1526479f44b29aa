/**
 * `/api/documents/{id}/versions`: a document's history, one version, and restoring one — through
 * the document service, as the history pages: reading needs can_read, restoring can_write.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonResponse } from './common-wire.ts';
import { documentEtag, documentJson, documentSchema } from './document-wire.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';
import {
  versionJson,
  versionListSchema,
  versionParams,
  versionSchema,
  versionSummaryJson,
} from './trash-wire.ts';

const tags = ['documents'];
const security = [{ session: [] }];

/**
 * Registers the version routes on `app`.
 *
 * @example
 * registerVersionRoutes(app, { services, authz, exists });
 */
export function registerVersionRoutes(app: ApiApp, deps: RouteDeps): void {
  const { documents } = deps.services;
  const guard = (permission: 'can_read' | 'can_write') =>
    relationGuard(deps.authz, 'document', permission, { exists: deps.exists.document });

  const list = createRoute({
    method: 'get',
    path: '/api/documents/{id}/versions',
    tags,
    security,
    summary: 'Who saved which version of a document when, newest first (can_read)',
    middleware: [guard('can_read')] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(versionListSchema, 'The versions'),
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(list, async (c) => {
    const versions = await documents.history(accessOf(deps, c), c.req.valid('param').id);
    return c.json({ items: versions.map(versionSummaryJson) }, 200);
  });

  const read = createRoute({
    method: 'get',
    path: '/api/documents/{id}/versions/{version}',
    tags,
    security,
    summary: 'One version of a document, name and text as they were (can_read)',
    middleware: [guard('can_read')] as const,
    request: { params: versionParams },
    responses: {
      200: jsonResponse(versionSchema, 'The version'),
      ...errorResponses({
        400: 'Malformed id or version',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or version not found',
      }),
    },
  });
  app.openapi(read, async (c) => {
    const { id, version } = c.req.valid('param');
    return c.json(versionJson(await documents.version(accessOf(deps, c), id, version)), 200);
  });

  const restore = createRoute({
    method: 'post',
    path: '/api/documents/{id}/versions/{version}/restore',
    tags,
    security,
    summary: "Make a version's name and text current again, saved as a new version (can_write)",
    middleware: [guard('can_write')] as const,
    request: { params: versionParams },
    responses: {
      200: jsonResponse(documentSchema, 'The document as it is now'),
      ...errorResponses({
        400: 'Malformed id or version',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or version not found',
      }),
    },
  });
  app.openapi(restore, async (c) => {
    const { id, version } = c.req.valid('param');
    const document = await documents.restore(accessOf(deps, c), id, version);
    c.header('ETag', documentEtag(document));
    return c.json(documentJson(document), 200);
  });
}
