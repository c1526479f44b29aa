/**
 * Validation of writes against the model, as Topaz validates them: the object type must exist,
 * the relation must be a relation (not a permission) of that type, and the subject must be an
 * assignment the relation allows (`type`, `type:*` for subject id `*`, or `type#relation`).
 * Inputs from callers are checked field by field so a bad write names the field at fault.
 */
import type { DirectoryObject, Relation, RelationFilter } from '@gatehousejs/core';
import { DirectoryError } from './errors.ts';
import type { DirectoryModel } from './model.ts';

const RELATION_FIELDS = ['objectType', 'objectId', 'relation', 'subjectType', 'subjectId'] as const;

function describeRelation(r: Relation): string {
  const subjectRelation = r.subjectRelation ? `#${r.subjectRelation}` : '';
  return `[${r.objectType}:${r.objectId}#${r.relation}@${r.subjectType}:${r.subjectId}${subjectRelation}]`;
}

/** Checks that `value` has the shape of a relation; returns it normalized (`subjectRelation` absent when empty). */
export function relationShape(value: unknown): Relation {
  if (typeof value !== 'object' || value === null) {
    throw new DirectoryError('invalid_relation', 'a relation must be an object');
  }
  const input = value as Record<string, unknown>;
  for (const field of RELATION_FIELDS) {
    if (typeof input[field] !== 'string' || input[field] === '') {
      throw new DirectoryError('invalid_relation', `relation field '${field}' must be a non-empty string`);
    }
  }
  const subjectRelation = input.subjectRelation;
  if (subjectRelation !== undefined && typeof subjectRelation !== 'string') {
    throw new DirectoryError('invalid_relation', "relation field 'subjectRelation' must be a string");
  }
  const relation = {
    objectType: input.objectType as string,
    objectId: input.objectId as string,
    relation: input.relation as string,
    subjectType: input.subjectType as string,
    subjectId: input.subjectId as string,
  };
  return subjectRelation ? { ...relation, subjectRelation } : relation;
}

/** Validates a relation to be written; returns it normalized. */
export function validateRelationWrite(model: DirectoryModel, value: unknown): Relation {
  const r = relationShape(value);
  const fail = (reason: string) => new DirectoryError('invalid_relation', `${describeRelation(r)} ${reason}`);
  if (r.objectId === '*') throw fail('object id cannot be a wildcard');
  const type = model.types.get(r.objectType);
  if (!type) throw fail(`object type '${r.objectType}' is not in the manifest`);
  const definition = type.relations.get(r.relation);
  if (!definition) {
    const what = type.permissions.has(r.relation)
      ? 'is a permission, not a relation'
      : 'is not in the manifest';
    throw fail(`relation '${r.objectType}:${r.relation}' ${what}`);
  }
  if (!model.types.has(r.subjectType)) throw fail(`subject type '${r.subjectType}' is not in the manifest`);
  const terms = definition.terms.filter((t) => t.type === r.subjectType);
  if (terms.length === 0) {
    throw fail(`subject type '${r.subjectType}' is not valid for relation '${r.objectType}:${r.relation}'`);
  }
  if (r.subjectId === '*') {
    if (r.subjectRelation) throw fail('a wildcard subject cannot have a subject relation');
    const wildcard = terms.find((t) => t.kind === 'wildcard');
    if (!wildcard) {
      throw fail(`wildcard '${r.subjectType}:*' is not allowed on relation '${r.objectType}:${r.relation}'`);
    }
    return { ...r, objectType: type.name, relation: definition.name, subjectType: wildcard.type };
  }
  const allowed = r.subjectRelation
    ? terms.find((t) => t.kind === 'subjectSet' && t.relation === r.subjectRelation)
    : terms.find((t) => t.kind === 'direct');
  if (!allowed) {
    const subject = r.subjectRelation ? `'${r.subjectType}#${r.subjectRelation}'` : `'${r.subjectType}'`;
    throw fail(`${subject} cannot be assigned to relation '${r.objectType}:${r.relation}'`);
  }
  // The model's own strings, shared by every stored relation.
  const interned = { ...r, objectType: type.name, relation: definition.name, subjectType: allowed.type };
  return allowed.kind === 'subjectSet' ? { ...interned, subjectRelation: allowed.relation } : interned;
}

/** Checks an object key (`type`, `id` non-empty strings). */
export function objectKey(type: unknown, id: unknown): { type: string; id: string } {
  if (typeof type !== 'string' || type === '') {
    throw new DirectoryError('invalid_object', "object field 'type' must be a non-empty string");
  }
  if (typeof id !== 'string' || id === '') {
    throw new DirectoryError('invalid_object', "object field 'id' must be a non-empty string");
  }
  return { type, id };
}

/** The validated parts of an object write. */
export interface ObjectWrite {
  readonly type: string;
  readonly id: string;
  readonly displayName: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** Validates an object to be written: its type must be in the manifest, properties a JSON object. */
export function validateObjectWrite(model: DirectoryModel, value: unknown): ObjectWrite {
  if (typeof value !== 'object' || value === null) {
    throw new DirectoryError('invalid_object', 'an object must be an object');
  }
  const input = value as Partial<DirectoryObject>;
  const { type: name, id } = objectKey(input.type, input.id);
  const type = model.types.get(name)?.name;
  if (type === undefined) {
    throw new DirectoryError(
      'invalid_object',
      `[${type}:${id}] object type '${type}' is not in the manifest`,
    );
  }
  if (input.displayName !== undefined && typeof input.displayName !== 'string') {
    throw new DirectoryError('invalid_object', "object field 'displayName' must be a string");
  }
  const properties = input.properties ?? {};
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    throw new DirectoryError('invalid_object', "object field 'properties' must be an object");
  }
  let copy: Record<string, unknown>;
  try {
    copy = JSON.parse(JSON.stringify(properties)) as Record<string, unknown>;
  } catch (cause) {
    throw new DirectoryError('invalid_object', "object field 'properties' must be JSON", { cause });
  }
  return { type, id, displayName: input.displayName ?? '', properties: copy };
}

/** Checks a relation filter's fields (absent or strings). */
export function relationFilter(filter: unknown): RelationFilter {
  if (typeof filter !== 'object' || filter === null) {
    throw new DirectoryError('invalid_relation', 'a relation filter must be an object');
  }
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined && typeof value !== 'string') {
      throw new DirectoryError('invalid_relation', `relation filter field '${field}' must be a string`);
    }
  }
  return filter as RelationFilter;
}
