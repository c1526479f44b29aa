/**
 * The objects an outbox change touches: changes to the same object must be applied in order;
 * changes to different objects need not be.
 */
import type { DirectoryWrite } from '@gatehousejs/core';

/** `type:id` of every object `change` reads or writes (a wildcard subject names none). */
export function objectsTouched(change: DirectoryWrite): string[] {
  if (change.op === 'setObject') return [`${change.object.type}:${change.object.id}`];
  if (change.op === 'deleteObject') return [`${change.type}:${change.id}`];
  const { objectType, objectId, subjectType, subjectId } = change.relation;
  const keys = [`${objectType}:${objectId}`];
  if (subjectId !== '*') keys.push(`${subjectType}:${subjectId}`);
  return keys;
}
