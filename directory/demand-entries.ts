/**
 * The entries of the on-demand cache and how a logged change updates each kind: an object's
 * index node and record, a relation query's sorted answer. (Subject and graph entries are
 * dropped rather than updated, see `demand-cache.ts`.)
 */
import type { Relation } from '@gatehousejs/core';
import { ObjectNode } from './object-node.ts';
import type { LoggedChange } from './postgres-tables.ts';
import { compareRecords } from './relation-index.ts';
import type { GraphNode, ObjectRecord, RelationRecord } from './relation-store.ts';
import { slotKey } from './subject-bucket.ts';

/** An object's relations (its index node) and record. */
export interface ObjectEntry {
  readonly kind: 'object';
  readonly type: string;
  readonly id: string;
  node: ObjectNode | undefined;
  record: ObjectRecord | undefined;
  weight: number;
  readonly loadedAt: number;
  used: boolean;
}

/** Whether a subject is the subject of some relation (Topaz's check pre-condition). */
export interface SubjectEntry {
  readonly kind: 'subject';
  exists: boolean;
  weight: number;
  readonly loadedAt: number;
  used: boolean;
}

/** The answer of a relation query that names no object (sorted as queries answer). */
export interface QueryEntry {
  readonly kind: 'query';
  readonly matches: (record: RelationRecord) => boolean;
  readonly records: RelationRecord[];
  weight: number;
  readonly loadedAt: number;
  used: boolean;
}

/** The answer of a graph search (dropped on any change). */
export interface GraphEntry {
  readonly kind: 'graph';
  readonly nodes: readonly GraphNode[];
  weight: number;
  readonly loadedAt: number;
  used: boolean;
}

/** Anything the cache holds. */
export type CacheEntry = ObjectEntry | SubjectEntry | QueryEntry | GraphEntry;

// One string per slot key (a model has few), not one per cached relation.
const slotKeys = new Map<string, string>();
const keyOf = (r: Relation) => {
  const key = slotKey(r.relation, r.subjectType, r.subjectRelation ?? '');
  const known = slotKeys.get(key);
  if (known !== undefined) return known;
  slotKeys.set(key, key);
  return key;
};

/** Applies a change to an object entry (its relations, its record). */
export function applyToObject(entry: ObjectEntry, change: LoggedChange['change']): void {
  switch (change.op) {
    case 'setObject':
      entry.record = change.object;
      return;
    case 'setRelation':
      entry.node ??= new ObjectNode();
      if (entry.node.addRecord(keyOf(change.relation), change.relation)) entry.weight++;
      return;
    case 'deleteRelation':
      if (entry.node?.removeRecord(keyOf(change.relation), change.relation.subjectId)) {
        entry.weight--;
        if (entry.node.size === 0) entry.node = undefined;
      }
      return;
    case 'deleteObject':
      if (entry.type === change.type && entry.id === change.id) {
        entry.node = undefined;
        entry.record = undefined;
        entry.weight = 1;
        return;
      }
      for (const bucket of entry.node?.values() ?? []) {
        if (bucket.subjectType !== change.type || !bucket.has(change.id)) continue;
        entry.node?.removeRecord(
          slotKey(bucket.relation, bucket.subjectType, bucket.subjectRelation),
          change.id,
        );
        entry.weight--;
      }
      if (entry.node?.size === 0) entry.node = undefined;
      return;
  }
}

/** Applies a change to a query entry (inserting in order, removing). */
export function applyToQuery(entry: QueryEntry, change: LoggedChange['change']): void {
  const records = entry.records;
  const at = (r: Relation) => records.findIndex((x) => compareRecords(x, r as RelationRecord) === 0);
  switch (change.op) {
    case 'setRelation': {
      if (!entry.matches(change.relation) || at(change.relation) >= 0) return;
      const i = records.findIndex((x) => compareRecords(x, change.relation) > 0);
      records.splice(i < 0 ? records.length : i, 0, change.relation);
      entry.weight++;
      return;
    }
    case 'deleteRelation': {
      const i = at(change.relation);
      if (i >= 0) {
        records.splice(i, 1);
        entry.weight--;
      }
      return;
    }
    case 'deleteObject': {
      const { type, id } = change;
      const kept = records.filter(
        (r) =>
          !((r.objectType === type && r.objectId === id) || (r.subjectType === type && r.subjectId === id)),
      );
      entry.weight -= records.length - kept.length;
      records.splice(0, records.length, ...kept);
      return;
    }
    case 'setObject':
      return;
  }
}

/** An index node holding `records` (`undefined` for none). */
export function nodeOf(records: readonly RelationRecord[]): ObjectNode | undefined {
  if (records.length === 0) return undefined;
  const node = new ObjectNode();
  for (const record of records) node.addRecord(keyOf(record), record);
  return node;
}
