/**
 * `GET /health`: whether this replica can serve — its database answers, the decision service's
 * circuit is not open, and the directory answers — with the state of each and of the directory
 * outbox, so that a load balancer stops sending traffic to a replica that could only answer 503.
 * Not authorized: it says nothing about anyone's data. The directory is probed at most every
 * 2 seconds, whatever the rate of health checks.
 */
import type { BreakerStateName, RelationDirectory } from '@gatehousejs/core';
import { createRoute, z } from '@hono/zod-openapi';
import { createRepositories, type Database } from '../db/index.ts';
import type { OutboxRelay } from '../directory-sync/index.ts';
import { jsonResponse } from './common-wire.ts';
import type { ApiApp } from './route-deps.ts';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unavailable']),
    decision_service: z.object({ breaker: z.enum(['closed', 'open', 'half_open']) }),
    directory: z.enum(['ok', 'unavailable']),
    directory_outbox: z.object({ pending: z.int().nullable(), consecutive_failures: z.int() }),
  })
  .openapi('Health');

/** What `/health` looks at. */
export interface HealthDeps {
  readonly sql: Database;
  readonly relay: OutboxRelay;
  /** The decision service's circuit breaker state. */
  readonly breaker: () => BreakerStateName;
  /** The directory the decisions read (probed with one small read). */
  readonly directory: RelationDirectory;
}

const PROBE_INTERVAL_MS = 2_000;

/**
 * Registers `/health` on `app`.
 *
 * @example
 * registerHealthRoute(app, { sql, relay, breaker: () => authz.circuitBreaker?.state ?? 'closed', directory });
 */
export function registerHealthRoute(app: ApiApp, deps: HealthDeps): void {
  const outbox = createRepositories(deps.sql).directoryOutbox;
  let probe: { at: number; reachable: Promise<boolean> } | undefined;
  const directoryReachable = () => {
    if (!probe || Date.now() - probe.at > PROBE_INTERVAL_MS) {
      const reachable = deps.directory
        .getRelations({ objectType: 'user', objectId: 'gatehouse-health-probe' })
        .then(
          () => true,
          () => false,
        );
      probe = { at: Date.now(), reachable };
    }
    return probe.reachable;
  };
  const route = createRoute({
    method: 'get',
    path: '/health',
    tags: ['health'],
    summary: 'Health and readiness (not authorized)',
    responses: {
      200: jsonResponse(healthSchema, 'Serving'),
      503: jsonResponse(
        healthSchema,
        'The database or the directory does not answer, or the decision service circuit is open',
      ),
    },
  });
  app.openapi(route, async (c) => {
    const [pending, reachable] = await Promise.all([
      outbox.countPending().catch(() => null),
      directoryReachable(),
    ]);
    const database = pending === null ? 'unavailable' : 'ok';
    const directory = reachable ? 'ok' : 'unavailable';
    const breaker = deps.breaker();
    const serving = database === 'ok' && directory === 'ok' && breaker !== 'open';
    const body = {
      status: serving ? 'ok' : 'unavailable',
      database,
      decision_service: { breaker },
      directory,
      directory_outbox: { pending, consecutive_failures: deps.relay.status().consecutiveFailures },
    } as const;
    return serving ? c.json(body, 200) : c.json(body, 503);
  });
}
