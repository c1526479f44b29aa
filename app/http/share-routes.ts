/**
 * `/api/shares`: share a document with a user (by e-mail or user id), and revoke a share.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from './common-wire.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';
import { newShareSchema, shareJson, shareParams, shareSchema } from './share-wire.ts';

const tags = ['shares'];
const security = [{ session: [] }];

/**
 * Registers the share routes on `app`.
 *
 * @example
 * registerShareRoutes(app, { services, authz, exists });
 */
export function registerShareRoutes(app: ApiApp, deps: RouteDeps): void {
  const { shares } = deps.services;

  const grant = createRoute({
    method: 'post',
    path: '/api/shares',
    tags,
    security,
    summary: 'Share a document with a user (can_share: the owner)',
    request: { body: jsonBody(newShareSchema) },
    responses: {
      201: jsonResponse(shareSchema, 'Shared'),
      ...errorResponses({
        400: 'Invalid field (or the user is the owner)',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or user not found',
        409: 'Already shared with this user',
      }),
    },
  });
  app.openapi(grant, async (c) => {
    const body = c.req.valid('json');
    const granted = await shares.grant(accessOf(deps, c), {
      documentId: body.document_id,
      email: body.email,
      userId: body.user_id,
      permission: body.permission,
    });
    return c.json(shareJson(granted), 201);
  });

  const revoke = createRoute({
    method: 'delete',
    path: '/api/shares/{doc_id}/{email}',
    tags,
    security,
    summary: 'Revoke a share (can_share: the owner)',
    middleware: [
      relationGuard(deps.authz, 'document', 'can_share', {
        paramName: 'doc_id',
        exists: deps.exists.document,
      }),
    ] as const,
    request: { params: shareParams },
    responses: {
      204: { description: 'Revoked' },
      ...errorResponses({
        400: 'Malformed id or e-mail',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document, user or share not found',
      }),
    },
  });
  app.openapi(revoke, async (c) => {
    const { doc_id, email } = c.req.valid('param');
    await shares.revoke(accessOf(deps, c), doc_id, email);
    return c.body(null, 204);
  });
}
