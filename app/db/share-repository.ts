/**
 * Shares: a document made readable (`read`) or editable (`write`) for one user; one per pair.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** What a share allows. */
export type SharePermission = 'read' | 'write';

/** A share row. */
export interface Share {
  readonly documentId: number;
  readonly userId: string;
  readonly permission: SharePermission;
  readonly createdAt: Date;
}

/** A new share. */
export interface ShareInput {
  readonly documentId: number;
  readonly userId: string;
  readonly permission: SharePermission;
}

/** Statements on `shares`. */
export interface ShareRepository {
  /** `conflict` when the pair exists; `invalid` for the owner or an unknown permission. */
  create(share: ShareInput): Promise<Share>;
  get(documentId: number, userId: string): Promise<Share | undefined>;
  /** Changes the permission; `undefined` when there is no such share. */
  update(documentId: number, userId: string, permission: SharePermission): Promise<Share | undefined>;
  /** Returns the deleted share. */
  delete(documentId: number, userId: string): Promise<Share | undefined>;
  /** Shares of one document, ordered by user id. */
  listByDocument(documentId: number): Promise<Share[]>;
  /** Shares granted to one user, ordered by document id. */
  listByUser(userId: string): Promise<Share[]>;
}

type ShareRow = { document_id: number; user_id: string; permission: SharePermission; created_at: Date };

function toShare(row: ShareRow): Share {
  return {
    documentId: row.document_id,
    userId: row.user_id,
    permission: row.permission,
    createdAt: row.created_at,
  };
}

/** The share repository over a pool or a transaction. */
export function createShareRepository(db: Queryable): ShareRepository {
  const columns = db`document_id, user_id, permission, created_at`;
  return {
    create: (share) =>
      withDatabaseErrors('create share', async () => {
        const [row] = await db<ShareRow[]>`
          INSERT INTO shares (document_id, user_id, permission)
          VALUES (${share.documentId}, ${share.userId}, ${share.permission})
          RETURNING ${columns}`;
        return toShare(row!);
      }),
    get: (documentId, userId) =>
      withDatabaseErrors('get share', async () => {
        if (!isRowId(documentId)) return undefined;
        const [row] = await db<ShareRow[]>`
          SELECT ${columns} FROM shares WHERE document_id = ${documentId} AND user_id = ${userId}`;
        return row && toShare(row);
      }),
    update: (documentId, userId, permission) =>
      withDatabaseErrors('update share', async () => {
        if (!isRowId(documentId)) return undefined;
        const [row] = await db<ShareRow[]>`
          UPDATE shares SET permission = ${permission}
          WHERE document_id = ${documentId} AND user_id = ${userId} RETURNING ${columns}`;
        return row && toShare(row);
      }),
    delete: (documentId, userId) =>
      withDatabaseErrors('delete share', async () => {
        if (!isRowId(documentId)) return undefined;
        const [row] = await db<ShareRow[]>`
          DELETE FROM shares WHERE document_id = ${documentId} AND user_id = ${userId} RETURNING ${columns}`;
        return row && toShare(row);
      }),
    listByDocument: (documentId) =>
      withDatabaseErrors('list shares', async () => {
        if (!isRowId(documentId)) return [];
        const rows = await db<ShareRow[]>`
          SELECT ${columns} FROM shares WHERE document_id = ${documentId} ORDER BY user_id`;
        return rows.map(toShare);
      }),
    listByUser: (userId) =>
      withDatabaseErrors('list shares', async () => {
        const rows = await db<ShareRow[]>`
          SELECT ${columns} FROM shares WHERE user_id = ${userId} ORDER BY document_id`;
        return rows.map(toShare);
      }),
  };
}
