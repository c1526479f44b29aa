/**
 * Hierarchical relationship checks: ordered levels `(objectType, paramName, relation)` such as
 * organization → project → document, decided in mode `all` (default), `any` or `first_match`.
 */
import type { AuthzConfig } from './config.ts';
import type { Decision, RequestInfo } from './decision-check.ts';
import { relationCheck } from './decision-flow.ts';
import { evaluate, evaluateAll } from './evaluation.ts';
import { arrayField, choiceField, optionObject, predicate } from './option-schema.ts';
import { parseOptions } from './options.ts';
import { resolveScope } from './request-scope.ts';

/** How levels combine: every level (`all`), some level (`any`), or the first allowing level in order. */
export const HIERARCHY_MODES = ['all', 'any', 'first_match'] as const;
/** A hierarchy mode. */
export type HierarchyMode = (typeof HIERARCHY_MODES)[number];

/** One level: the relation required on the object whose id is route parameter `paramName`. */
export interface HierarchyLevel {
  readonly objectType: string;
  readonly paramName: string;
  readonly relation: string;
}

/** A level as an object or as a tuple `[objectType, paramName, relation]`. */
export type HierarchyLevelInput = HierarchyLevel | readonly [string, string, string];

const isName = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isLevel = (value: unknown): value is HierarchyLevelInput =>
  Array.isArray(value)
    ? value.length === 3 && value.every(isName)
    : typeof value === 'object' &&
      value !== null &&
      isName((value as HierarchyLevel).objectType) &&
      isName((value as HierarchyLevel).paramName) &&
      isName((value as HierarchyLevel).relation);
const LevelField = predicate<HierarchyLevelInput>(
  isLevel,
  'must be { objectType, paramName, relation } or [objectType, paramName, relation], each a non-empty string',
).map((level): HierarchyLevel => {
  const [objectType, paramName, relation] = Array.isArray(level)
    ? (level as readonly [string, string, string])
    : [
        (level as HierarchyLevel).objectType,
        (level as HierarchyLevel).paramName,
        (level as HierarchyLevel).relation,
      ];
  return { objectType, paramName, relation };
});
const HierarchySchema = optionObject({
  levels: arrayField(LevelField, { minItems: 1, message: 'must hold at least one level' }),
  mode: choiceField(HIERARCHY_MODES).default('all'),
});

/**
 * Validates levels and mode once, when a guard is built.
 *
 * @param mode - default `all`
 * @throws {AuthzConfigError} `levels` when the list is empty or a level is malformed, `mode` when unknown
 */
export function hierarchyOf(
  levels: readonly HierarchyLevelInput[],
  mode?: HierarchyMode,
): { levels: HierarchyLevel[]; mode: HierarchyMode } {
  return parseOptions(HierarchySchema, { levels, mode });
}

/** The outcome of a hierarchy check. */
export interface HierarchyResult {
  readonly allowed: boolean;
  /** The decision of every level evaluated, in level order (later levels may be skipped). */
  readonly decisions: readonly { readonly level: HierarchyLevel; readonly decision: Decision }[];
  /** With `first_match`: the first level that allowed. */
  readonly matched?: HierarchyLevel;
  /** The `<root>.check` policy path, for the denial message. */
  readonly policyPath: string;
}

/**
 * Checks the levels in turn. `all`: every level must allow (stops at the first denial); `any`:
 * some level must allow (levels checked concurrently); `first_match`: levels in order, stops at
 * the first that allows and reports it as `matched`.
 *
 * @param objectIdOf - the object id of a level (the route parameter); empty denies that level
 * @throws {DecisionUnavailableError} on a transient failure without a circuit breaker
 */
export async function checkHierarchy<R>(
  config: AuthzConfig<R>,
  request: R,
  hierarchy: { levels: readonly HierarchyLevel[]; mode: HierarchyMode },
  objectIdOf: (level: HierarchyLevel) => string | undefined,
  options: { info?: RequestInfo; subjectType?: string } = {},
): Promise<HierarchyResult> {
  const scope = await resolveScope(config, request, options.info ?? {});
  const { resourceContext, problem } = scope;
  const checkOf = (level: HierarchyLevel) =>
    relationCheck(
      config.policyPathRoot,
      resourceContext,
      { ...level, objectId: objectIdOf(level) ?? '', subjectType: options.subjectType },
      problem,
    );
  const policyPath = `${config.policyPathRoot}.check`;
  if (hierarchy.mode === 'any') {
    const decided = await evaluateAll(scope, hierarchy.levels.map(checkOf));
    const decisions = hierarchy.levels.map((level, i) => ({ level, decision: decided[i]! }));
    return { allowed: decisions.some((d) => d.decision.allowed), decisions, policyPath };
  }
  const decisions: { level: HierarchyLevel; decision: Decision }[] = [];
  for (const level of hierarchy.levels) {
    const decision = await evaluate(scope, checkOf(level));
    decisions.push({ level, decision });
    if (hierarchy.mode === 'all' && !decision.allowed) return { allowed: false, decisions, policyPath };
    if (hierarchy.mode === 'first_match' && decision.allowed) {
      return { allowed: true, decisions, matched: level, policyPath };
    }
  }
  return { allowed: hierarchy.mode === 'all', decisions, policyPath };
}
