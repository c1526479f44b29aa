/**
 * The directory changes that mirror each data change: which objects and relations the directory
 * must hold for a document, a folder, a share and a user (see `policies/manifest.yaml`).
 * Services enqueue these in the transaction of the data change itself.
 */
import type { DirectoryWrite } from '@gatehousejs/core';
import type { Document, Folder, Share, User } from '../db/index.ts';

/** The wildcard subject that makes a document public: every user is a reader. */
const EVERY_USER = '*';

const object = (type: string, id: string | number): DirectoryWrite => ({
  op: 'setObject',
  object: { type, id: String(id) },
});

function relation(
  op: 'setRelation' | 'deleteRelation',
  objectType: string,
  objectId: number,
  name: string,
  subjectType: string,
  subjectId: string | number,
): DirectoryWrite {
  return {
    op,
    relation: {
      objectType,
      objectId: String(objectId),
      relation: name,
      subjectType,
      subjectId: String(subjectId),
    },
  };
}

const publicReader = (op: 'setRelation' | 'deleteRelation', documentId: number) =>
  relation(op, 'document', documentId, 'reader', 'user', EVERY_USER);

/**
 * A user who signed in: the subject of owner, writer and reader relations, and the `identity`
 * through which Topaz resolves an IDENTITY_TYPE_SUB call to that user
 * (`user:<id>#identifier@identity:<sub>`; the application's user id is the `sub`).
 */
export function userChanges(user: Pick<User, 'id'>): DirectoryWrite[] {
  return [
    object('user', user.id),
    object('identity', user.id),
    {
      op: 'setRelation',
      relation: {
        objectType: 'user',
        objectId: user.id,
        relation: 'identifier',
        subjectType: 'identity',
        subjectId: user.id,
      },
    },
  ];
}

/** A new document: the object, its owner, its folder and, when public, every user as reader. */
export function documentCreated(document: Document): DirectoryWrite[] {
  const changes = [
    object('document', document.id),
    relation('setRelation', 'document', document.id, 'owner', 'user', document.ownerId),
  ];
  if (document.folderId !== null) {
    changes.push(relation('setRelation', 'document', document.id, 'parent', 'folder', document.folderId));
  }
  if (document.isPublic) changes.push(publicReader('setRelation', document.id));
  return changes;
}

/** An updated document: its folder and its public visibility, where they changed. */
export function documentUpdated(before: Document, after: Document): DirectoryWrite[] {
  const changes: DirectoryWrite[] = [];
  if (before.folderId !== after.folderId) {
    if (before.folderId !== null) {
      changes.push(relation('deleteRelation', 'document', after.id, 'parent', 'folder', before.folderId));
    }
    if (after.folderId !== null) {
      changes.push(relation('setRelation', 'document', after.id, 'parent', 'folder', after.folderId));
    }
  }
  if (before.isPublic !== after.isPublic) {
    changes.push(publicReader(after.isPublic ? 'setRelation' : 'deleteRelation', after.id));
  }
  return changes;
}

/** A deleted document: the object and every relation it is part of (its shares included). */
export function documentDeleted(document: Pick<Document, 'id'>): DirectoryWrite[] {
  return [{ op: 'deleteObject', type: 'document', id: String(document.id) }];
}

/** A new folder: the object, its owner and its parent folder. */
export function folderCreated(folder: Folder): DirectoryWrite[] {
  const changes = [
    object('folder', folder.id),
    relation('setRelation', 'folder', folder.id, 'owner', 'user', folder.ownerId),
  ];
  if (folder.parentFolderId !== null) {
    changes.push(relation('setRelation', 'folder', folder.id, 'parent', 'folder', folder.parentFolderId));
  }
  return changes;
}

/** A moved folder: its parent relation. */
export function folderUpdated(before: Folder, after: Folder): DirectoryWrite[] {
  if (before.parentFolderId === after.parentFolderId) return [];
  const changes: DirectoryWrite[] = [];
  if (before.parentFolderId !== null) {
    changes.push(relation('deleteRelation', 'folder', after.id, 'parent', 'folder', before.parentFolderId));
  }
  if (after.parentFolderId !== null) {
    changes.push(relation('setRelation', 'folder', after.id, 'parent', 'folder', after.parentFolderId));
  }
  return changes;
}

/** A deleted folder: the object and its relations. */
export function folderDeleted(folder: Pick<Folder, 'id'>): DirectoryWrite[] {
  return [{ op: 'deleteObject', type: 'folder', id: String(folder.id) }];
}

/** The relation of a share: `writer` for a write share, `reader` for a read share. */
function shareRelation(permission: Share['permission']): 'writer' | 'reader' {
  return permission === 'write' ? 'writer' : 'reader';
}

/** A granted share. */
export function shareGranted(share: Omit<Share, 'createdAt'>): DirectoryWrite[] {
  const name = shareRelation(share.permission);
  return [relation('setRelation', 'document', share.documentId, name, 'user', share.userId)];
}

/** A revoked share. */
export function shareRevoked(share: Omit<Share, 'createdAt'>): DirectoryWrite[] {
  const name = shareRelation(share.permission);
  return [relation('deleteRelation', 'document', share.documentId, name, 'user', share.userId)];
}
