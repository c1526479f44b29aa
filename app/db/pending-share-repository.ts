/**
 * Pending shares: a document shared with an e-mail address nobody has signed in with yet. At
 * that person's first sign-in their pending shares turn into shares ({@link PendingShareRepository.claim}).
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';
import type { Share, SharePermission } from './share-repository.ts';

/** A pending share. */
export interface PendingShare {
  readonly documentId: number;
  readonly email: string;
  readonly permission: SharePermission;
  readonly invitedBy: string;
  readonly createdAt: Date;
}

/** Statements on `pending_shares`. */
export interface PendingShareRepository {
  /** `conflict` when the address already has a pending share of the document. */
  create(share: Omit<PendingShare, 'createdAt'>): Promise<PendingShare>;
  /** Ordered by e-mail. */
  listByDocument(documentId: number): Promise<PendingShare[]>;
  /** Case-insensitive; the removed pending share, if there was one. */
  delete(documentId: number, email: string): Promise<PendingShare | undefined>;
  /**
   * Turns the pending shares of `email` (case-insensitive) into shares of `userId` and returns
   * them; documents the user owns, or already holds a share of, are left out.
   */
  claim(userId: string, email: string): Promise<Share[]>;
}

type Row = {
  document_id: number;
  email: string;
  permission: SharePermission;
  invited_by: string;
  created_at: Date;
};

function toPendingShare(row: Row): PendingShare {
  return {
    documentId: row.document_id,
    email: row.email,
    permission: row.permission,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
  };
}

/** The pending share repository over a pool or a transaction. */
export function createPendingShareRepository(db: Queryable): PendingShareRepository {
  return {
    create: (share) =>
      withDatabaseErrors('create pending share', async () => {
        const [row] = await db<Row[]>`
          INSERT INTO pending_shares (document_id, email, permission, invited_by)
          VALUES (${share.documentId}, ${share.email}, ${share.permission}, ${share.invitedBy})
          RETURNING document_id, email, permission, invited_by, created_at`;
        return toPendingShare(row!);
      }),
    listByDocument: (documentId) =>
      withDatabaseErrors('list pending shares', async () => {
        if (!isRowId(documentId)) return [];
        const rows = await db<Row[]>`
          SELECT document_id, email, permission, invited_by, created_at FROM pending_shares
          WHERE document_id = ${documentId} ORDER BY lower(email)`;
        return rows.map(toPendingShare);
      }),
    delete: (documentId, email) =>
      withDatabaseErrors('delete pending share', async () => {
        if (!isRowId(documentId)) return undefined;
        const [row] = await db<Row[]>`
          DELETE FROM pending_shares WHERE document_id = ${documentId} AND lower(email) = lower(${email})
          RETURNING document_id, email, permission, invited_by, created_at`;
        return row && toPendingShare(row);
      }),
    claim: (userId, email) =>
      withDatabaseErrors('claim pending shares', async () => {
        const rows = await db<
          { document_id: number; user_id: string; permission: SharePermission; created_at: Date }[]
        >`
          WITH claimed AS (
            DELETE FROM pending_shares WHERE lower(email) = lower(${email}) RETURNING document_id, permission
          )
          INSERT INTO shares (document_id, user_id, permission)
          SELECT c.document_id, ${userId}, c.permission
          FROM claimed c JOIN documents d ON d.id = c.document_id
          WHERE d.owner_id <> ${userId}
          ON CONFLICT (document_id, user_id) DO NOTHING
          RETURNING document_id, user_id, permission, created_at`;
        return rows.map((r) => ({
          documentId: r.document_id,
          userId: r.user_id,
          permission: r.permission,
          createdAt: r.created_at,
        }));
      }),
  };
}
