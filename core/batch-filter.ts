/**
 * Batch filtering: the items of a list whose relation holds for the request's identity, order
 * kept. With a service that offers `decideSet`, one question of the set rule
 * `<root>.check.allowed_object_ids` (the ids among `input.resource.object_ids` for which
 * `allowed` holds); without it, or for a policy that does not define that rule, checked
 * concurrently (at most `maxConcurrentChecks` calls at once, `decideBatch` when offered).
 */
import type { AuthzConfig } from './config.ts';
import type { RequestInfo } from './decision-check.ts';
import { DEFAULT_SUBJECT_TYPE, relationCheck } from './decision-flow.ts';
import { isFallbackDenial } from './denial.ts';
import { AccessDeniedError } from './errors.ts';
import { evaluateAll } from './evaluation.ts';
import { resolveScope } from './request-scope.ts';
import { evaluateAsSet, type SetPlan } from './set-evaluation.ts';

/**
 * The set rule a filter asks under `<root>.check`: the ids among `input.resource.object_ids` for
 * which `allowed` holds, the rest of the input as `allowed` has it (`object_type`, `relation`,
 * `subject_type` and the request's resource context).
 */
export const ALLOWED_OBJECT_IDS = 'allowed_object_ids';

/** What to check for each item. */
export interface FilterSpec<T> {
  readonly objectType: string;
  readonly relation: string;
  /** The item's object id; a throw or an empty id excludes the item. */
  readonly objectId: (item: T) => string;
  /** Default `user`. */
  readonly subjectType?: string;
  /**
   * An item the fallback denied (the service could not decide): `exclude` it like any denied item
   * (default), or `refuse` the whole call with an {@link AccessDeniedError} carrying that decision,
   * so that a list is never silently short while the service is away.
   */
  readonly undecided?: 'exclude' | 'refuse';
  /**
   * Ask one set question when the service offers `decideSet` (default `true`); `false` decides
   * item by item. A set question's cost grows with everything the caller reaches, not with the
   * list: a caller who reaches far more objects than the list holds is decided faster item by item.
   */
  readonly setQuestion?: boolean;
}

/**
 * Returns the items for which `spec.relation` holds, in input order.
 *
 * @throws {DecisionUnavailableError} on a transient failure without a circuit breaker
 * @throws {AccessDeniedError} with the fallback's decision, when `undecided` is `refuse` and the
 *   fallback denied an item
 * @example
 * const visible = await filterAuthorized(config, c, documents, {
 *   objectType: 'document', relation: 'can_read', objectId: (d) => String(d.id),
 * });
 */
export async function filterAuthorized<R, T>(
  config: AuthzConfig<R>,
  request: R,
  items: readonly T[],
  spec: FilterSpec<T>,
  info: RequestInfo = {},
): Promise<T[]> {
  if (items.length === 0) return [];
  const scope = await resolveScope(config, request, info);
  const { resourceContext, problem } = scope;
  const checks = items.map((item) => {
    let objectId = '';
    try {
      objectId = spec.objectId(item);
    } catch (error) {
      config.logger.error(`cannot read the object id of a ${spec.objectType}: ${String(error)}`);
    }
    return relationCheck(
      config.policyPathRoot,
      resourceContext,
      { objectType: spec.objectType, objectId, relation: spec.relation, subjectType: spec.subjectType },
      problem,
    );
  });
  const subjectType = spec.subjectType ?? DEFAULT_SUBJECT_TYPE;
  const plan: SetPlan = {
    decision: ALLOWED_OBJECT_IDS,
    resourceContext: (members) => ({
      ...resourceContext,
      object_type: spec.objectType,
      relation: spec.relation,
      subject_type: subjectType,
      object_ids: members,
    }),
    memberOf: (check) => check.relation?.objectId ?? '',
  };
  const decisions =
    spec.setQuestion === false ? await evaluateAll(scope, checks) : await evaluateAsSet(scope, checks, plan);
  if (spec.undecided === 'refuse') {
    const undecided = decisions.find((decision) => decision !== undefined && isFallbackDenial(decision));
    if (undecided) throw new AccessDeniedError(undecided.policyPath, { decision: undecided });
  }
  return items.filter((_, i) => decisions[i]?.allowed === true);
}
