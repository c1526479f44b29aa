/**
 * The trash: documents deleted by their owner, kept (with their shares and versions) until they are
 * restored or purged. The only statements that see trashed documents; everything else reads live
 * ones only, so a trashed document is closed to every other path by default.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import type { DocumentSummary } from './document-repository.ts';
import { type DocumentRow, toSummary } from './document-row.ts';
import { isRowId, type Page, resolvePage } from './page.ts';

/** A document in the trash, without its content. */
export interface TrashedDocument extends DocumentSummary {
  readonly trashedAt: Date;
  readonly trashedBy: string;
}

/** Which trashed documents a list holds: one owner's, trashed after `since`, by id. */
export interface TrashFilter extends Pick<Page, 'afterId' | 'limit'> {
  readonly ownerId: string;
  /** Documents trashed at or before this time count as purged. */
  readonly since: Date;
}

/** Statements on trashed documents. */
export interface TrashRepository {
  /** Moves a live document to the trash; `undefined` when there is no such live document. */
  trash(id: number, by: string, at: Date): Promise<TrashedDocument | undefined>;
  /** A document trashed after `since`. */
  get(id: number, since: Date): Promise<TrashedDocument | undefined>;
  list(filter: TrashFilter): Promise<TrashedDocument[]>;
  /** Makes a trashed document live again; false when it is not in the trash. */
  restore(id: number): Promise<boolean>;
  /** Deletes a trashed document for good (shares and versions go with it). */
  purge(id: number): Promise<TrashedDocument | undefined>;
  /** Deletes every document trashed at or before `before` for good, at most `limit` of them. */
  purgeExpired(before: Date, limit: number): Promise<TrashedDocument[]>;
}

type Row = Omit<DocumentRow, 'content'> & { trashed_at: Date; trashed_by: string };

function toTrashed(row: Row): TrashedDocument {
  return { ...toSummary(row), trashedAt: row.trashed_at, trashedBy: row.trashed_by };
}

/** The trash repository over a pool or a transaction. */
export function createTrashRepository(db: Queryable): TrashRepository {
  const columns = db`id, name, owner_id, folder_id, is_public, created_at, updated_at, trashed_at, trashed_by`;
  return {
    trash: (id, by, at) =>
      withDatabaseErrors('move document to the trash', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<Row[]>`
          UPDATE documents SET trashed_at = ${at}, trashed_by = ${by}
          WHERE id = ${id} AND trashed_at IS NULL RETURNING ${columns}`;
        return row && toTrashed(row);
      }),
    get: (id, since) =>
      withDatabaseErrors('get trashed document', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<Row[]>`
          SELECT ${columns} FROM documents WHERE id = ${id} AND trashed_at > ${since}`;
        return row && toTrashed(row);
      }),
    list: (filter) =>
      withDatabaseErrors('list the trash', async () => {
        const { limit, afterId } = resolvePage(filter);
        const rows = await db<Row[]>`
          SELECT ${columns} FROM documents
          WHERE owner_id = ${filter.ownerId} AND trashed_at > ${filter.since} AND id > ${afterId}
          ORDER BY id LIMIT ${limit}`;
        return rows.map(toTrashed);
      }),
    restore: (id) =>
      withDatabaseErrors('restore document from the trash', async () => {
        if (!isRowId(id)) return false;
        const rows = await db`
          UPDATE documents SET trashed_at = NULL, trashed_by = NULL
          WHERE id = ${id} AND trashed_at IS NOT NULL RETURNING id`;
        return rows.length === 1;
      }),
    purge: (id) =>
      withDatabaseErrors('delete trashed document', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<Row[]>`
          DELETE FROM documents WHERE id = ${id} AND trashed_at IS NOT NULL RETURNING ${columns}`;
        return row && toTrashed(row);
      }),
    purgeExpired: (before, limit) =>
      withDatabaseErrors('purge the trash', async () => {
        const rows = await db<Row[]>`
          DELETE FROM documents WHERE id IN (
            SELECT id FROM documents WHERE trashed_at <= ${before} ORDER BY trashed_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING ${columns}`;
        return rows.map(toTrashed);
      }),
  };
}
