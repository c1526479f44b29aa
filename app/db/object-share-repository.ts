/**
 * Shares beyond one document and one user: a folder shared with a user or a group
 * (`folder_shares`), and a document shared with a group (`document_group_shares`). One share per
 * object and subject; a share is `read` or `write`.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';
import type { SharePermission } from './share-repository.ts';

/** Who a share is with: one user, or every member of a group. */
export type ShareSubject =
  | { readonly type: 'user'; readonly id: string }
  | { readonly type: 'group'; readonly id: number };

/** What is shared: a folder (with a user or a group), or a document (with a group). */
export type SharedObject = { readonly type: 'folder' | 'document'; readonly id: number };

/** A share of a folder, or of a document with a group, with its subject's label. */
export interface ObjectShare {
  readonly object: SharedObject;
  readonly subject: ShareSubject;
  /** The user's e-mail address, or the group's name. */
  readonly subjectLabel: string;
  readonly permission: SharePermission;
  readonly createdAt: Date;
}

/** Statements on `folder_shares` and `document_group_shares`. */
export interface ObjectShareRepository {
  /**
   * Creates the share; `conflict` when the subject already holds one, `invalid` for the owner.
   * A document can be shared with a group only (its user shares are `shares`).
   */
  create(object: SharedObject, subject: ShareSubject, permission: SharePermission): Promise<void>;
  get(object: SharedObject, subject: ShareSubject): Promise<ObjectShare | undefined>;
  /** Returns the deleted share; `undefined` when there was none. */
  delete(object: SharedObject, subject: ShareSubject): Promise<ObjectShare | undefined>;
  /** The object's shares, users by address then groups by name. */
  listByObject(object: SharedObject): Promise<ObjectShare[]>;
  /** Every share held by the group (to take it out of the directory with the group). */
  listByGroup(groupId: number): Promise<ObjectShare[]>;
}

type Row = {
  object_type: 'folder' | 'document';
  object_id: number;
  user_id: string | null;
  group_id: number | null;
  label: string;
  permission: SharePermission;
  created_at: Date;
};

function toShare(row: Row): ObjectShare {
  return {
    object: { type: row.object_type, id: row.object_id },
    subject: row.user_id !== null ? { type: 'user', id: row.user_id } : { type: 'group', id: row.group_id! },
    subjectLabel: row.label,
    permission: row.permission,
    createdAt: row.created_at,
  };
}

/** The object share repository over a pool or a transaction. */
export function createObjectShareRepository(db: Queryable): ObjectShareRepository {
  /** Every share as one relation of rows, with the subject's label. */
  const all = db`(
    SELECT 'folder' AS object_type, s.folder_id AS object_id, s.user_id, s.group_id,
           coalesce(u.email, g.name) AS label, s.permission, s.created_at
    FROM folder_shares s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN groups g ON g.id = s.group_id
    UNION ALL
    SELECT 'document', s.document_id, NULL, s.group_id, g.name, s.permission, s.created_at
    FROM document_group_shares s JOIN groups g ON g.id = s.group_id
  ) AS shares`;
  const subjectIs = (subject: ShareSubject) =>
    subject.type === 'user' ? db`user_id = ${subject.id}` : db`group_id = ${subject.id}`;
  const find = async (object: SharedObject, subject: ShareSubject) => {
    const [row] = await db<Row[]>`
      SELECT * FROM ${all} WHERE object_type = ${object.type} AND object_id = ${object.id}
      AND ${subjectIs(subject)}`;
    return row && toShare(row);
  };
  return {
    create: (object, subject, permission) =>
      withDatabaseErrors('create share', async () => {
        if (object.type === 'folder') {
          const user = subject.type === 'user' ? subject.id : null;
          const group = subject.type === 'group' ? subject.id : null;
          await db`
            INSERT INTO folder_shares (folder_id, user_id, group_id, permission)
            VALUES (${object.id}, ${user}, ${group}, ${permission})`;
        } else if (subject.type === 'group') {
          await db`
            INSERT INTO document_group_shares (document_id, group_id, permission)
            VALUES (${object.id}, ${subject.id}, ${permission})`;
        } else {
          throw new TypeError('a document is shared with a user through the shares table');
        }
      }),
    get: (object, subject) =>
      withDatabaseErrors('get share', async () => (isRowId(object.id) ? find(object, subject) : undefined)),
    delete: (object, subject) =>
      withDatabaseErrors('delete share', async () => {
        if (!isRowId(object.id)) return undefined;
        const found = await find(object, subject);
        if (!found) return undefined;
        const rows =
          object.type === 'folder'
            ? await db`DELETE FROM folder_shares WHERE folder_id = ${object.id} AND ${subjectIs(subject)} RETURNING 1`
            : await db`DELETE FROM document_group_shares WHERE document_id = ${object.id} AND ${subjectIs(subject)} RETURNING 1`;
        return rows.length > 0 ? found : undefined;
      }),
    listByObject: (object) =>
      withDatabaseErrors('list shares', async () => {
        if (!isRowId(object.id)) return [];
        const rows = await db<Row[]>`
          SELECT * FROM ${all} WHERE object_type = ${object.type} AND object_id = ${object.id}
          ORDER BY user_id IS NULL, lower(label), group_id`;
        return rows.map(toShare);
      }),
    listByGroup: (groupId) =>
      withDatabaseErrors('list shares', async () => {
        if (!isRowId(groupId)) return [];
        const rows = await db<
          Row[]
        >`SELECT * FROM ${all} WHERE group_id = ${groupId} ORDER BY object_type, object_id`;
        return rows.map(toShare);
      }),
  };
}
