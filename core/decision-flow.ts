/**
 * The two decision flows of the specification, written once for every adapter: the policy check
 * (identity → cache → breaker → service → cache store → allow/deny) and the relationship check
 * (`<root>.check` with object_type, object_id, relation and subject_type).
 */
import type { AuthzConfig } from './config.ts';
import type { Check, Decision, RequestInfo } from './decision-check.ts';
import { DecisionUnavailableError } from './errors.ts';
import { evaluate, evaluateAll } from './evaluation.ts';
import type { ResourceContext } from './ports/decision-service.ts';
import { repeatedHit } from './repeated-hit.ts';
import { resolveScope, type ScopeResult } from './request-scope.ts';

/** The decision rule every flow asks for. */
export const ALLOWED_DECISION = 'allowed';
/** The subject type of relationship checks unless a guard says otherwise. */
export const DEFAULT_SUBJECT_TYPE = 'user';

/** A relationship question about the request's identity. */
export interface RelationSpec {
  readonly objectType: string;
  /** The object's id; empty denies (as an error: the route did not provide it). */
  readonly objectId: string;
  /** Relation or permission, e.g. `can_read`. */
  readonly relation: string;
  /** Default `user`. */
  readonly subjectType?: string;
}

// The relationship flow's policy path of the last root asked: the checks of a list share one
// string (built once, hashed once by every map that looks it up), not one per item.
let lastRoot: string | undefined;
let lastCheckPath = '';
function checkPath(policyPathRoot: string): string {
  if (policyPathRoot !== lastRoot) {
    lastCheckPath = `${policyPathRoot}.check`;
    lastRoot = policyPathRoot;
  }
  return lastCheckPath;
}

/**
 * The check of the relationship flow: `<root>.check`, decision `allowed`, with
 * `input.resource = { ...providerMapping, object_type, object_id, relation, subject_type }`
 * (the relationship keys win over the resource context provider's).
 */
export function relationCheck(
  policyPathRoot: string,
  resourceContext: ResourceContext,
  spec: RelationSpec,
  problem?: string,
): Check {
  const { objectType, objectId, relation } = spec;
  const missing = typeof objectId !== 'string' || objectId === '' ? 'missing_object_id' : undefined;
  const issue = problem ?? missing;
  const resource = copyOf(resourceContext);
  resource.object_type = objectType;
  resource.object_id = objectId;
  resource.relation = relation;
  resource.subject_type = spec.subjectType ?? DEFAULT_SUBJECT_TYPE;
  const check: Check = {
    policyPath: checkPath(policyPathRoot),
    decision: ALLOWED_DECISION,
    resourceContext: resource,
    relation: { objectType, objectId, relation },
  };
  return issue ? { ...check, problem: issue } : check;
}

/**
 * A shallow copy to extend. (A list checks every item with the request's context: an object
 * spread with added keys, `{ ...context, object_id }`, costs microseconds per item on V8 where a
 * copy and four stores cost a tenth of one.) A context with an own `__proto__` key is spread,
 * which keeps that key as data where assigning it would set the copy's prototype.
 */
function copyOf(context: ResourceContext): Record<string, unknown> {
  return Object.hasOwn(context, '__proto__') ? { ...context } : Object.assign({}, context);
}

/**
 * The policy flow: evaluates `decision` (default `allowed`) of `policyPath` for the request's
 * identity and resource context. Adapters turn a denial into 403.
 *
 * @throws {DecisionUnavailableError} on a transient failure without a circuit breaker
 * @example
 * const d = await checkPolicy(config, c, 'webapp.GET.api.documents', { method: 'GET', path: '/api/documents' });
 * if (!d.allowed) throw new AccessDeniedError(d.policyPath);
 */
export async function checkPolicy<R>(
  config: AuthzConfig<R>,
  request: R,
  policyPath: string,
  info: RequestInfo = {},
  decision: string = ALLOWED_DECISION,
): Promise<Decision> {
  return decidePolicy(config, request, policyPath, info, decision);
}

/**
 * {@link checkPolicy} for adapters on the hot path: the decision itself when nothing had to be
 * waited for (synchronous providers and a cache hit, or a check that cannot be put to the
 * service), a promise otherwise — so that a cache hit costs no promise and no pause.
 *
 * @throws {DecisionUnavailableError} synchronously when the configuration is closed; as a
 *   rejected promise on a transient failure without a circuit breaker
 */
export function decidePolicy<R>(
  config: AuthzConfig<R>,
  request: R,
  policyPath: string,
  info: RequestInfo,
  decision: string = ALLOWED_DECISION,
): Decision | Promise<Decision> {
  const resolved = resolveScope(config, request, info);
  if (resolved instanceof Promise) {
    return resolved.then((later) => evaluate(later, policyCheck(policyPath, decision, later)));
  }
  if (resolved.problem === undefined) {
    const repeated = repeatedHit(config, resolved.identity, policyPath, decision, resolved.resourceContext);
    if (repeated !== undefined) return repeated;
  }
  return evaluate(resolved, policyCheck(policyPath, decision, resolved));
}

function policyCheck<R>(policyPath: string, decision: string, resolved: ScopeResult<R>): Check {
  const { resourceContext, problem } = resolved;
  return problem
    ? { policyPath, decision, resourceContext, problem }
    : { policyPath, decision, resourceContext };
}

/**
 * The relationship flow: whether the request's identity holds `spec.relation` on the object.
 *
 * @throws {DecisionUnavailableError} on a transient failure without a circuit breaker
 */
export async function checkRelation<R>(
  config: AuthzConfig<R>,
  request: R,
  spec: RelationSpec,
  info: RequestInfo = {},
): Promise<Decision> {
  const resolved = resolveScope(config, request, info);
  const scope = resolved instanceof Promise ? await resolved : resolved;
  const decided = evaluate(
    scope,
    relationCheck(config.policyPathRoot, scope.resourceContext, spec, scope.problem),
  );
  return decided instanceof Promise ? await decided : decided;
}

/**
 * Several relations on one object at once, for user interfaces: `{ [relation]: boolean }`.
 * Never throws on denial; when the service is unavailable (no breaker) every relation is false.
 */
export async function checkRelations<R>(
  config: AuthzConfig<R>,
  request: R,
  objectType: string,
  objectId: string,
  relations: readonly string[],
  options: { info?: RequestInfo; subjectType?: string } = {},
): Promise<Record<string, boolean>> {
  const result: Record<string, boolean> = {};
  for (const relation of relations) result[relation] = false;
  try {
    const scope = await resolveScope(config, request, options.info ?? {});
    const { resourceContext, problem } = scope;
    const checks = relations.map((relation) =>
      relationCheck(
        config.policyPathRoot,
        resourceContext,
        { objectType, objectId, relation, subjectType: options.subjectType },
        problem,
      ),
    );
    const decisions = await evaluateAll(scope, checks);
    relations.forEach((relation, i) => {
      result[relation] = decisions[i]?.allowed === true;
    });
  } catch (error) {
    if (!(error instanceof DecisionUnavailableError)) throw error;
    config.logger.warn(`relations on ${objectType}:${objectId} reported false: ${error.message}`);
  }
  return result;
}
