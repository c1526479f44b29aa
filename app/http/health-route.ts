/**
 * `GET /health`: whether the application can serve (its database answers), with the state of
 * the directory outbox. Not authorized: it says nothing about anyone's data.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRepositories, type Database } from '../db/index.ts';
import type { OutboxRelay } from '../directory-sync/index.ts';
import { jsonResponse } from './common-wire.ts';
import type { ApiApp } from './route-deps.ts';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unavailable']),
    directory_outbox: z.object({ pending: z.int().nullable(), consecutive_failures: z.int() }),
  })
  .openapi('Health');

/**
 * Registers `/health` on `app`.
 *
 * @example
 * registerHealthRoute(app, { sql, relay });
 */
export function registerHealthRoute(app: ApiApp, deps: { sql: Database; relay: OutboxRelay }): void {
  const outbox = createRepositories(deps.sql).directoryOutbox;
  const route = createRoute({
    method: 'get',
    path: '/health',
    tags: ['health'],
    summary: 'Health check (not authorized)',
    responses: {
      200: jsonResponse(healthSchema, 'Serving'),
      503: jsonResponse(healthSchema, 'The database does not answer'),
    },
  });
  app.openapi(route, async (c) => {
    const pending = await outbox.countPending().catch(() => null);
    const database = pending === null ? 'unavailable' : 'ok';
    const body = {
      status: database,
      database,
      directory_outbox: { pending, consecutive_failures: deps.relay.status().consecutiveFailures },
    } as const;
    return database === 'ok' ? c.json(body, 200) : c.json(body, 503);
  });
}
