/**
 * `/api/groups`: make a group, list the caller's groups, read one with its members, add and remove
 * members, delete it. Any signed-in user makes groups; only the owner manages one (IDOR: another
 * user's group answers 403, or 404 when they cannot know of it).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonBody, jsonResponse } from './common-wire.ts';
import {
  groupDetailsJson,
  groupDetailsSchema,
  groupJson,
  groupSchema,
  memberJson,
  memberParams,
  memberSchema,
  newGroupSchema,
  newMemberSchema,
} from './group-wire.ts';
import { PENDING_DESCRIPTION, pendingNoContentResponse } from './pending-writes.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const tags = ['groups'];
const security = [{ session: [] }];
const idErrors = { 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Group not found' };

/**
 * Registers the group routes on `app`.
 *
 * @example
 * registerGroupRoutes(app, { services, authz, exists });
 */
export function registerGroupRoutes(app: ApiApp, deps: RouteDeps): void {
  const { groups } = deps.services;

  const list = createRoute({
    method: 'get',
    path: '/api/groups',
    tags,
    security,
    summary: 'The groups the caller owns or belongs to, by name (at most 1000)',
    responses: {
      200: jsonResponse(z.array(groupSchema), 'Groups'),
      ...errorResponses({ 401: 'Not signed in', 403: 'Denied' }),
    },
  });
  app.openapi(list, async (c) => c.json((await groups.list(accessOf(deps, c))).map(groupJson), 200));

  const create = createRoute({
    method: 'post',
    path: '/api/groups',
    tags,
    security,
    summary: 'Make a group owned by the caller',
    request: { body: jsonBody(newGroupSchema) },
    responses: {
      201: jsonResponse(groupSchema, 'Created'),
      202: jsonResponse(groupSchema, PENDING_DESCRIPTION),
      ...errorResponses({
        400: 'Invalid name',
        401: 'Not signed in',
        403: 'Denied',
        409: 'The caller has a group of that name',
      }),
    },
  });
  app.openapi(create, async (c) => {
    const group = await groups.create(accessOf(deps, c), c.req.valid('json').name);
    return c.json(groupJson(group), 201);
  });

  const read = createRoute({
    method: 'get',
    path: '/api/groups/{id}',
    tags,
    security,
    summary: 'A group with its members (can_read: its owner and members)',
    request: { params: idParams },
    responses: { 200: jsonResponse(groupDetailsSchema, 'The group'), ...errorResponses(idErrors) },
  });
  app.openapi(read, async (c) => {
    const details = await groups.get(accessOf(deps, c), c.req.valid('param').id);
    return c.json(groupDetailsJson(details), 200);
  });

  const remove = createRoute({
    method: 'delete',
    path: '/api/groups/{id}',
    tags,
    security,
    summary: 'Delete a group and every share it held (can_delete: the owner)',
    request: { params: idParams },
    responses: {
      204: { description: 'Deleted' },
      202: pendingNoContentResponse(),
      ...errorResponses(idErrors),
    },
  });
  app.openapi(remove, async (c) => {
    await groups.remove(accessOf(deps, c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const addMember = createRoute({
    method: 'post',
    path: '/api/groups/{id}/members',
    tags,
    security,
    summary: 'Add the user with this e-mail address (can_write: the owner)',
    request: { params: idParams, body: jsonBody(newMemberSchema) },
    responses: {
      201: jsonResponse(memberSchema, 'Added'),
      202: jsonResponse(memberSchema, PENDING_DESCRIPTION),
      ...errorResponses({
        ...idErrors,
        400: 'Malformed id or e-mail address',
        404: 'Group or user not found',
        409: 'Already a member',
      }),
    },
  });
  app.openapi(addMember, async (c) => {
    const member = await groups.addMember(
      accessOf(deps, c),
      c.req.valid('param').id,
      c.req.valid('json').email,
    );
    return c.json(memberJson(member), 201);
  });

  const removeMember = createRoute({
    method: 'delete',
    path: '/api/groups/{id}/members/{email}',
    tags,
    security,
    summary: 'Remove a member (can_write: the owner); what the group gave them ends at once',
    request: { params: memberParams },
    responses: {
      204: { description: 'Removed' },
      202: pendingNoContentResponse(),
      ...errorResponses({
        ...idErrors,
        400: 'Malformed id or e-mail address',
        404: 'Group or member not found',
      }),
    },
  });
  app.openapi(removeMember, async (c) => {
    const { id, email } = c.req.valid('param');
    await groups.removeMember(accessOf(deps, c), id, email);
    return c.body(null, 204);
  });
}
