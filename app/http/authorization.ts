/**
 * The application's authorization configuration: policy root `webapp`, the session identity, and
 * a resource context that carries the route's parameters and — for a signed-in user — the user's
 * location from the location service, so that every decision can apply the location rules.
 */

import {
  type AuditSink,
  type AuthzConfig,
  type Clock,
  createAuthzConfig,
  type DecisionService,
  type FallbackFunction,
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

const undecided = new WeakSet<object>();

/**
 * `cache_then_deny` that also remembers the request it denied: a denial the decision service did
 * not make is answered 503 (try again), not 403 (see {@link decidedWithoutService}).
 */
const cacheThenDenyRemembering: FallbackFunction = ({ staleDecision, request }) => {
  if (staleDecision !== undefined) return staleDecision;
  if (typeof request === 'object' && request !== null) undecided.add(request);
  return false;
};

/** Whether a decision about request `c` was denied because the decision service was unavailable. */
export function decidedWithoutService(c: Context): boolean {
  return undecided.has(c);
}

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
}

/**
 * The resource context provider: `{ ...route parameters, location: { country_code } }` (the country
 * `null` when it cannot be determined; no `location` without a user). One lookup per request.
 */
export function locationAwareResourceContext(
  location: LocationClient,
): (c: Context) => Promise<ResourceContext> {
  const perRequest = new WeakMap<Context, Promise<UserLocation>>();
  return async (c) => {
    const params = c.req.param() as Record<string, string>;
    const sub = (c.get('user') as { sub?: string } | null | undefined)?.sub;
    if (!sub) return params;
    let lookup = perRequest.get(c);
    if (!lookup) {
      lookup = location.locate(sub);
      perRequest.set(c, lookup);
    }
    return { ...params, location: { country_code: (await lookup).countryCode } };
  };
}

/**
 * The authorization configuration of the application: a circuit breaker with `cache_then_deny`
 * (remembering the requests it denied, {@link decidedWithoutService}),
 * the decision cache only when `decisionCacheTtlSeconds` > 0.
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
    circuitBreaker: {
      failureThreshold: 5,
      recoveryTimeout: 30,
      successThreshold: 2,
      fallback: cacheThenDenyRemembering,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.auditSink ? { auditLogger: { sink: options.auditSink } } : {}),
  });
}
