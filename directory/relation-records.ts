/**
 * Relation records and the port's relations: the two fixed shapes of a record (with and without
 * a subject relation, so that a million of them share two hidden classes) and the conversion back.
 */
import type { Relation } from '@gatehousejs/core';
import type { RelationRecord } from './relation-store.ts';

/** A relation record (two fixed shapes: with and without a subject relation). */
export function relationRecord(r: Relation, createdAt: number): RelationRecord {
  return r.subjectRelation
    ? {
        objectType: r.objectType,
        objectId: r.objectId,
        relation: r.relation,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        subjectRelation: r.subjectRelation,
        createdAt,
      }
    : {
        objectType: r.objectType,
        objectId: r.objectId,
        relation: r.relation,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        createdAt,
      };
}

/** The port's view of a record (timestamps dropped). */
export function toRelation(record: RelationRecord): Relation {
  const relation: Relation = {
    objectType: record.objectType,
    objectId: record.objectId,
    relation: record.relation,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
  };
  return record.subjectRelation ? { ...relation, subjectRelation: record.subjectRelation } : relation;
}
