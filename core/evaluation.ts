/**
 * The evaluation shared by both decision flows: decision cache → circuit breaker → decision
 * service → cache store, with the fallback while the breaker is open or a call fails
 * transiently, one audit record, metric and span per decision. The breaker counts failed
 * requests, not failed calls: however many calls one evaluation makes, it records at most one
 * failure, so one caller's large list can never open the circuit for everyone; a call the
 * caller gave up (`cancelled`) tells nothing about the service and records nothing.
 */
import { cacheKeyOf } from './cache-key.ts';
import type { Check, Decision, Scope } from './decision-check.ts';
import { type Pending, recordDecision, recordsLatency, recordsNothing } from './decision-record.ts';
import { AuthzError, DecisionUnavailableError } from './errors.ts';
import { applyFallback } from './fallback.ts';
import { type DecisionQuery, DecisionServiceError } from './ports/decision-service.ts';
import { noopMetrics } from './ports/metrics.ts';
import { noopTracer, type Span } from './ports/tracing.ts';
import { Semaphore } from './semaphore.ts';

const NO_SPAN: Span = noopTracer.startSpan('', {});

/** The clock's time, for latencies: read only when metrics or audit record them (else 0). */
export function startTime<R>(scope: Scope<R>): number {
  return recordsLatency(scope.config) ? scope.config.clock.now() : 0;
}

function begin<R>(scope: Scope<R>, check: Check, started: number): Pending {
  const { config } = scope;
  const { tracer } = config;
  // The cache-hit path is hot: without a tracer, do not even build the attributes; without
  // metrics or audit (nothing records the latency), do not read the clock.
  const span =
    tracer === noopTracer
      ? NO_SPAN
      : tracer.startSpan('gatehouse.decision', {
          'gatehouse.policy_path': check.policyPath,
          'gatehouse.decision': check.decision,
        });
  return { check, key: undefined, started, span };
}

/** `[name]`, one frozen array per decision name: a list's queries share it instead of one each. */
const decisionLists = new Map<string, readonly string[]>();
function decisionsOf(name: string): readonly string[] {
  let names = decisionLists.get(name);
  if (!names) {
    names = Object.freeze([name]);
    // Decision names come from the configuration and the code, a handful; bounded all the same.
    if (decisionLists.size >= 1_000) decisionLists.clear();
    decisionLists.set(name, names);
  }
  return names;
}

function queryOf<R>(scope: Scope<R>, check: Check): DecisionQuery {
  return {
    identity: scope.identity,
    policyPath: check.policyPath,
    decisions: decisionsOf(check.decision),
    resourceContext: check.resourceContext,
  };
}

/** Looks `pending` up in the cache; returns the decision on a fresh hit. */
function fromCache<R>(scope: Scope<R>, pending: Pending): Decision | undefined {
  const { check } = pending;
  if (check.problem) return recordDecision(scope, pending, false, 'none', check.problem);
  const cache = scope.config.decisionCache;
  if (!cache) return undefined;
  try {
    pending.key = cacheKeyOf(scope.identity, check.policyPath, check.decision, check.resourceContext);
  } catch (error) {
    const code = error instanceof AuthzError ? error.code : 'invalid_resource_context';
    scope.config.logger.error(`cannot evaluate ${check.policyPath}: ${String(error)}`, { code });
    return recordDecision(scope, pending, false, 'none', code);
  }
  const entry = cache.fresh(pending.key);
  const { metrics } = scope.config;
  if (metrics !== noopMetrics) metrics.cacheLookup(entry !== undefined, cache.size);
  if (entry === undefined) return undefined;
  // Nothing records the decision: every hit of the entry is answered with one frozen record.
  if (recordsNothing(scope.config)) {
    entry.hit ??= Object.freeze(recordDecision(scope, pending, entry.value, 'cache'));
    return entry.hit as Decision;
  }
  return recordDecision(scope, pending, entry.value, 'cache');
}

/** The fallback's decision on `pending` (the breaker open, or the service failed). */
export async function fallback<R>(
  scope: Scope<R>,
  pending: Pending,
  reason: 'circuit_open' | 'service_failed',
  error?: unknown,
): Promise<Decision> {
  const { config } = scope;
  const strategy = config.circuitBreaker?.options.fallback ?? 'deny';
  const staleDecision = pending.key === undefined ? undefined : config.decisionCache?.getStale(pending.key);
  const allowed = await applyFallback(
    strategy,
    { reason, ...pending.check, identity: scope.identity, staleDecision, error, request: scope.request },
    config.logger,
  );
  const code = error instanceof AuthzError ? error.code : reason;
  return recordDecision(scope, pending, allowed, 'fallback', undefined, code);
}

/** Whether an evaluation (one request's checks) has already counted a failure with the breaker. */
export interface FailureBudget {
  spent: boolean;
}

/** A call failed: transient failures go to the fallback (or throw without a breaker); others deny. */
export async function failed<R>(
  scope: Scope<R>,
  pendings: readonly Pending[],
  permit: { epoch: number } | undefined,
  error: unknown,
  budget: FailureBudget,
): Promise<Decision[]> {
  const { config } = scope;
  const breaker = config.circuitBreaker;
  if (error instanceof DecisionServiceError && error.code === 'cancelled') {
    if (breaker && permit) breaker.release(permit);
    return pendings.map((p) => recordDecision(scope, p, false, 'service', error.code));
  }
  if (error instanceof DecisionServiceError && error.transient) {
    if (breaker && permit) {
      if (budget.spent) breaker.release(permit);
      else breaker.recordFailure(permit);
    }
    budget.spent = true;
    if (!breaker) {
      for (const p of pendings) recordDecision(scope, p, false, 'service', error.code);
      throw new DecisionUnavailableError(`decision service unavailable: ${error.message}`, { cause: error });
    }
    return Promise.all(pendings.map((p) => fallback(scope, p, 'service_failed', error)));
  }
  // The service answered (or the adapter broke its contract): not a breaker failure; deny and report.
  if (breaker && permit) breaker.recordSuccess(permit);
  const code = error instanceof AuthzError ? error.code : 'evaluation_failed';
  const paths = [...new Set(pendings.map((p) => p.check.policyPath))].join(', ');
  config.logger.error(`decision service error for ${paths}: ${String(error)}`, { code });
  return pendings.map((p) => recordDecision(scope, p, false, 'service', code));
}

/** Puts the cache misses to the service in one call (`decideBatch` when there are several). */
async function decideMisses<R>(
  scope: Scope<R>,
  pendings: readonly Pending[],
  budget: FailureBudget = { spent: false },
): Promise<Decision[]> {
  const { config } = scope;
  const breaker = config.circuitBreaker;
  // A call of this evaluation already failed transiently: the rest is not put to the service.
  if (breaker && budget.spent) return Promise.all(pendings.map((p) => fallback(scope, p, 'service_failed')));
  const permit = breaker?.acquire();
  // A change announced while the service decides clears the cache: these answers may predate it.
  const generation = config.decisionCache?.generation;
  if (breaker && !permit) return Promise.all(pendings.map((p) => fallback(scope, p, 'circuit_open')));
  let answers: readonly Readonly<Record<string, boolean>>[];
  try {
    const service = config.decisionService;
    const queries = pendings.map((p) => queryOf(scope, p.check));
    if (queries.length > 1 && service.decideBatch) {
      answers = await service.decideBatch(queries);
      if (!Array.isArray(answers) || answers.length !== queries.length) {
        throw new DecisionServiceError(
          'evaluation_failed',
          `decideBatch answered ${queries.length} queries wrongly`,
        );
      }
    } else {
      answers = await Promise.all(queries.map((q) => service.decide(q)));
    }
  } catch (error) {
    return failed(scope, pendings, permit, error, budget);
  }
  if (breaker && permit) breaker.recordSuccess(permit);
  // The answers of one call arrived together: one reading of the clock for all of them.
  const answered = startTime(scope);
  return pendings.map((p, i) => {
    const allowed = answers[i]?.[p.check.decision] === true;
    if (p.key !== undefined) config.decisionCache?.set(p.key, allowed, generation);
    return recordDecision(scope, p, allowed, 'service', undefined, undefined, answered);
  });
}

/**
 * Decides one check: a fresh cached decision, else the service through the breaker, else the
 * fallback. Never throws on denial or on a policy defect (those deny, reported). Synchronous when
 * the check needs no call (a cache hit, a check that cannot be put to the service).
 *
 * @throws {DecisionUnavailableError} on a transient failure when no circuit breaker is configured
 *   (as a rejected promise)
 */
export function evaluate<R>(scope: Scope<R>, check: Check): Decision | Promise<Decision> {
  const pending = begin(scope, check, startTime(scope));
  const cached = fromCache(scope, pending);
  if (cached) return cached;
  return decideMisses(scope, [pending]).then((decisions) => decisions[0]!);
}

/**
 * Decides several checks, results in input order: cache first, then the misses in calls of at
 * most `batchSize` queries (with `decideBatch`) or one query each, at most `maxConcurrentChecks`
 * calls in flight.
 *
 * @throws {DecisionUnavailableError} on a transient failure when no circuit breaker is configured
 */
export async function evaluateAll<R>(scope: Scope<R>, checks: readonly Check[]): Promise<Decision[]> {
  const { results, misses } = lookUp(scope, checks);
  await decideInGroups(scope, misses, { spent: false }, results);
  return results;
}

/** A check the cache did not answer, with its position in the results. */
export interface Miss {
  readonly pending: Pending;
  readonly index: number;
}

/** Starts every check and answers those the cache (or their own problem) decides; the rest are misses. */
export function lookUp<R>(
  scope: Scope<R>,
  checks: readonly Check[],
): { results: Decision[]; misses: Miss[] } {
  const results: Decision[] = new Array(checks.length);
  const misses: Miss[] = [];
  // The checks of a list start together: one reading of the clock for all of them.
  const started = startTime(scope);
  checks.forEach((check, index) => {
    const pending = begin(scope, check, started);
    const cached = fromCache(scope, pending);
    if (cached) results[index] = cached;
    else misses.push({ pending, index });
  });
  return { results, misses };
}

/**
 * Decides `misses` into `results`: in calls of at most `batchSize` queries (with `decideBatch`) or
 * one query each, at most `maxConcurrentChecks` calls in flight.
 */
export async function decideInGroups<R>(
  scope: Scope<R>,
  misses: readonly Miss[],
  budget: FailureBudget,
  results: Decision[],
): Promise<void> {
  const { config } = scope;
  const size = config.decisionService.decideBatch ? config.batchSize : 1;
  const groups: Miss[][] = [];
  for (let i = 0; i < misses.length; i += size) groups.push(misses.slice(i, i + size));
  const semaphore = new Semaphore(config.maxConcurrentChecks);
  await Promise.all(
    groups.map(async (group) => {
      const decisions = await semaphore.run(() =>
        decideMisses(
          scope,
          group.map((m) => m.pending),
          budget,
        ),
      );
      group.forEach((m, i) => {
        results[m.index] = decisions[i]!;
      });
    }),
  );
}
