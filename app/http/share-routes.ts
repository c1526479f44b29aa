/**
 * `/api/shares`: share a document with a user (by e-mail or user id; an address nobody signs in
 * with yet is invited), and revoke a share.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ServiceError } from '../services/index.ts';
import { errorResponses, jsonBody, jsonResponse } from './common-wire.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';
import {
  newShareSchema,
  PENDING_REVOCATION,
  pendingRevocationSchema,
  pendingShareJson,
  pendingShareSchema,
  shareJson,
  shareParams,
  shareSchema,
} from './share-wire.ts';

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
    summary:
      'Share a document with a user (can_share: the owner); an e-mail address nobody signs in with yet is invited (202)',
    request: { body: jsonBody(newShareSchema) },
    responses: {
      201: jsonResponse(shareSchema, 'Shared (in effect)'),
      202: jsonResponse(
        z.union([shareSchema, pendingShareSchema]),
        'Accepted, not yet in effect (`pending: true`): a share stored while the directory is unreachable (a Share), or an invitation of an address nobody signs in with yet, effective at its first sign-in (a PendingShare)',
      ),
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
    const access = accessOf(deps, c);
    try {
      const granted = await shares.grant(access, {
        documentId: body.document_id,
        email: body.email,
        userId: body.user_id,
        permission: body.permission,
      });
      return granted.pending ? c.json(shareJson(granted), 202) : c.json(shareJson(granted), 201);
    } catch (error) {
      const unknownAddress =
        error instanceof ServiceError && error.code === 'not_found' && error.field === 'email';
      if (!unknownAddress || body.email === undefined) throw error;
      const invited = await shares.invite(access, {
        documentId: body.document_id,
        email: body.email,
        permission: body.permission,
      });
      return c.json(pendingShareJson(invited), 202);
    }
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
      204: { description: 'Revoked (in effect)' },
      202: jsonResponse(pendingRevocationSchema, 'Revoked, not yet in effect: the directory is unreachable'),
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
    const { pending } = await shares.revoke(accessOf(deps, c), doc_id, email);
    return pending ? c.json(PENDING_REVOCATION, 202) : c.body(null, 204);
  });
}
