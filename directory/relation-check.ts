/**
 * Topaz's check resolution over the in-memory index: direct and wildcard grants, subject sets
 * (`group#member`), arrows (`parent->can_read`, including arrows through subject sets),
 * union, intersection and exclusion. A relation name and a permission name are both checkable,
 * as in Topaz. Each check memoizes its sub-checks; a sub-check met again while still being
 * evaluated (a cycle) counts as `false` for that branch, and results that depended on such an
 * open branch are not memoized. Depth and the number of sub-checks are bounded.
 */
import type { RelationCheck } from '@gatehousejs/core';
import type { CheckPlan, DefinitionPlan, PermissionPlan, RelationPlan, TermPlan } from './check-plan.ts';
import type { ObjectNode } from './object-node.ts';
import type { CheckResult } from './relation-store.ts';
import { SubCheckMemo } from './sub-check-memo.ts';
import type { SubjectBucket } from './subject-bucket.ts';

/** What a check reads of an index: an object's buckets and Topaz's two pre-conditions. */
export interface CheckIndex {
  /** The buckets of an object, or `undefined` when it is the object of no relation. */
  node(objectType: string, objectId: string): ObjectNode | undefined;
  /** Whether the object is the object of at least one relation. */
  isRelationObject(type: string, id: string): boolean;
  /** Whether the subject is the subject of at least one relation. */
  isRelationSubject(type: string, id: string): boolean;
}

/** Bounds of one check. */
export interface CheckLimits {
  /** Longest chain of nested sub-checks; deeper branches count as `false`. */
  readonly maxDepth: number;
  /** Most sub-checks one check may evaluate; beyond it the check is `false` with a reason. */
  readonly maxVisits: number;
}

class VisitBudgetExceeded extends Error {}

const describe = (definition: DefinitionPlan, objectId: string) =>
  `${definition.objectType}:${objectId}#${definition.name}`;

// Memo values: a depth (>= 0) while the sub-check is open, then one of these.
const FALSE = -1;
const TRUE = -2;

/** One check: the subject is fixed, sub-checks vary by object, definition and arrow tail. */
export class CheckRun {
  readonly #plan: CheckPlan;
  readonly #index: CheckIndex;
  readonly #limits: CheckLimits;
  readonly #subjectType: number;
  readonly #subjectId: string;
  readonly #memo = new SubCheckMemo();
  #depth = 0;
  #visits = 0;
  #lowestOpen = Number.POSITIVE_INFINITY;
  #reason: string | undefined;

  constructor(
    plan: CheckPlan,
    index: CheckIndex,
    limits: CheckLimits,
    subjectType: string,
    subjectId: string,
  ) {
    this.#plan = plan;
    this.#index = index;
    this.#limits = limits;
    this.#subjectType = plan.typeOrdinals.get(subjectType) ?? -1;
    this.#subjectId = subjectId;
  }

  /** Whether the subject has `name` (relation or permission) on the object; the step count restarts. */
  holds(objectType: string, objectId: string, name: string): boolean {
    this.#visits = 0;
    this.#lowestOpen = Number.POSITIVE_INFINITY;
    const definition = this.#plan.definitions.get(objectType)?.get(name);
    return (
      definition !== undefined &&
      this.#visit(definition, objectId, '', this.#index.node(objectType, objectId))
    );
  }

  /** Why the last answer may be incomplete (cycle or depth), if it was. */
  get reason(): string | undefined {
    return this.#reason;
  }

  /** One sub-check: `definition` on object `objectId` (whose index node is `node`). */
  #visit(definition: DefinitionPlan, objectId: string, tail: string, node: ObjectNode | undefined): boolean {
    if (definition.kind === 'relation' && tail === '') {
      const plan = definition.bySubjectType[this.#subjectType];
      if (!plan || !node) return false;
      if (plan.plainKey !== undefined) {
        const bucket = node.get(plan.plainKey);
        if (bucket && ((plan.direct && bucket.has(this.#subjectId)) || (plan.wildcard && bucket.has('*')))) {
          return true;
        }
      }
      if (plan.subjectSets.length === 0) return false;
    }
    const memo = this.#memo;
    const key = tail === '' ? objectId : `${objectId}\u0000${tail}`;
    const known = memo.get(definition, key);
    if (known === TRUE) return true;
    if (known === FALSE) return false;
    if (known !== undefined) {
      this.#lowestOpen = Math.min(this.#lowestOpen, known);
      this.#reason ??= `cycle detected at ${describe(definition, objectId)}`;
      return false;
    }
    if (this.#depth >= this.#limits.maxDepth) {
      this.#reason ??= `depth limit of ${this.#limits.maxDepth} reached at ${describe(definition, objectId)}`;
      return false;
    }
    if (++this.#visits > this.#limits.maxVisits) throw new VisitBudgetExceeded();
    const depth = this.#depth++;
    memo.set(definition, key, depth);
    const outerLowest = this.#lowestOpen;
    this.#lowestOpen = Number.POSITIVE_INFINITY;
    let result = false;
    let completed = false;
    try {
      result =
        definition.kind === 'relation'
          ? this.#relation(definition, tail, node)
          : this.#permission(definition, objectId, node);
      completed = true;
    } finally {
      this.#depth = depth;
      if (completed && this.#lowestOpen >= depth) {
        memo.set(definition, key, result ? TRUE : FALSE);
        this.#lowestOpen = outerLowest;
      } else {
        memo.delete(definition, key);
        this.#lowestOpen = Math.min(outerLowest, this.#lowestOpen);
      }
    }
    return result;
  }

  /** Whether `next` holds on some subject of the bucket (objects of `subjectType`). */
  #anyOf(bucket: SubjectBucket, next: DefinitionPlan, subjectType: string, tail: string): boolean {
    // A wildcard grant names no object, so it is never a target to check further.
    const only = bucket.onlyId;
    if (only !== undefined) {
      return only !== '*' && this.#visit(next, only, tail, this.#index.node(subjectType, only));
    }
    for (const id of bucket.manyIds ?? []) {
      if (id !== '*' && this.#visit(next, id, tail, this.#index.node(subjectType, id))) return true;
    }
    return false;
  }

  // Direct and wildcard grants were tried by #visit; what is left are subject sets, or — when an
  // arrow reached this relation through a subject set — the arrow's targets among its subjects.
  #relation(relation: RelationPlan, tail: string, node: ObjectNode | undefined): boolean {
    if (!node) return false;
    if (tail === '') {
      for (const step of relation.bySubjectType[this.#subjectType]?.subjectSets ?? []) {
        const bucket = node.get(step.key);
        if (bucket && step.next && this.#anyOf(bucket, step.next, step.subjectType, '')) return true;
      }
      return false;
    }
    for (const slot of relation.slots) {
      const bucket = node.get(slot.key);
      const plain = slot.subjectRelation === '';
      const next = this.#plan.definitions.get(slot.subjectType)?.get(plain ? tail : slot.subjectRelation);
      if (bucket && next && this.#anyOf(bucket, next, slot.subjectType, plain ? '' : tail)) return true;
    }
    return false;
  }

  #permission(permission: PermissionPlan, objectId: string, node: ObjectNode | undefined): boolean {
    if (!permission.holdableBy[this.#subjectType]) return false;
    const terms = permission.terms;
    switch (permission.operator) {
      case 'union':
        for (const term of terms) if (this.#term(term, objectId, node)) return true;
        return false;
      case 'intersection':
        for (const term of terms) if (!this.#term(term, objectId, node)) return false;
        return true;
      case 'exclusion':
        return (
          this.#term(terms[0] as TermPlan, objectId, node) &&
          !this.#term(terms[1] as TermPlan, objectId, node)
        );
    }
  }

  #term(term: TermPlan, objectId: string, node: ObjectNode | undefined): boolean {
    if (term.definition) return this.#visit(term.definition, objectId, '', node);
    if (!term.arrow || !node) return false;
    for (const step of term.arrow) {
      const bucket = node.get(step.key);
      if (bucket && step.next && this.#anyOf(bucket, step.next, step.subjectType, step.tail)) return true;
    }
    return false;
  }
}

// Answers without a reason, shared by every check (results are read-only): a list asks thousands.
const HOLDS: CheckResult = Object.freeze({ check: true });
const NOT_HELD: CheckResult = Object.freeze({ check: false });

// The answer for the last subject found to hold nothing: the checks of a list ask about one subject
// (e.g. the wildcard `user:*` of public documents while no document is public) once per row.
let lastMissing: { type: string; id: string; result: CheckResult } | undefined;
function subjectNotFound(type: string, id: string): CheckResult {
  if (lastMissing?.type !== type || lastMissing.id !== id) {
    const reason = `E20025 object not found: subject ${type}:${id}`;
    lastMissing = { type, id, result: Object.freeze({ check: false, reason }) };
  }
  return lastMissing.result;
}

/**
 * Resolves one check. An unknown object type, subject type, or relation/permission name is
 * `false` with a reason (Topaz answers such checks the same way, with the reason in its context).
 */
export function resolveCheck(
  plan: CheckPlan,
  index: CheckIndex,
  limits: CheckLimits,
  check: RelationCheck,
): CheckResult {
  const definitions = plan.definitions.get(check.objectType);
  if (!definitions) return { check: false, reason: `object type not found: ${check.objectType}` };
  if (!definitions.has(check.relation)) {
    return {
      check: false,
      reason: `relation or permission not found: ${check.objectType}#${check.relation}`,
    };
  }
  if (!plan.typeOrdinals.has(check.subjectType))
    return { check: false, reason: `subject type not found: ${check.subjectType}` };
  // Topaz answers false before resolving anything unless the subject is the subject of some
  // relation and the object the object of some relation (internal/eds/pkg/ds/check.go, 0.33.16).
  if (!index.isRelationSubject(check.subjectType, check.subjectId)) {
    return subjectNotFound(check.subjectType, check.subjectId);
  }
  if (!index.isRelationObject(check.objectType, check.objectId)) {
    return { check: false, reason: `E20025 object not found: object ${check.objectType}:${check.objectId}` };
  }
  const run = new CheckRun(plan, index, limits, check.subjectType, check.subjectId);
  try {
    const result = run.holds(check.objectType, check.objectId, check.relation);
    if (run.reason === undefined) return result ? HOLDS : NOT_HELD;
    return { check: result, reason: run.reason };
  } catch (error) {
    if (!(error instanceof VisitBudgetExceeded)) throw error;
    return { check: false, reason: `check needed more than ${limits.maxVisits} steps` };
  }
}

/** Whether `error` is the step-budget signal of {@link CheckRun} (for callers that run it directly). */
export function isVisitBudgetExceeded(error: unknown): boolean {
  return error instanceof VisitBudgetExceeded;
}
