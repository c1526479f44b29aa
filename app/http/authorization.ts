/**
 * The application's authorization configuration: policy root `webapp`, the session identity, and
 * a resource context that carries the route's parameters and — for a signed-in user — the user's
 * location from the location service, so that every decision can apply the location rules.
 */

import {
  type AuditSink,
  type AuthzConfig,
  type ChangeWatcher,
  type Clock,
  createAuthzConfig,
  type DecisionService,
  type Logger,
  type ResourceContext,
} from '@gatehousejs/core';
import type { Context } from 'hono';
import { sessionIdentity } from '../auth/index.ts';
import type { LocationClient, UserLocation } from '../location/index.ts';

/** The first segment of every policy path of the application. */
export const POLICY_ROOT = 'webapp';

/**
 * Paths the authorization middleware leaves alone: the health check, sign-in and the API
 * description (anchored: `/health` does not exclude `/healthz`).
 */
export const EXCLUDED_PATHS: readonly string[] = Object.freeze([
  '^/health$',
  '^/login$',
  '^/auth/callback$',
  '^/logout$',
  '^/openapi\\.json$',
]);

/** What {@link createAppAuthz} needs. */
export interface AppAuthzOptions {
  readonly decisionService: DecisionService;
  readonly location: LocationClient;
  /** Lifetime of cached decisions in seconds; 0 (default) turns the cache off. */
  readonly decisionCacheTtlSeconds?: number;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Where the audit logger writes one record per decision (the access log); none when absent. */
  readonly auditSink?: AuditSink;
  /** Tells of directory changes: cached decisions are forgotten on each. */
  readonly changes?: ChangeWatcher;
}

/**
 * Calls one list's decisions may have in flight at once (batches of 100). Each batch costs the
 * decision service work in proportion to its size (Topaz: about 1 ms of its processor per
 * document); with ten batches at once, as core's default allows, every call of a page of 1,000
 * finishes only when nearly the whole page is done, so each call ran past its deadline (a 503 for
 * the list). Two at a time: a call takes the time of its own batch, and one user's list leaves the
 * rest of the service's connections and processors to everyone else.
 */
export const LIST_CALLS_IN_FLIGHT = 2;

/**
 * The resource context provider: `{ ...route parameters, location: { country_code } }` (the country
 * `null` when it cannot be determined; no `location` without a user). One lookup per request.
 */
export function locationAwareResourceContext(
  location: LocationClient,
): (c: Context) => Promise<ResourceContext> {
  return async (c) => {
    const params = c.req.param() as Record<string, string>;
    const sub = (c.get('user') as { sub?: string } | null | undefined)?.sub;
    if (!sub) return params;
    let lookup = c.get('locationLookup') as Promise<UserLocation> | undefined;
    if (!lookup) {
      lookup = location.locate(sub);
      c.set('locationLookup', lookup);
    }
    return { ...params, location: { country_code: (await lookup).countryCode } };
  };
}

/**
 * The authorization configuration of the application: a circuit breaker with `cache_then_deny`
 * (the error mapping answers its denials 503, try again), the decision cache only when
 * `decisionCacheTtlSeconds` > 0, cleared on every change `changes` tells of.
 *
 * @example
 * const authz = createAppAuthz({ decisionService: engine, location });
 */
export function createAppAuthz(options: AppAuthzOptions): AuthzConfig<Context> {
  const ttl = options.decisionCacheTtlSeconds ?? 0;
  return createAuthzConfig<Context>({
    policyPathRoot: POLICY_ROOT,
    decisionService: options.decisionService,
    identityProvider: sessionIdentity,
    resourceContextProvider: locationAwareResourceContext(options.location),
    ...(ttl > 0 ? { decisionCache: { ttlSeconds: ttl, maxSize: 10_000 } } : {}),
    ...(options.changes ? { changeWatcher: options.changes } : {}),
    maxConcurrentChecks: LIST_CALLS_IN_FLIGHT,
    circuitBreaker: {
      failureThreshold: 5,
      recoveryTimeout: 30,
      successThreshold: 2,
      fallback: 'cache_then_deny',
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.auditSink ? { auditLogger: { sink: options.auditSink } } : {}),
  });
}
