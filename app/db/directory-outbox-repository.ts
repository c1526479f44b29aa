/**
 * The directory outbox: relation changes waiting to be written to the decision service's
 * directory. Enqueue them with the same transaction as the data change, so both commit or
 * neither does; a relay reads pending rows in id order, writes them (directory writes are
 * idempotent, so a replay after a crash is harmless) and marks them delivered.
 */
import type { DirectoryWrite } from '@gatehousejs/core';
import type { postgres } from '@gatehousejs/engine/postgres';
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import { directoryWriteSchema } from './directory-write.ts';

/** Longest `last_error` kept. */
const MAX_ERROR_LENGTH = 2000;

/** A row of the outbox. */
export interface OutboxEntry {
  readonly id: number;
  readonly change: DirectoryWrite;
  readonly createdAt: Date;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly deliveredAt: Date | null;
}

/** Statements on `directory_outbox`. */
export interface DirectoryOutboxRepository {
  /** Validates and stores changes in order; returns their ids. `invalid` for a malformed change. */
  enqueue(changes: readonly DirectoryWrite[]): Promise<number[]>;
  /** Undelivered entries, oldest first (`limit` default 100, at most 1000), after id `afterId` when given. */
  listPending(limit?: number, afterId?: number): Promise<OutboxEntry[]>;
  /** Marks the pending ones of `ids` delivered (one statement); returns how many were pending. */
  markDelivered(ids: readonly number[], deliveredAt: Date): Promise<number>;
  /** Those of `ids` that are still pending, in order. */
  pendingAmong(ids: readonly number[]): Promise<number[]>;
  /** Counts a failed attempt and keeps the (truncated) reason. */
  markFailed(id: number, error: string): Promise<void>;
  countPending(): Promise<number>;
  /** Removes delivered entries older than `before`; returns how many. */
  deleteDelivered(before: Date): Promise<number>;
}

type OutboxRow = {
  id: string;
  payload: unknown;
  created_at: Date;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
};

function toEntry(row: OutboxRow): OutboxEntry {
  const parsed = directoryWriteSchema.safeParse(row.payload);
  if (!parsed.success)
    throw new DatabaseError('invalid', `directory_outbox row ${row.id} holds a malformed change`);
  return {
    id: Number(row.id),
    change: parsed.data,
    createdAt: row.created_at,
    attempts: row.attempts,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}

/** Validated payloads of `changes`; `invalid` (field `payload`) naming the first malformed one. */
function validPayloads(changes: readonly DirectoryWrite[]): DirectoryWrite[] {
  return changes.map((change, i) => {
    const parsed = directoryWriteSchema.safeParse(change);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DatabaseError(
        'invalid',
        `directory change ${i} is malformed: ${issue?.path.join('.')} ${issue?.message}`,
        { field: 'payload' },
      );
    }
    return parsed.data;
  });
}

/**
 * The select list and source of an `INSERT INTO directory_outbox (payload) SELECT …` that stores
 * the changes of the JSON array `changes` in their order (ids are drawn as rows are inserted, so
 * they rise in that order) and returns their ids. `changes` is {@link outboxChangesJson}, or a
 * choice among such arrays by a row changed in the same statement.
 */
export function outboxPayloads(db: Queryable, changes: postgres.Fragment): postgres.Fragment {
  return db`change.value FROM jsonb_array_elements(${changes}) WITH ORDINALITY AS change (value, n)
    ORDER BY change.n RETURNING id`;
}

/** `changes`, validated, as a JSON array parameter; `invalid` for a malformed change. */
export function outboxChangesJson(db: Queryable, changes: readonly DirectoryWrite[]): postgres.Fragment {
  return db`${db.json(validPayloads(changes) as postgres.JSONValue)}::jsonb`;
}

/** The ids of outbox rows as the driver returns them (`bigint` as text), in the order they were drawn. */
export function outboxIds(ids: readonly (string | number)[]): number[] {
  return ids.map(Number).sort((a, b) => a - b);
}

/**
 * The outbox repository over a pool or a transaction.
 *
 * @example
 * await sql.begin(async (tx) => {
 *   const repos = createRepositories(tx);
 *   const doc = await repos.documents.create({ name: 'Plan', ownerId: sub });
 *   await repos.directoryOutbox.enqueue([{ op: 'setRelation', relation: {
 *     objectType: 'document', objectId: String(doc.id), relation: 'owner', subjectType: 'user', subjectId: sub } }]);
 * });
 */
export function createDirectoryOutboxRepository(db: Queryable): DirectoryOutboxRepository {
  const columns = db`id, payload, created_at, attempts, last_error, delivered_at`;
  return {
    enqueue: (changes) =>
      withDatabaseErrors('enqueue directory change', async () => {
        if (changes.length === 0) return [];
        const rows = await db<{ id: string }[]>`
          INSERT INTO directory_outbox (payload) SELECT ${outboxPayloads(db, outboxChangesJson(db, changes))}`;
        return outboxIds(rows.map((row) => row.id));
      }),
    listPending: (limit = 100, afterId = 0) =>
      withDatabaseErrors('list directory changes', async () => {
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          throw new DatabaseError('invalid', 'limit must be an integer from 1 to 1000', { field: 'limit' });
        }
        if (!Number.isSafeInteger(afterId) || afterId < 0) {
          throw new DatabaseError('invalid', 'afterId must be a non-negative integer', { field: 'afterId' });
        }
        const rows = await db<OutboxRow[]>`
          SELECT ${columns} FROM directory_outbox WHERE delivered_at IS NULL AND id > ${afterId}
          ORDER BY id LIMIT ${limit}`;
        return rows.map(toEntry);
      }),
    markDelivered: (ids, deliveredAt) =>
      withDatabaseErrors('mark directory changes delivered', async () => {
        if (ids.length === 0) return 0;
        const result = await db`
          UPDATE directory_outbox SET delivered_at = ${deliveredAt}, attempts = attempts + 1
          WHERE id = ANY(${db.array([...ids])}::bigint[]) AND delivered_at IS NULL`;
        return result.count;
      }),
    pendingAmong: (ids) =>
      withDatabaseErrors('find pending directory changes', async () => {
        if (ids.length === 0) return [];
        const rows = await db<{ id: string }[]>`
          SELECT id FROM directory_outbox
          WHERE id = ANY(${db.array([...ids])}::bigint[]) AND delivered_at IS NULL ORDER BY id`;
        return rows.map((row) => Number(row.id));
      }),
    markFailed: (id, error) =>
      withDatabaseErrors('mark directory change failed', async () => {
        await db`
          UPDATE directory_outbox SET attempts = attempts + 1, last_error = ${error.slice(0, MAX_ERROR_LENGTH)}
          WHERE id = ${id} AND delivered_at IS NULL`;
      }),
    countPending: () =>
      withDatabaseErrors('count directory changes', async () => {
        const [row] = await db<{ n: number }[]>`
          SELECT count(*)::integer AS n FROM directory_outbox WHERE delivered_at IS NULL`;
        return row?.n ?? 0;
      }),
    deleteDelivered: (before) =>
      withDatabaseErrors('delete delivered directory changes', async () => {
        const result = await db`DELETE FROM directory_outbox WHERE delivered_at < ${before}`;
        return result.count;
      }),
  };
}
