/**
 * The model as graph searches walk it: every permission term as a rule (`document#can_read`
 * is granted by `owner` on the same object, or by `can_read` on the subjects of `parent`), and
 * what the walk can only over-approximate — intersections and exclusions (a walk follows every
 * term, so what it finds is confirmed by a check) and arrows whose base holds subject sets
 * (`parent: group#member`, whose targets are the set's members).
 */
import type { ObjectSearch, SubjectSearch } from '@gatehousejs/core';
import { DirectoryError } from './errors.ts';
import { type ObjectWalk, objectWalk } from './graph-walk.ts';
import type { DirectoryModel } from './model.ts';

/** One permission term: `permission` on `objectType` is granted by `name` (through `base` for an arrow). */
export interface TermRule {
  readonly objectType: string;
  readonly permission: string;
  /** The arrow's base relation; `''` for a term on the same object. */
  readonly base: string;
  readonly name: string;
}

/** The rules of a model. */
export interface GraphRules {
  readonly terms: readonly TermRule[];
  /** Whether every permission is a union, so everything a walk finds holds (no check needed). */
  readonly unionOnly: boolean;
  /** Whether some arrow's base relation admits subject sets (`parent: group#member`). */
  readonly arrowsThroughSets: boolean;
  /** The walk of an object search for `objectType#relation` (planned once each). */
  walk(objectType: string, relation: string): ObjectWalk;
}

/** Derives the rules of a model. */
export function graphRules(model: DirectoryModel): GraphRules {
  const terms: TermRule[] = [];
  let unionOnly = true;
  let arrowsThroughSets = false;
  for (const type of model.types.values()) {
    for (const permission of type.permissions.values()) {
      if (permission.operator !== 'union') unionOnly = false;
      for (const term of permission.terms) {
        const base = term.base ?? '';
        terms.push({ objectType: type.name, permission: permission.name, base, name: term.name });
        const baseRelation = base === '' ? undefined : type.relations.get(base);
        if (baseRelation?.terms.some((t) => t.kind === 'subjectSet')) arrowsThroughSets = true;
      }
    }
  }
  const walks = new Map<string, ObjectWalk>();
  const walk = (objectType: string, relation: string) => {
    const key = `${objectType}#${relation}`;
    let found = walks.get(key);
    if (!found) {
      found = objectWalk(model, objectType, relation);
      walks.set(key, found);
    }
    return found;
  };
  return { terms, unionOnly, arrowsThroughSets, walk };
}

function validateNames(model: DirectoryModel, objectType: string, relation: string, subjectType: string) {
  const type = model.types.get(objectType);
  if (!type) throw new DirectoryError('invalid_query', `object type not found: ${objectType}`);
  if (!type.relations.has(relation) && !type.permissions.has(relation)) {
    throw new DirectoryError('invalid_query', `relation or permission not found: ${objectType}#${relation}`);
  }
  if (!model.types.has(subjectType)) {
    throw new DirectoryError('invalid_query', `subject type not found: ${subjectType}`);
  }
}

/**
 * Checks an object search against the model.
 *
 * @throws {DirectoryError} `invalid_query` naming the unknown type, relation or permission, or the empty id
 */
export function validateObjectSearch(model: DirectoryModel, search: ObjectSearch): void {
  validateNames(model, search.objectType, search.relation, search.subjectType);
  if (!search.subjectId) throw new DirectoryError('invalid_query', 'subject_id must be specified');
}

/**
 * Checks a subject search against the model (a subject relation must be a relation of the subject type).
 *
 * @throws {DirectoryError} `invalid_query` naming what is unknown or missing
 */
export function validateSubjectSearch(model: DirectoryModel, search: SubjectSearch): void {
  validateNames(model, search.objectType, search.relation, search.subjectType);
  if (!search.objectId) throw new DirectoryError('invalid_query', 'object_id must be specified');
  const subjectRelation = search.subjectRelation ?? '';
  if (subjectRelation !== '' && !model.types.get(search.subjectType)?.relations.has(subjectRelation)) {
    throw new DirectoryError(
      'invalid_query',
      `subject relation not found: ${search.subjectType}#${subjectRelation}`,
    );
  }
}
