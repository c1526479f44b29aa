/**
 * Deciding many checks of one policy path with one set-valued decision: where the service offers
 * `decideSet` and the policy defines the set rule, the checks the cache does not answer are put
 * to the service as one question — which of these members does the rule hold for? — instead of
 * one decision each. Every check still gets its own decision, audit record and cache entry, and
 * the breaker and fallback work as for a batch (one request records at most one failure). A
 * policy without the set rule is asked check by check.
 */
import type { Check, Decision, Scope } from './decision-check.ts';
import { recordDecision } from './decision-record.ts';
import {
  decideInGroups,
  evaluateAll,
  type FailureBudget,
  failed,
  fallback,
  lookUp,
  type Miss,
  startTime,
} from './evaluation.ts';
import { DecisionServiceError, type ResourceContext } from './ports/decision-service.ts';

/** How checks become one set question. */
export interface SetPlan {
  /** The set rule, under the checks' policy path. */
  readonly decision: string;
  /** The resource context of the question about `members`. */
  readonly resourceContext: (members: readonly string[]) => ResourceContext;
  /** The member a check asks about (e.g. its object id). */
  readonly memberOf: (check: Check) => string;
}

/**
 * Members per set question, at most: the service's work grows with the members asked about, so a
 * very long list goes in several questions, one after another.
 */
export const SET_QUESTION_MEMBERS = 1_000;

/** One set question for `pendings`; `undefined` when the policy does not define the rule. */
async function decideAsSet<R>(
  scope: Scope<R>,
  misses: readonly Miss[],
  plan: SetPlan,
  budget: FailureBudget,
): Promise<Decision[] | undefined> {
  const { config } = scope;
  const service = config.decisionService;
  const breaker = config.circuitBreaker;
  const pendings = misses.map((m) => m.pending);
  if (breaker && budget.spent) return Promise.all(pendings.map((p) => fallback(scope, p, 'service_failed')));
  const permit = breaker?.acquire();
  const generation = config.decisionCache?.generation;
  if (breaker && !permit) return Promise.all(pendings.map((p) => fallback(scope, p, 'circuit_open')));
  const members = [...new Set(pendings.map((p) => plan.memberOf(p.check)))];
  const first = pendings[0]!.check;
  let found: readonly string[] | undefined;
  try {
    found = await service.decideSet!({
      identity: scope.identity,
      policyPath: first.policyPath,
      decision: plan.decision,
      resourceContext: plan.resourceContext(members),
    });
    if (found !== undefined && !Array.isArray(found)) {
      throw new DecisionServiceError('evaluation_failed', `decideSet answered ${first.policyPath} wrongly`);
    }
  } catch (error) {
    return failed(scope, pendings, permit, error, budget);
  }
  if (breaker && permit) breaker.recordSuccess(permit);
  if (found === undefined) return undefined;
  const held = new Set(found);
  const answered = startTime(scope);
  return pendings.map((p) => {
    const allowed = held.has(plan.memberOf(p.check));
    if (p.key !== undefined) config.decisionCache?.set(p.key, allowed, generation);
    return recordDecision(scope, p, allowed, 'service', undefined, undefined, answered);
  });
}

/**
 * Decides `checks` (all of one policy path), results in input order: cache first, then the
 * misses as set questions of at most {@link SET_QUESTION_MEMBERS} members when the service offers
 * `decideSet`, else (or when the policy lacks the set rule) as {@link evaluateAll} does.
 *
 * @throws {DecisionUnavailableError} on a transient failure when no circuit breaker is configured
 */
export async function evaluateAsSet<R>(
  scope: Scope<R>,
  checks: readonly Check[],
  plan: SetPlan,
): Promise<Decision[]> {
  if (!scope.config.decisionService.decideSet) return evaluateAll(scope, checks);
  const { results, misses } = lookUp(scope, checks);
  const budget: FailureBudget = { spent: false };
  for (let start = 0; start < misses.length; start += SET_QUESTION_MEMBERS) {
    const part = misses.slice(start, start + SET_QUESTION_MEMBERS);
    const decided = await decideAsSet(scope, part, plan, budget);
    if (!decided) {
      await decideInGroups(scope, misses.slice(start), budget, results);
      break;
    }
    part.forEach((m, i) => {
      results[m.index] = decided[i]!;
    });
  }
  return results;
}
