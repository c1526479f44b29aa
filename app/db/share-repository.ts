/**
 * Shares: a document made readable (`read`) or editable (`write`) for one user; one per pair.
 */

import type { DirectoryWrite } from '@gatehousejs/core';
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { outboxChangesJson, outboxIds, outboxPayloads } from './directory-outbox-repository.ts';
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

/** A share changed together with its directory outbox entries. */
export interface ShareWithOutbox {
  readonly share: Share;
  /** The ids of the outbox entries, in order. */
  readonly outboxIds: number[];
}

/** Statements on `shares`. */
export interface ShareRepository {
  /** `conflict` when the pair exists; `invalid` for the owner or an unknown permission. */
  create(share: ShareInput): Promise<Share>;
  get(documentId: number, userId: string): Promise<Share | undefined>;
  /** Changes the permission; `undefined` when there is no such share. */
  update(documentId: number, userId: string, permission: SharePermission): Promise<Share | undefined>;
  /**
   * Creates the share and enqueues `changes` (its directory changes) in the outbox, in one
   * statement: both or neither. Errors as {@link ShareRepository.create}.
   */
  grant(share: ShareInput, changes: readonly DirectoryWrite[]): Promise<ShareWithOutbox>;
  /**
   * Deletes the share and enqueues the directory changes `changesOf` gives for it (as it was), in
   * one statement; `undefined` when there is no such share, or its document is in the trash (its
   * shares stay, to come back with it).
   */
  revoke(
    documentId: number,
    userId: string,
    changesOf: (share: ShareInput) => DirectoryWrite[],
  ): Promise<ShareWithOutbox | undefined>;
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
    grant: (share, changes) =>
      withDatabaseErrors('create share', async () => {
        const [row] = await db<(ShareRow & { outbox_ids: string[] })[]>`
          WITH granted AS (
            INSERT INTO shares (document_id, user_id, permission)
            VALUES (${share.documentId}, ${share.userId}, ${share.permission})
            RETURNING ${columns}
          ), queued AS (
            INSERT INTO directory_outbox (payload)
            SELECT ${outboxPayloads(db, outboxChangesJson(db, changes))}
          )
          SELECT granted.*, ARRAY(SELECT id FROM queued) AS outbox_ids FROM granted`;
        return { share: toShare(row!), outboxIds: outboxIds(row!.outbox_ids) };
      }),
    revoke: (documentId, userId, changesOf) =>
      withDatabaseErrors('delete share', async () => {
        if (!isRowId(documentId)) return undefined;
        // The changes for either permission; the statement takes those of the row it deletes.
        const changes = (permission: SharePermission) =>
          outboxChangesJson(db, changesOf({ documentId, userId, permission }));
        const [row] = await db<(ShareRow & { outbox_ids: string[] })[]>`
          WITH revoked AS (
            DELETE FROM shares s WHERE s.document_id = ${documentId} AND s.user_id = ${userId}
              AND EXISTS (SELECT 1 FROM documents d WHERE d.id = s.document_id AND d.trashed_at IS NULL)
            RETURNING ${columns}
          ), queued AS (
            INSERT INTO directory_outbox (payload)
            SELECT ${outboxPayloads(
              db,
              db`(SELECT CASE permission WHEN 'read' THEN ${changes('read')} ELSE ${changes('write')} END FROM revoked)`,
            )}
          )
          SELECT revoked.*, ARRAY(SELECT id FROM queued) AS outbox_ids FROM revoked`;
        return row && { share: toShare(row), outboxIds: outboxIds(row.outbox_ids) };
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
