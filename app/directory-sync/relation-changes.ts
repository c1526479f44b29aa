/**
 * The directory changes that mirror each data change: which objects and relations the directory
 * must hold for a document, a folder, a share and a user (see `policies/manifest.yaml`).
 * Services enqueue these in the transaction of the data change itself.
 */
import type { DirectoryChange, Document, Folder, Share, User } from '../db/index.ts';

/** The wildcard subject that makes a document public: every user is a reader. */
const EVERY_USER = '*';

const object = (type: string, id: string | number): DirectoryChange => ({
  op: 'set_object',
  object: { type, id: String(id) },
});

function relation(
  op: 'set_relation' | 'delete_relation',
  objectType: string,
  objectId: number,
  name: string,
  subjectType: string,
  subjectId: string | number,
): DirectoryChange {
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

const publicReader = (op: 'set_relation' | 'delete_relation', documentId: number) =>
  relation(op, 'document', documentId, 'reader', 'user', EVERY_USER);

/**
 * A user who signed in: the subject of owner, writer and reader relations, and the `identity`
 * through which Topaz resolves an IDENTITY_TYPE_SUB call to that user
 * (`user:<id>#identifier@identity:<sub>`; the application's user id is the `sub`).
 */
export function userChanges(user: Pick<User, 'id'>): DirectoryChange[] {
  return [
    object('user', user.id),
    object('identity', user.id),
    {
      op: 'set_relation',
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
export function documentCreated(document: Document): DirectoryChange[] {
  const changes = [
    object('document', document.id),
    relation('set_relation', 'document', document.id, 'owner', 'user', document.ownerId),
  ];
  if (document.folderId !== null) {
    changes.push(relation('set_relation', 'document', document.id, 'parent', 'folder', document.folderId));
  }
  if (document.isPublic) changes.push(publicReader('set_relation', document.id));
  return changes;
}

/** An updated document: its folder and its public visibility, where they changed. */
export function documentUpdated(before: Document, after: Document): DirectoryChange[] {
  const changes: DirectoryChange[] = [];
  if (before.folderId !== after.folderId) {
    if (before.folderId !== null) {
      changes.push(relation('delete_relation', 'document', after.id, 'parent', 'folder', before.folderId));
    }
    if (after.folderId !== null) {
      changes.push(relation('set_relation', 'document', after.id, 'parent', 'folder', after.folderId));
    }
  }
  if (before.isPublic !== after.isPublic) {
    changes.push(publicReader(after.isPublic ? 'set_relation' : 'delete_relation', after.id));
  }
  return changes;
}

/** A deleted document: the object and every relation it is part of (its shares included). */
export function documentDeleted(document: Pick<Document, 'id'>): DirectoryChange[] {
  return [{ op: 'delete_object', object: { type: 'document', id: String(document.id) } }];
}

/** A new folder: the object, its owner and its parent folder. */
export function folderCreated(folder: Folder): DirectoryChange[] {
  const changes = [
    object('folder', folder.id),
    relation('set_relation', 'folder', folder.id, 'owner', 'user', folder.ownerId),
  ];
  if (folder.parentFolderId !== null) {
    changes.push(relation('set_relation', 'folder', folder.id, 'parent', 'folder', folder.parentFolderId));
  }
  return changes;
}

/** A moved folder: its parent relation. */
export function folderUpdated(before: Folder, after: Folder): DirectoryChange[] {
  if (before.parentFolderId === after.parentFolderId) return [];
  const changes: DirectoryChange[] = [];
  if (before.parentFolderId !== null) {
    changes.push(relation('delete_relation', 'folder', after.id, 'parent', 'folder', before.parentFolderId));
  }
  if (after.parentFolderId !== null) {
    changes.push(relation('set_relation', 'folder', after.id, 'parent', 'folder', after.parentFolderId));
  }
  return changes;
}

/** A deleted folder: the object and its relations. */
export function folderDeleted(folder: Pick<Folder, 'id'>): DirectoryChange[] {
  return [{ op: 'delete_object', object: { type: 'folder', id: String(folder.id) } }];
}

/** The relation of a share: `writer` for a write share, `reader` for a read share. */
function shareRelation(permission: Share['permission']): 'writer' | 'reader' {
  return permission === 'write' ? 'writer' : 'reader';
}

/** A granted share. */
export function shareGranted(share: Omit<Share, 'createdAt'>): DirectoryChange[] {
  const name = shareRelation(share.permission);
  return [relation('set_relation', 'document', share.documentId, name, 'user', share.userId)];
}

/** A revoked share. */
export function shareRevoked(share: Omit<Share, 'createdAt'>): DirectoryChange[] {
  const name = shareRelation(share.permission);
  return [relation('delete_relation', 'document', share.documentId, name, 'user', share.userId)];
}
