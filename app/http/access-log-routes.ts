/**
 * `GET /api/documents/{id}/access-log`: the decisions about a document, newest first, for its
 * owner (can_share): who asked, what, allowed or denied, when and why; paged by `before`, filtered
 * by `outcome` and `email`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { StoredAccessLogEntry } from '../db/index.ts';
import { ACCESS_LOG_PAGE, emailField } from '../services/index.ts';
import { errorResponses, idParams, jsonResponse } from './common-wire.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const entrySchema = z
  .object({
    id: z.int(),
    user_id: z.string().nullable(),
    email: z.string().nullable(),
    action: z
      .string()
      .openapi({ description: 'A permission (`can_read`) or a route (`GET /api/documents/7`)' }),
    allowed: z.boolean(),
    reason: z.string().openapi({ description: 'The policy that decided, and who answered' }),
    method: z.string().nullable(),
    path: z.string().nullable(),
    decided_at: z.iso.datetime(),
  })
  .openapi('AccessLogEntry');

const pageSchema = z
  .object({ entries: z.array(entrySchema), next_before: z.int().nullable() })
  .openapi('AccessLogPage');

const logQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${ACCESS_LOG_PAGE.max}`)
    .transform(Number)
    .refine(
      (n) => n >= 1 && n <= ACCESS_LOG_PAGE.max,
      `must be a whole number from 1 to ${ACCESS_LOG_PAGE.max}`,
    )
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, example: '50' }),
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be an entry id')
    .transform(Number)
    .optional()
    .openapi({ param: { name: 'before', in: 'query' }, example: '1200' }),
  outcome: z
    .enum(['allowed', 'denied'])
    .optional()
    .openapi({ param: { name: 'outcome', in: 'query' } }),
  email: emailField.optional().openapi({ param: { name: 'email', in: 'query' } }),
});

function entryJson(entry: StoredAccessLogEntry): z.infer<typeof entrySchema> {
  return {
    id: entry.id,
    user_id: entry.userId,
    email: entry.email,
    action: entry.action,
    allowed: entry.allowed,
    reason: entry.reason,
    method: entry.method,
    path: entry.path,
    decided_at: entry.decidedAt.toISOString(),
  };
}

/**
 * Registers the access log route on `app`.
 *
 * @example
 * registerAccessLogRoutes(app, { services, authz, exists });
 */
export function registerAccessLogRoutes(app: ApiApp, deps: RouteDeps): void {
  const route = createRoute({
    method: 'get',
    path: '/api/documents/{id}/access-log',
    tags: ['documents'],
    security: [{ session: [] }],
    summary: 'Decisions about a document, newest first (can_share: the owner)',
    request: { params: idParams, query: logQuery },
    responses: {
      200: jsonResponse(pageSchema, 'A page of entries; `next_before` reads older ones'),
      ...errorResponses({
        400: 'Malformed id or query parameter',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document not found',
      }),
    },
  });
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const page = await deps.services.accessLog.page(accessOf(deps, c), c.req.valid('param').id, query);
    return c.json({ entries: page.entries.map(entryJson), next_before: page.nextBefore }, 200);
  });
}
