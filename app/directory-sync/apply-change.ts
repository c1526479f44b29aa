/**
 * Applying one outbox change to the directory (or turning it into a write of a batch), and the objects a change touches (changes to the
 * same object must be applied in order; changes to different objects need not be).
 */
import type { DirectoryWrite, RelationDirectory } from '@gatehousejs/core';
import type { DirectoryChange } from '../db/index.ts';

/** Writes `change` to `directory`; directory writes are idempotent, so a replay is harmless. */
export async function applyChange(directory: RelationDirectory, change: DirectoryChange): Promise<void> {
  switch (change.op) {
    case 'set_object':
      return directory.setObject(change.object);
    case 'delete_object':
      return directory.deleteObject(change.object.type, change.object.id);
    case 'set_relation':
      return directory.setRelation(change.relation);
    case 'delete_relation':
      return directory.deleteRelation(change.relation);
  }
}

/** `change` as a write of a batch ({@link BatchRelationDirectory.applyBatch}). */
export function toDirectoryWrite(change: DirectoryChange): DirectoryWrite {
  switch (change.op) {
    case 'set_object':
      return { op: 'setObject', object: change.object };
    case 'delete_object':
      return { op: 'deleteObject', type: change.object.type, id: change.object.id };
    case 'set_relation':
      return { op: 'setRelation', relation: change.relation };
    case 'delete_relation':
      return { op: 'deleteRelation', relation: change.relation };
  }
}

/** `type:id` of every object `change` reads or writes (a wildcard subject names none). */
export function objectsTouched(change: DirectoryChange): string[] {
  if (change.op === 'set_object' || change.op === 'delete_object') {
    return [`${change.object.type}:${change.object.id}`];
  }
  const { objectType, objectId, subjectType, subjectId } = change.relation;
  const keys = [`${objectType}:${objectId}`];
  if (subjectId !== '*') keys.push(`${subjectType}:${subjectId}`);
  return keys;
}
