/**
 * The model compiled once for checks. Every relation knows, per subject type, the index
 * buckets that can grant it; every permission term points straight at the definition it checks
 * (on the same object, or on the arrow's targets, bucket by bucket). A check then follows
 * references and looks up precomputed keys — no string building, no model walking.
 */
import type { DirectoryModel, PermissionModel, RelationModel } from './model.ts';
import { slotKey } from './subject-bucket.ts';

/** A bucket of an object's relation: its key and what its subjects are. */
export interface SlotPlan {
  readonly key: string;
  readonly subjectType: string;
  /** `''` for plain subjects. */
  readonly subjectRelation: string;
}

/** A bucket to walk and the definition to check on each of its subjects. */
export interface StepPlan extends SlotPlan {
  /** The definition checked on each subject (for a subject set: its relation), if the model has it. */
  readonly next: DefinitionPlan | undefined;
  /** Checked on the subjects the subject set holds (an arrow through a subject set), else `''`. */
  readonly tail: string;
}

/** Where a relation can grant a given subject type. */
export interface SubjectPlan {
  /** The bucket of plain subjects of the type, when the relation allows them directly or by wildcard. */
  readonly plainKey: string | undefined;
  readonly direct: boolean;
  readonly wildcard: boolean;
  /** Subject-set buckets (`group#member`) whose members can be of the type. */
  readonly subjectSets: readonly StepPlan[];
}

/** A relation, compiled. */
export interface RelationPlan {
  readonly kind: 'relation';
  readonly objectType: string;
  readonly name: string;
  /** Every bucket the relation can have (an arrow tail walks all of them). */
  readonly slots: readonly SlotPlan[];
  /** By subject type ordinal (see {@link CheckPlan}). */
  readonly bySubjectType: readonly SubjectPlan[];
}

/** A permission term, compiled: a definition of the same object, or an arrow's steps. */
export interface TermPlan {
  readonly name: string;
  readonly definition: DefinitionPlan | undefined;
  readonly arrow: readonly StepPlan[] | undefined;
}

/** A permission, compiled. */
export interface PermissionPlan {
  readonly kind: 'permission';
  readonly objectType: string;
  readonly name: string;
  readonly operator: PermissionModel['operator'];
  /** By subject type ordinal: whether a subject of the type can hold the permission at all. */
  readonly holdableBy: readonly boolean[];
  readonly terms: readonly TermPlan[];
}

/** A compiled relation or permission. */
export type DefinitionPlan = RelationPlan | PermissionPlan;

/** A compiled model. */
export interface CheckPlan {
  /** Definitions by object type and name. */
  readonly definitions: ReadonlyMap<string, ReadonlyMap<string, DefinitionPlan>>;
  /** Each object type's position: the index into per-subject-type arrays. */
  readonly typeOrdinals: ReadonlyMap<string, number>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function slotsOf(relation: RelationModel): SlotPlan[] {
  const slots = new Map<string, SlotPlan>();
  for (const term of relation.terms) {
    const subjectRelation = term.kind === 'subjectSet' ? term.relation : '';
    const key = slotKey(relation.name, term.type, subjectRelation);
    slots.set(key, { key, subjectType: term.type, subjectRelation });
  }
  return [...slots.values()];
}

/** Compiles a model for checks. */
export function compileCheckPlan(model: DirectoryModel): CheckPlan {
  const plan = new Map<string, Map<string, DefinitionPlan>>();
  const typeNames = [...model.types.keys()];
  const find = (type: string, name: string) => plan.get(type)?.get(name);
  // Steps of an arrow to `target` (through a subject set: to its relation, with `target` as tail).
  const steps = (slots: readonly SlotPlan[], target: string): StepPlan[] =>
    slots.map((slot) =>
      slot.subjectRelation === ''
        ? { ...slot, next: find(slot.subjectType, target), tail: '' }
        : { ...slot, next: find(slot.subjectType, slot.subjectRelation), tail: target },
    );
  const canHold = (slot: SlotPlan, subjectType: string) =>
    model.types.get(slot.subjectType)?.relations.get(slot.subjectRelation)?.subjectTypes.has(subjectType) ===
    true;

  for (const type of model.types.values()) {
    const definitions = new Map<string, DefinitionPlan>();
    for (const relation of type.relations.values()) {
      const { name } = relation;
      definitions.set(name, {
        kind: 'relation',
        objectType: type.name,
        name,
        slots: slotsOf(relation),
        bySubjectType: [],
      });
    }
    for (const permission of type.permissions.values()) {
      const { name, operator } = permission;
      const holdableBy = typeNames.map((t) => permission.subjectTypes.has(t));
      definitions.set(name, {
        kind: 'permission',
        objectType: type.name,
        name,
        operator,
        holdableBy,
        terms: [],
      });
    }
    plan.set(type.name, definitions);
  }
  for (const type of model.types.values()) {
    for (const relation of type.relations.values()) {
      const compiled = find(type.name, relation.name) as Mutable<RelationPlan>;
      compiled.bySubjectType = typeNames.map((subjectType) => {
        const direct = relation.terms.some((t) => t.kind === 'direct' && t.type === subjectType);
        const wildcard = relation.terms.some((t) => t.kind === 'wildcard' && t.type === subjectType);
        const sets = compiled.slots.filter((s) => s.subjectRelation !== '' && canHold(s, subjectType));
        const plainKey = direct || wildcard ? slotKey(relation.name, subjectType, '') : undefined;
        return { plainKey, direct, wildcard, subjectSets: steps(sets, '') };
      });
    }
    for (const permission of type.permissions.values()) {
      const compiled = find(type.name, permission.name) as Mutable<PermissionPlan>;
      compiled.terms = permission.terms.map((term) => {
        if (term.base === undefined)
          return { name: term.name, definition: find(type.name, term.name), arrow: undefined };
        const base = type.relations.get(term.base);
        return { name: term.name, definition: undefined, arrow: base ? steps(slotsOf(base), term.name) : [] };
      });
    }
  }
  return { definitions: plan, typeOrdinals: new Map(typeNames.map((name, i) => [name, i])) };
}
