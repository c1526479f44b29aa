/**
 * Shares of folders (`/api/folders/{id}/shares`: with a person or a group) and of documents with
 * groups (`/api/documents/{id}/group-shares`); a person's share of a document is `/api/shares`. The
 * owner (can_share) grants, lists and revokes; a folder share reaches everything inside it.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { SharedObject } from '../db/index.ts';
import { errorResponses, idParams, jsonBody, jsonResponse } from './common-wire.ts';
import {
  groupShareParams,
  memberParams,
  newFolderShareSchema,
  newGroupShareSchema,
  objectShareJson,
  objectShareSchema,
} from './group-wire.ts';
import { PENDING_DESCRIPTION, pendingNoContentResponse } from './pending-writes.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const security = [{ session: [] }];
const grantErrors = {
  400: 'Invalid field (or the person is the owner)',
  401: 'Not signed in',
  403: 'Denied',
  404: 'Folder, document, person or group not found',
  409: 'Already shared with this person or group',
};
const revokeErrors = {
  400: 'Malformed id or e-mail address',
  401: 'Not signed in',
  403: 'Denied',
  404: 'Folder, document or share not found',
};

/**
 * Registers the folder share and document group share routes on `app`.
 *
 * @example
 * registerObjectShareRoutes(app, { services, authz, exists });
 */
export function registerObjectShareRoutes(app: ApiApp, deps: RouteDeps): void {
  const { objectShares } = deps.services;
  const folder = (id: number): SharedObject => ({ type: 'folder', id });
  const document = (id: number): SharedObject => ({ type: 'document', id });

  const listFolder = createRoute({
    method: 'get',
    path: '/api/folders/{id}/shares',
    tags: ['folders'],
    security,
    summary: "A folder's shares with people and groups (can_share: the owner)",
    request: { params: idParams },
    responses: {
      200: jsonResponse(z.array(objectShareSchema), 'People by address, then groups by name'),
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Folder not found',
      }),
    },
  });
  app.openapi(listFolder, async (c) => {
    const shares = await objectShares.list(accessOf(deps, c), folder(c.req.valid('param').id));
    return c.json(shares.map(objectShareJson), 200);
  });

  const grantFolder = createRoute({
    method: 'post',
    path: '/api/folders/{id}/shares',
    tags: ['folders'],
    security,
    summary: 'Share a folder, and everything inside it at any depth, with a person or a group (can_share)',
    request: { params: idParams, body: jsonBody(newFolderShareSchema) },
    responses: {
      201: jsonResponse(objectShareSchema, 'Shared'),
      202: jsonResponse(objectShareSchema, PENDING_DESCRIPTION),
      ...errorResponses(grantErrors),
    },
  });
  app.openapi(grantFolder, async (c) => {
    const body = c.req.valid('json');
    const target = body.email !== undefined ? { email: body.email } : { groupId: body.group_id as number };
    const share = await objectShares.grant(
      accessOf(deps, c),
      folder(c.req.valid('param').id),
      target,
      body.permission,
    );
    return c.json(objectShareJson(share), 201);
  });

  const revokeFolderUser = createRoute({
    method: 'delete',
    path: '/api/folders/{id}/shares/{email}',
    tags: ['folders'],
    security,
    summary: "Revoke a person's share of a folder (can_share); what it gave inside the folder ends",
    request: { params: memberParams },
    responses: {
      204: { description: 'Revoked' },
      202: pendingNoContentResponse(),
      ...errorResponses(revokeErrors),
    },
  });
  app.openapi(revokeFolderUser, async (c) => {
    const { id, email } = c.req.valid('param');
    await objectShares.revoke(accessOf(deps, c), folder(id), { email });
    return c.body(null, 204);
  });

  const revokeFolderGroup = createRoute({
    method: 'delete',
    path: '/api/folders/{id}/group-shares/{group_id}',
    tags: ['folders'],
    security,
    summary: "Revoke a group's share of a folder (can_share)",
    request: { params: groupShareParams },
    responses: {
      204: { description: 'Revoked' },
      202: pendingNoContentResponse(),
      ...errorResponses(revokeErrors),
    },
  });
  app.openapi(revokeFolderGroup, async (c) => {
    const { id, group_id } = c.req.valid('param');
    await objectShares.revoke(accessOf(deps, c), folder(id), { groupId: group_id });
    return c.body(null, 204);
  });

  const grantDocument = createRoute({
    method: 'post',
    path: '/api/documents/{id}/group-shares',
    tags: ['shares'],
    security,
    summary: 'Share a document with every member of a group (can_share)',
    request: { params: idParams, body: jsonBody(newGroupShareSchema) },
    responses: {
      201: jsonResponse(objectShareSchema, 'Shared'),
      202: jsonResponse(objectShareSchema, PENDING_DESCRIPTION),
      ...errorResponses(grantErrors),
    },
  });
  app.openapi(grantDocument, async (c) => {
    const body = c.req.valid('json');
    const share = await objectShares.grant(
      accessOf(deps, c),
      document(c.req.valid('param').id),
      { groupId: body.group_id },
      body.permission,
    );
    return c.json(objectShareJson(share), 201);
  });

  const revokeDocument = createRoute({
    method: 'delete',
    path: '/api/documents/{id}/group-shares/{group_id}',
    tags: ['shares'],
    security,
    summary: "Revoke a group's share of a document (can_share)",
    request: { params: groupShareParams },
    responses: {
      204: { description: 'Revoked' },
      202: pendingNoContentResponse(),
      ...errorResponses(revokeErrors),
    },
  });
  app.openapi(revokeDocument, async (c) => {
    const { id, group_id } = c.req.valid('param');
    await objectShares.revoke(accessOf(deps, c), document(id), { groupId: group_id });
    return c.body(null, 204);
  });
}
