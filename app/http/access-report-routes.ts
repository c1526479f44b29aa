/**
 * `GET /api/documents/{id}/access`: every person and group who can read, edit or share a document,
 * each with the grants that give it and, for a grant the caller may take back, the call that does
 * (computed by reverse lookups on the directory).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { AccessEntry, LabelledGrant } from '../services/index.ts';
import { errorResponses, idParams, jsonResponse } from './common-wire.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const grantSchema = z
  .object({
    kind: z.enum(['owner', 'share', 'group', 'public', 'folder']),
    relation: z.enum(['owner', 'writer', 'reader']),
    folder: z.object({ id: z.int(), name: z.string().nullable() }).optional(),
    group: z.object({ id: z.int(), name: z.string().nullable() }).optional(),
    email: z.string().optional(),
    remove: z
      .object({
        method: z.enum(['DELETE', 'PUT']),
        path: z.string(),
        body: z.record(z.string(), z.unknown()).optional(),
      })
      .optional()
      .openapi({ description: 'The call that takes this grant back, when the caller may' }),
  })
  .openapi('AccessGrant');

const entrySchema = z
  .object({
    subject: z.object({
      type: z.enum(['user', 'group', 'everyone']),
      id: z.union([z.string(), z.int()]).optional(),
      email: z.string().optional(),
      name: z.string().optional(),
    }),
    can_read: z.boolean(),
    can_write: z.boolean(),
    can_share: z.boolean(),
    grants: z.array(grantSchema),
  })
  .openapi('AccessEntry');

const reportSchema = z
  .object({ document_id: z.int(), entries: z.array(entrySchema) })
  .openapi('AccessReport');

/** The API call that removes `grant` of document `documentId`, when the caller may. */
export function removalOf(documentId: number, grant: LabelledGrant): z.infer<typeof grantSchema>['remove'] {
  if (!grant.removable) return undefined;
  const email = grant.email === undefined ? undefined : encodeURIComponent(grant.email);
  switch (grant.kind) {
    case 'share':
      return email ? { method: 'DELETE', path: `/api/shares/${documentId}/${email}` } : undefined;
    case 'group':
      return { method: 'DELETE', path: `/api/documents/${documentId}/group-shares/${grant.groupId}` };
    case 'public':
      return { method: 'PUT', path: `/api/documents/${documentId}`, body: { is_public: false } };
    case 'folder':
      if (grant.groupId !== undefined) {
        return { method: 'DELETE', path: `/api/folders/${grant.folderId}/group-shares/${grant.groupId}` };
      }
      return email ? { method: 'DELETE', path: `/api/folders/${grant.folderId}/shares/${email}` } : undefined;
    default:
      return undefined;
  }
}

function entryJson(documentId: number, entry: AccessEntry): z.infer<typeof entrySchema> {
  const { subject } = entry;
  return {
    subject:
      subject.type === 'everyone'
        ? { type: 'everyone' }
        : subject.type === 'user'
          ? { type: 'user', id: subject.id, email: subject.email, name: subject.name }
          : { type: 'group', id: subject.id, name: subject.name },
    ...entry.permissions,
    grants: entry.grants.map((grant) => {
      const remove = removalOf(documentId, grant);
      return {
        kind: grant.kind,
        relation: grant.relation as 'owner' | 'writer' | 'reader',
        ...(grant.folderId === undefined
          ? {}
          : { folder: { id: grant.folderId, name: grant.folderName ?? null } }),
        ...(grant.groupId === undefined
          ? {}
          : { group: { id: grant.groupId, name: grant.groupName ?? null } }),
        ...(grant.email === undefined ? {} : { email: grant.email }),
        ...(remove ? { remove } : {}),
      };
    }),
  };
}

/**
 * Registers the access report route on `app`.
 *
 * @example
 * registerAccessReportRoutes(app, { services, authz, exists });
 */
export function registerAccessReportRoutes(app: ApiApp, deps: RouteDeps): void {
  const route = createRoute({
    method: 'get',
    path: '/api/documents/{id}/access',
    tags: ['shares'],
    security: [{ session: [] }],
    summary: 'Who can read, edit or share a document, and what grants it (can_share: the owner)',
    request: { params: idParams },
    responses: {
      200: jsonResponse(reportSchema, 'Owner first, then people, groups, and everyone when public'),
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document not found',
        503: 'The directory is unreachable or offers no reverse lookups',
      }),
    },
  });
  app.openapi(route, async (c) => {
    const id = c.req.valid('param').id;
    const report = await deps.services.accessReport.report(accessOf(deps, c), id);
    return c.json({ document_id: id, entries: report.entries.map((e) => entryJson(id, e)) }, 200);
  });
}
