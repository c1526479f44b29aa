/**
 * The directory changes of groups and of shares beyond one document and one user (see
 * `policies/manifest.yaml`): a group is an object with an owner and members; a share with a group
 * is a relation whose subject is the set `group:<id>#member`; a folder share is a relation on the
 * folder that its contents inherit through `parent`.
 */
import type { DirectoryWrite } from '@gatehousejs/core';
import type { Group, ObjectShare, SharedObject, ShareSubject } from '../db/index.ts';

type RelationOp = 'setRelation' | 'deleteRelation';

function relation(
  op: RelationOp,
  objectType: string,
  objectId: string | number,
  name: string,
  subject: ShareSubject,
): DirectoryWrite {
  return {
    op,
    relation: {
      objectType,
      objectId: String(objectId),
      relation: name,
      subjectType: subject.type,
      subjectId: String(subject.id),
      ...(subject.type === 'group' ? { subjectRelation: 'member' } : {}),
    },
  };
}

/** A new group: the object and its owner. */
export function groupCreated(group: Pick<Group, 'id' | 'ownerId'>): DirectoryWrite[] {
  return [
    { op: 'setObject', object: { type: 'group', id: String(group.id) } },
    relation('setRelation', 'group', group.id, 'owner', { type: 'user', id: group.ownerId }),
  ];
}

/**
 * A deleted group: the shares it held (named one by one, so that no directory keeps a relation to
 * a group that is gone), then the object with its owner and members.
 */
export function groupDeleted(group: Pick<Group, 'id'>, shares: readonly ObjectShare[]): DirectoryWrite[] {
  return [
    ...shares.map((share) =>
      objectShareChange('deleteRelation', share.object, share.subject, share.permission),
    ),
    { op: 'deleteObject', type: 'group', id: String(group.id) },
  ];
}

/** A member added to or removed from a group. */
export function memberChange(op: RelationOp, groupId: number, userId: string): DirectoryWrite {
  return relation(op, 'group', groupId, 'member', { type: 'user', id: userId });
}

/** A share of `object` with `subject` granted (`setRelation`) or taken back (`deleteRelation`). */
export function objectShareChange(
  op: RelationOp,
  object: SharedObject,
  subject: ShareSubject,
  permission: 'read' | 'write',
): DirectoryWrite {
  return relation(op, object.type, object.id, permission === 'write' ? 'writer' : 'reader', subject);
}
