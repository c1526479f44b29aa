/**
 * The directory changes of an ownership transfer: every document and folder that changed hands
 * loses its `owner` relation to the old owner and gains one to the new; the given object's
 * `parent` follows the folder it is in now; the new owner's shares that ended go.
 */
import type { DirectoryWrite } from '@gatehousejs/core';
import type { OwnershipTransfer } from '../db/index.ts';

const change = (
  op: 'setRelation' | 'deleteRelation',
  objectType: 'document' | 'folder',
  objectId: number,
  relation: string,
  subjectType: 'user' | 'folder',
  subjectId: string | number,
): DirectoryWrite => ({
  op,
  relation: { objectType, objectId: String(objectId), relation, subjectType, subjectId: String(subjectId) },
});

/**
 * The changes of `transfer` of `given` from `from` to `to`.
 *
 * @example
 * const changes = ownershipTransferred({ type: 'document', id: 7 }, 'alice-sub', 'bob-sub', transfer);
 */
export function ownershipTransferred(
  given: { readonly type: 'document' | 'folder'; readonly id: number },
  from: string,
  to: string,
  transfer: OwnershipTransfer,
): DirectoryWrite[] {
  const changes: DirectoryWrite[] = [];
  for (const ended of transfer.endedShares) {
    const name = ended.permission === 'write' ? 'writer' : 'reader';
    changes.push(change('deleteRelation', ended.objectType, ended.objectId, name, 'user', to));
  }
  const handed: ['document' | 'folder', number][] = [
    ...transfer.folderIds.map((id) => ['folder', id] as ['folder', number]),
    ...transfer.documentIds.map((id) => ['document', id] as ['document', number]),
  ];
  for (const [type, id] of handed) {
    changes.push(change('deleteRelation', type, id, 'owner', 'user', from));
    changes.push(change('setRelation', type, id, 'owner', 'user', to));
  }
  const { parentBefore, parentAfter } = transfer.top;
  if (parentBefore !== parentAfter) {
    if (parentBefore !== null) {
      changes.push(change('deleteRelation', given.type, given.id, 'parent', 'folder', parentBefore));
    }
    if (parentAfter !== null) {
      changes.push(change('setRelation', given.type, given.id, 'parent', 'folder', parentAfter));
    }
  }
  return changes;
}
