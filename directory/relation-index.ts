/**
 * The in-memory index both stores read from. Relations are kept by object, then by bucket
 * (`relation#subjectType#subjectRelation`), then by subject id — the shape a check walks —
 * plus a reverse index by subject for subject queries and cascading deletes.
 */
import type { Relation } from '@gatehousejs/core';
import { ObjectNode } from './object-node.ts';
import type { ObjectRecord, RelationQuery, RelationRecord } from './relation-store.ts';
import { slotKey } from './subject-bucket.ts';

/** Records of one subject: one inline, a set from the second on. */
type SubjectRecords = RelationRecord | Set<RelationRecord>;

function nested<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** Orders records by object, relation and subject (as every relation query answers). */
export function compareRecords(a: RelationRecord, b: RelationRecord): number {
  const fields = ['objectType', 'objectId', 'relation', 'subjectType', 'subjectId'] as const;
  for (const field of fields) {
    if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
  }
  const [x, y] = [a.subjectRelation ?? '', b.subjectRelation ?? ''];
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Objects and relations in memory, indexed for checks. Not validated: stores validate first. */
export class RelationIndex {
  readonly #objects = new Map<string, Map<string, ObjectRecord>>();
  readonly #outgoing = new Map<string, Map<string, ObjectNode>>();
  readonly #incoming = new Map<string, Map<string, SubjectRecords>>();
  // One string per slot key, shared by every object (not one copy per relation).
  readonly #slotKeys = new Map<string, string>();
  #size = 0;

  /** Number of relations. */
  get size(): number {
    return this.#size;
  }

  /** The buckets of an object (the check's entry point). */
  node(objectType: string, objectId: string): ObjectNode | undefined {
    return this.#outgoing.get(objectType)?.get(objectId);
  }

  object(type: string, id: string): ObjectRecord | undefined {
    return this.#objects.get(type)?.get(id);
  }

  putObject(record: ObjectRecord): void {
    nested(this.#objects, record.type, () => new Map()).set(record.id, record);
  }

  /** Removes the object and every relation in which it is the object or the subject. */
  removeObject(type: string, id: string): void {
    this.#objects.get(type)?.delete(id);
    for (const record of this.relations({ objectType: type, objectId: id })) this.removeRelation(record);
    for (const record of this.relations({ subjectType: type, subjectId: id })) this.removeRelation(record);
  }

  /** The stored relation equal to `relation`, if any. */
  find(relation: Relation): RelationRecord | undefined {
    const key = slotKey(relation.relation, relation.subjectType, relation.subjectRelation ?? '');
    return this.node(relation.objectType, relation.objectId)?.get(key)?.get(relation.subjectId);
  }

  /** Adds a relation; `false` when an equal one is already there. */
  putRelation(record: RelationRecord): boolean {
    const objects = nested(this.#outgoing, record.objectType, () => new Map<string, ObjectNode>());
    const node = nested(objects, record.objectId, () => new ObjectNode());
    if (!node.addRecord(this.#slotKey(record), record)) return false;
    const subjects = nested(this.#incoming, record.subjectType, () => new Map<string, SubjectRecords>());
    const existing = subjects.get(record.subjectId);
    if (existing === undefined) subjects.set(record.subjectId, record);
    else if (existing instanceof Set) existing.add(record);
    else subjects.set(record.subjectId, new Set([existing, record]));
    this.#size++;
    return true;
  }

  #slotKey(relation: Relation): string {
    const key = slotKey(relation.relation, relation.subjectType, relation.subjectRelation ?? '');
    return nested(this.#slotKeys, key, () => key);
  }

  /** Removes a relation; `false` when there was none. */
  removeRelation(relation: Relation): boolean {
    const objects = this.#outgoing.get(relation.objectType);
    const node = objects?.get(relation.objectId);
    const key = slotKey(relation.relation, relation.subjectType, relation.subjectRelation ?? '');
    const record = node?.removeRecord(key, relation.subjectId);
    if (!record || !node) return false;
    if (node.size === 0) objects?.delete(record.objectId);
    const subjects = this.#incoming.get(record.subjectType);
    const existing = subjects?.get(record.subjectId);
    if (existing instanceof Set) {
      existing.delete(record);
      if (existing.size === 1) subjects?.set(record.subjectId, [...existing][0] as RelationRecord);
    } else {
      subjects?.delete(record.subjectId);
    }
    this.#size--;
    return true;
  }

  /** Relations matching the query, sorted; uses the object or subject index when the query names one. */
  relations(query: RelationQuery): RelationRecord[] {
    const out: RelationRecord[] = [];
    const matches = relationMatcher(query);
    const collect = (node: ObjectNode | undefined) => {
      for (const bucket of node?.values() ?? []) {
        if (query.relation !== undefined && bucket.relation !== query.relation) continue;
        for (const record of bucket.records()) if (matches(record)) out.push(record);
      }
    };
    if (query.objectType !== undefined && query.objectId !== undefined) {
      collect(this.node(query.objectType, query.objectId));
    } else if (query.subjectType !== undefined && query.subjectId !== undefined) {
      const records = this.#incoming.get(query.subjectType)?.get(query.subjectId);
      for (const record of records instanceof Set ? records : records ? [records] : []) {
        if (matches(record)) out.push(record);
      }
    } else {
      for (const [type, objects] of this.#outgoing) {
        if (query.objectType !== undefined && type !== query.objectType) continue;
        for (const node of objects.values()) collect(node);
      }
    }
    return out.sort(compareRecords);
  }

  /**
   * Calls `visit` with each relation whose subject is `type:id` (any subject relation), unsorted:
   * the reverse index as it is, for walks that filter as they go.
   */
  forEachOfSubject(type: string, id: string, visit: (record: RelationRecord) => void): void {
    const records = this.#incoming.get(type)?.get(id);
    if (records === undefined) return;
    if (records instanceof Set) for (const record of records) visit(record);
    else visit(records);
  }

  /** Whether the object is the object of at least one relation (Topaz's check pre-condition). */
  isRelationObject(type: string, id: string): boolean {
    return this.node(type, id) !== undefined;
  }

  /** Whether the subject is the subject of at least one relation (Topaz's check pre-condition). */
  isRelationSubject(type: string, id: string): boolean {
    return this.#incoming.get(type)?.has(id) === true;
  }

  /** Ids of `type` known as objects (stored, or holding relations). */
  objectIds(type: string): Set<string> {
    return new Set([...(this.#objects.get(type)?.keys() ?? []), ...(this.#outgoing.get(type)?.keys() ?? [])]);
  }

  /** Ids of `type` known as subjects (stored, or subject of a relation, `*` included). */
  subjectIds(type: string): Set<string> {
    return new Set([...(this.#objects.get(type)?.keys() ?? []), ...(this.#incoming.get(type)?.keys() ?? [])]);
  }
}

/** A predicate for the query's fields (absent fields match anything). */
export function relationMatcher(query: RelationQuery): (record: RelationRecord) => boolean {
  const subjectRelation = query.withoutSubjectRelation ? '' : query.subjectRelation;
  return (r) =>
    (query.objectType === undefined || r.objectType === query.objectType) &&
    (query.objectId === undefined || r.objectId === query.objectId) &&
    (query.relation === undefined || r.relation === query.relation) &&
    (query.subjectType === undefined || r.subjectType === query.subjectType) &&
    (query.subjectId === undefined || r.subjectId === query.subjectId) &&
    (subjectRelation === undefined || (r.subjectRelation ?? '') === subjectRelation);
}
