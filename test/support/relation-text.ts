/**
 * Relations written the way tests read them: `relationOf('document:d1', 'owner', 'user:ann')`,
 * with a subject relation as a fourth argument (`'group:team', 'member'`).
 */
import type { Relation } from '@gatehousejs/core';

/** The relation `object#relation@subject[#subjectRelation]`, each side written `type:id`. */
export function relationOf(
  object: string,
  relation: string,
  subject: string,
  subjectRelation?: string,
): Relation {
  const [objectType = '', objectId = ''] = object.split(':');
  const [subjectType = '', subjectId = ''] = subject.split(':');
  return {
    objectType,
    objectId,
    relation,
    subjectType,
    subjectId,
    ...(subjectRelation ? { subjectRelation } : {}),
  };
}
