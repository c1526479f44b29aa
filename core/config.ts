/**
 * The authorization configuration: `createAuthzConfig(options)` validates everything once, at
 * start-up, and returns the object every flow and adapter reads.
 */
import { AuditLogger, type AuditLoggerOptions } from './audit-logger.ts';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.ts';
import { DecisionCache, type DecisionCacheOptions } from './decision-cache.ts';
import { AuthzConfigError } from './errors.ts';
import { fallbackMayAllow } from './fallback.ts';
import type { Identity } from './identity.ts';
import { anyField, numberField, type OptionInput, optionObject, predicate } from './option-schema.ts';
import { parseOptions } from './options.ts';
import { isPackagePath } from './policy-path.ts';
import type { ChangeWatcher } from './ports/change-watcher.ts';
import { type Clock, systemClock } from './ports/clock.ts';
import type { DecisionService, ResourceContext } from './ports/decision-service.ts';
import { consoleLogger, type Logger } from './ports/logger.ts';
import { type AuthzMetrics, noopMetrics } from './ports/metrics.ts';
import { noopTracer, type Tracer } from './ports/tracing.ts';

/** Extracts the caller of a request; returns `IDENTITY_TYPE_NONE` when there is none. */
export type IdentityProvider<R> = (request: R) => Identity | Promise<Identity>;
/** Builds the mapping policies see as `input.resource.*` for a request. */
export type ResourceContextProvider<R> = (request: R) => ResourceContext | Promise<ResourceContext>;

const fn = (what: string) =>
  predicate<(...args: never[]) => unknown>((v) => typeof v === 'function', `must be ${what}`);
const port = <T>(method: string, what: string) =>
  predicate<T>(
    (v) =>
      typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>)[method] === 'function',
    `must be ${what}`,
  );

/** The validated options of {@link createAuthzConfig}; the schema holds the defaults. */
export const AuthzOptionsSchema = optionObject({
  policyPathRoot: predicate<string>(
    (v) => typeof v === 'string' && isPackagePath(v),
    'must be a dotted Rego package path such as "webapp"',
  ),
  decisionService: port<DecisionService>('decide', 'a DecisionService (an object with decide())'),
  identityProvider: fn('a function request -> Identity'),
  resourceContextProvider: fn('a function request -> mapping').optional(),
  decisionCache: anyField().optional(),
  /** Tells of changes decisions rest on: the decision cache is cleared on each (see {@link ChangeWatcher}). */
  changeWatcher: port<ChangeWatcher>('subscribe', 'a ChangeWatcher (an object with subscribe())').optional(),
  circuitBreaker: anyField().optional(),
  auditLogger: anyField().optional(),
  /** Concurrent checks per batch filtering call (default 10). */
  maxConcurrentChecks: numberField({ integer: true, min: 1 }).default(10),
  /** Queries per `decideBatch` call when the service offers one (default 100). */
  batchSize: numberField({ integer: true, min: 1 }).default(100),
  metrics: port<AuthzMetrics>('decision', 'an AuthzMetrics').optional(),
  tracer: port<Tracer>('startSpan', 'a Tracer').optional(),
  logger: port<Logger>('error', 'a Logger').optional(),
  clock: port<Clock>('now', 'a Clock').optional(),
});

/** Options of {@link createAuthzConfig} for requests of type `R` (a Hono `Context`, …). */
export type AuthzOptions<R> = Omit<
  OptionInput<typeof AuthzOptionsSchema>,
  'identityProvider' | 'resourceContextProvider' | 'decisionCache' | 'circuitBreaker' | 'auditLogger'
> & {
  identityProvider: IdentityProvider<R>;
  resourceContextProvider?: ResourceContextProvider<R>;
  /** A cache, or its options `{ ttlSeconds, maxSize }`; absent: no caching. */
  decisionCache?: DecisionCache | DecisionCacheOptions;
  /** A breaker, or its options; absent: a transient failure is "decision unavailable" (503). */
  circuitBreaker?: CircuitBreaker | CircuitBreakerOptions;
  /** An audit logger, or its options (`{}` for JSON lines on stdout); absent: no audit. */
  auditLogger?: AuditLogger | AuditLoggerOptions;
};

/** The resolved configuration every flow and adapter reads. */
export interface AuthzConfig<R = unknown> {
  readonly policyPathRoot: string;
  readonly decisionService: DecisionService;
  readonly identityProvider: IdentityProvider<R>;
  readonly resourceContextProvider?: ResourceContextProvider<R>;
  readonly decisionCache?: DecisionCache;
  /** The watcher whose notices clear the decision cache, when one was given. */
  readonly changeWatcher?: ChangeWatcher;
  readonly circuitBreaker?: CircuitBreaker;
  readonly auditLogger?: AuditLogger;
  readonly maxConcurrentChecks: number;
  readonly batchSize: number;
  readonly metrics: AuthzMetrics;
  readonly tracer: Tracer;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Whether {@link AuthzConfig.close} has been called (every check then fails as unavailable). */
  readonly closed: boolean;
  /** Releases the cache and the breaker; idempotent. The decision service is yours to close. */
  close(): Promise<void>;
}

function build<T, O>(
  value: unknown,
  field: string,
  Class: new (options: O, deps: { clock: Clock }) => T,
  clock: Clock,
): T | undefined {
  if (value === undefined || value instanceof Class) return value as T | undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthzConfigError(field, `must be a ${Class.name} or its options object`);
  }
  return new Class(value as O, { clock });
}

/**
 * Validates `options` and builds the configuration. Sub-objects may be given as instances or as
 * their options. A bad value throws an {@link AuthzConfigError} naming the field; a fallback that
 * may allow (`allow`, `cache_then_allow`) is warned about through `logger`.
 *
 * @param options - see {@link AuthzOptionsSchema}; defaults: `maxConcurrentChecks` 10, `batchSize` 100,
 *   no cache, breaker or audit; no-op metrics and tracing; console logger; system clock
 * @example
 * const config = createAuthzConfig({
 *   policyPathRoot: 'webapp',
 *   decisionService: engine,
 *   identityProvider: identityFromHeader('X-User-ID'),
 *   decisionCache: { ttlSeconds: 30, maxSize: 10_000 },
 *   changeWatcher: relationStore, // a change to the relations clears the cache
 *   circuitBreaker: { failureThreshold: 5, recoveryTimeout: 30, successThreshold: 2 },
 * });
 */
export function createAuthzConfig<R>(options: AuthzOptions<R>): AuthzConfig<R> {
  const o = parseOptions(AuthzOptionsSchema, options);
  const clock = o.clock ?? systemClock;
  const logger = o.logger ?? consoleLogger;
  const metrics = o.metrics ?? noopMetrics;
  const decisionCache = build(o.decisionCache, 'decisionCache', DecisionCache, clock);
  const circuitBreaker = build(o.circuitBreaker, 'circuitBreaker', CircuitBreaker, clock);
  const auditLogger = build(o.auditLogger, 'auditLogger', AuditLogger, clock);
  if (circuitBreaker && fallbackMayAllow(circuitBreaker.options.fallback)) {
    logger.warn(
      `circuit breaker fallback "${circuitBreaker.options.fallback}" allows requests while the decision service is unavailable`,
    );
  }
  const unsubscribe = circuitBreaker?.onTransition((from, to) => metrics.breakerTransition(from, to));
  // Without a cache there is nothing a change could make stale here.
  const unwatch = decisionCache && o.changeWatcher?.subscribe(() => decisionCache.clear());
  let closed = false;
  return {
    policyPathRoot: o.policyPathRoot,
    decisionService: o.decisionService,
    identityProvider: o.identityProvider as IdentityProvider<R>,
    resourceContextProvider: o.resourceContextProvider as ResourceContextProvider<R> | undefined,
    decisionCache,
    ...(o.changeWatcher ? { changeWatcher: o.changeWatcher } : {}),
    circuitBreaker,
    auditLogger,
    maxConcurrentChecks: o.maxConcurrentChecks,
    batchSize: o.batchSize,
    metrics,
    tracer: o.tracer ?? noopTracer,
    logger,
    clock,
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe?.();
      unwatch?.();
      decisionCache?.clear();
      circuitBreaker?.close();
    },
  };
}
