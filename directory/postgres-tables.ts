/**
 * The Postgres side of the directory: its tables (created idempotently in their own schema),
 * the change log that orders every write, and the statements that write, log and read. Every
 * value is a bound parameter; the schema name (validated as an identifier) is escaped by the
 * driver's identifier helper.
 *
 * Ordering: each write transaction first increments `state.version` (a row lock held until
 * commit), so versions are assigned in commit order; the change is logged under that version
 * and `pg_notify` announces it on commit. Readers replay the log past the version they hold.
 */

import { ensureDemandStatement } from './demand-statement.ts';
import type { DirectoryChange } from './directory-state.ts';
import type { Sql, TransactionSql } from './postgres-driver/index.ts';
import type { ObjectRecord, RelationRecord } from './relation-store.ts';

/** Identifiers of the directory's tables in one schema. */
export interface DirectoryTables {
  readonly schema: string;
  readonly channel: string;
}

/** The table `name` of the directory's schema, as an escaped identifier. */
export function directoryTable(sql: Sql | TransactionSql, t: DirectoryTables, name: string) {
  return sql(`${t.schema}.${name}`);
}

/** Table identifiers and the notification channel for a schema. */
export function directoryTables(schema: string): DirectoryTables {
  return { schema, channel: `${schema}_changes` };
}

const table = directoryTable;

/** Creates the schema and tables if they do not exist (serialized by an advisory lock). */
export async function ensureDirectoryTables(sql: Sql, t: DirectoryTables): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`gatehouse.directory.${t.schema}`}))`;
    await tx`CREATE SCHEMA IF NOT EXISTS ${tx(t.schema)}`;
    await tx`CREATE TABLE IF NOT EXISTS ${table(tx, t, 'objects')} (
      object_type text NOT NULL,
      object_id text NOT NULL,
      display_name text NOT NULL DEFAULT '',
      properties jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (object_type, object_id))`;
    await tx`CREATE TABLE IF NOT EXISTS ${table(tx, t, 'relations')} (
      object_type text NOT NULL,
      object_id text NOT NULL,
      relation text NOT NULL,
      subject_type text NOT NULL,
      subject_id text NOT NULL,
      subject_relation text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      PRIMARY KEY (object_type, object_id, relation, subject_type, subject_id, subject_relation))`;
    // By subject, with every column an object search's step reads (index-only): which relations
    // name `folder:f1` as `parent`, which name `group:g1#member`. It replaces the index on
    // (subject_type, subject_id) alone, of which it is an extension (built once on upgrade).
    await tx`CREATE INDEX IF NOT EXISTS relations_by_subject_relation ON ${table(tx, t, 'relations')}
      (subject_type, subject_id, subject_relation, object_type, relation, object_id)`;
    await tx`DROP INDEX IF EXISTS ${table(tx, t, 'relations_by_subject')}`;
    await tx`CREATE TABLE IF NOT EXISTS ${table(tx, t, 'change_log')} (
      version bigint PRIMARY KEY,
      change jsonb NOT NULL)`;
    await tx`CREATE TABLE IF NOT EXISTS ${table(tx, t, 'state')} (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL,
      pruned_through bigint NOT NULL)`;
    await tx`INSERT INTO ${table(tx, t, 'state')} (id, version, pruned_through) VALUES (1, 0, 0)
      ON CONFLICT (id) DO NOTHING`;
    await ensureDemandStatement(tx, t);
  });
}

/** An object row (`object_type`, `object_id`, `display_name`, `properties`, `created_ms`, `updated_ms`). */
export function objectFromRow(row: Record<string, unknown>): ObjectRecord {
  return {
    type: row.object_type as string,
    id: row.object_id as string,
    displayName: row.display_name as string,
    properties: row.properties as Record<string, unknown>,
    createdAt: row.created_ms as number,
    updatedAt: row.updated_ms as number,
  };
}

/** A relation row (the table's columns, `created_ms` for the time). */
export function relationFromRow(row: Record<string, unknown>): RelationRecord {
  return {
    objectType: row.object_type as string,
    objectId: row.object_id as string,
    relation: row.relation as string,
    subjectType: row.subject_type as string,
    subjectId: row.subject_id as string,
    ...(row.subject_relation ? { subjectRelation: row.subject_relation as string } : {}),
    createdAt: row.created_ms as number,
  };
}

/**
 * The relations table's size as the planner estimates it (no scan); an exact count when the
 * table has not been analysed yet and is small enough to count quickly.
 */
export async function estimatedRelations(sql: Sql, t: DirectoryTables, countUpTo: number): Promise<number> {
  // Rows per page as last analysed, times the pages the table has now (as the planner scales it).
  const [row] = await sql`SELECT CASE WHEN c.reltuples < 0 OR c.relpages = 0 THEN -1
      ELSE c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int) END::float8 AS estimate
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${t.schema} AND c.relname = 'relations'`;
  const estimate = Number(row?.estimate ?? -1);
  if (estimate >= 0) return estimate;
  const [counted] = await sql`SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${table(sql, t, 'relations')}
    LIMIT ${countUpTo + 1}) AS capped`;
  return Number(counted?.n ?? 0);
}

/** Rows per round trip while a snapshot streams in. */
const SNAPSHOT_BATCH = 10_000;

/**
 * Reads all objects and relations in one consistent snapshot, handing each to `apply` as a `set…`
 * change as its batch of rows arrives (never the whole table in memory twice); returns the
 * version the snapshot corresponds to. Timestamps arrive as whole epoch milliseconds, as `Date` would hold them (but no `Date` per row).
 */
export async function readSnapshot(
  sql: Sql,
  t: DirectoryTables,
  apply: (change: DirectoryChange) => void,
): Promise<number> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const [state] = await tx`SELECT version::text AS version FROM ${table(tx, t, 'state')} WHERE id = 1`;
    const objects = tx`SELECT object_type, object_id, display_name, properties,
        floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
        floor(extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms
      FROM ${table(tx, t, 'objects')}`.cursor(SNAPSHOT_BATCH);
    for await (const rows of objects) {
      for (const row of rows) apply({ op: 'setObject', object: objectFromRow(row) });
    }
    const relations = tx`SELECT object_type, object_id, relation, subject_type, subject_id, subject_relation,
        floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms
      FROM ${table(tx, t, 'relations')}`.cursor(SNAPSHOT_BATCH);
    for await (const rows of relations) {
      for (const row of rows) apply({ op: 'setRelation', relation: relationFromRow(row) });
    }
    return Number(state?.version ?? 0);
  });
}

/** Changes logged after `version`, or `'reload'` when the log no longer reaches back that far. */
export async function readChangesSince(
  sql: Sql,
  t: DirectoryTables,
  version: number,
): Promise<{ readonly version: number; readonly changes: LoggedChange[] } | 'reload'> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    // Both statements sent at once (one snapshot): the rows are unused when a reload is needed.
    const [[state], rows] = await Promise.all([
      tx`SELECT version::text AS version, pruned_through::text AS pruned
        FROM ${table(tx, t, 'state')} WHERE id = 1`.execute(),
      // Ordered by the column, not by the text output of the same name ('1000' sorts before '999').
      tx`SELECT log.version::text AS version, log.change FROM ${table(tx, t, 'change_log')} AS log
        WHERE log.version > ${version} ORDER BY log.version`.execute(),
    ]);
    if (Number(state?.pruned) > version) return 'reload' as const;
    return {
      version: Number(state?.version ?? 0),
      changes: rows.map((row) => ({ version: Number(row.version), change: row.change as DirectoryChange })),
    };
  });
}

/**
 * Writes changes in one transaction, in order: takes the next versions (one per change), applies
 * each change to the tables (the statements of all changes sent at once), logs it under its version (with the database's answer folded in, e.g.
 * the original `createdAt` of an updated object) and notifies once on commit. A write that changes
 * nothing (an existing relation set again, an absent one deleted) logs nothing. Whenever the
 * versions pass a multiple of 1,000 (or of `retention`, if smaller) the log is cut to `retention`
 * entries.
 *
 * @returns the versions taken (`first` to `last`) and the changes logged under them, in order, as
 *   a replay reads them back; `undefined` when the write logged nothing
 */
export async function writeChanges(
  sql: Sql,
  t: DirectoryTables,
  changes: readonly DirectoryChange[],
  retention: number,
): Promise<WrittenChanges | undefined> {
  if (changes.length === 0) return undefined;
  return sql.begin(async (tx) => {
    // The version row first (its lock orders writers), then every change, all sent at once.
    const bump = tx`UPDATE ${table(tx, t, 'state')} SET version = version + ${changes.length}
      WHERE id = 1 RETURNING version::text AS version`.execute();
    const [[state], applied] = await Promise.all([
      bump,
      Promise.all(changes.map((change) => mutate(tx, t, change))),
    ]);
    const last = Number(state?.version);
    const first = last - changes.length + 1;
    const versions: number[] = [];
    const logged: string[] = [];
    for (const [i, change] of applied.entries()) {
      if (!change) continue;
      versions.push(first + i);
      logged.push(JSON.stringify(change));
    }
    if (logged.length === 0) return undefined;
    await Promise.all([
      tx`INSERT INTO ${table(tx, t, 'change_log')} (version, change)
        SELECT * FROM unnest(${tx.array(versions)}::bigint[], ${tx.array(logged)}::jsonb[])`.execute(),
      tx`SELECT pg_notify(${t.channel}, ${String(last)})`.execute(),
    ]);
    const every = Math.min(1_000, retention);
    if (Math.floor(last / every) > Math.floor((first - 1) / every) && last > retention) {
      await tx`DELETE FROM ${table(tx, t, 'change_log')} WHERE version <= ${last - retention}`;
      await tx`UPDATE ${table(tx, t, 'state')} SET pruned_through = ${last - retention} WHERE id = 1`;
    }
    const written = logged.map((json, i) => ({
      version: versions[i] as number,
      change: JSON.parse(json) as DirectoryChange,
    }));
    return { first, last, changes: written };
  });
}

/** A change with the version it was logged under. */
export interface LoggedChange {
  readonly version: number;
  readonly change: DirectoryChange;
}

/** What {@link writeChanges} logged. */
export interface WrittenChanges {
  readonly first: number;
  readonly last: number;
  readonly changes: readonly LoggedChange[];
}

/**
 * Starts the statements of one change at once and resolves to what to log (nothing for a write
 * that changed nothing). Started without waiting, the statements of a batch reach the server in
 * the batch's order and run there one after another, without a round trip each.
 */
function mutate(
  tx: TransactionSql,
  t: DirectoryTables,
  change: DirectoryChange,
): Promise<DirectoryChange | undefined> {
  switch (change.op) {
    case 'setObject': {
      const o = change.object;
      return tx`INSERT INTO ${table(tx, t, 'objects')}
        (object_type, object_id, display_name, properties, created_at, updated_at)
        VALUES (${o.type}, ${o.id}, ${o.displayName}, ${tx.json(o.properties as never)},
          ${new Date(o.createdAt)}, ${new Date(o.updatedAt)})
        ON CONFLICT (object_type, object_id) DO UPDATE SET display_name = EXCLUDED.display_name,
          properties = EXCLUDED.properties, updated_at = EXCLUDED.updated_at
        RETURNING created_at`
        .execute()
        .then(([row]) => {
          const createdAt = row?.created_at instanceof Date ? row.created_at.getTime() : o.createdAt;
          return { op: 'setObject', object: { ...o, createdAt } };
        });
    }
    case 'deleteObject': {
      const relations = tx`DELETE FROM ${table(tx, t, 'relations')} WHERE (object_type = ${change.type}
        AND object_id = ${change.id}) OR (subject_type = ${change.type} AND subject_id = ${change.id})`.execute();
      const objects =
        tx`DELETE FROM ${table(tx, t, 'objects')} WHERE object_type = ${change.type} AND object_id = ${change.id}`.execute();
      return Promise.all([relations, objects]).then(() => change);
    }
    case 'setRelation': {
      const r = change.relation;
      return tx`INSERT INTO ${table(tx, t, 'relations')}
        (object_type, object_id, relation, subject_type, subject_id, subject_relation, created_at)
        VALUES (${r.objectType}, ${r.objectId}, ${r.relation}, ${r.subjectType}, ${r.subjectId},
          ${r.subjectRelation ?? ''}, ${new Date(r.createdAt)})
        ON CONFLICT DO NOTHING`
        .execute()
        .then((inserted) => (inserted.count > 0 ? change : undefined));
    }
    case 'deleteRelation': {
      const r = change.relation;
      return tx`DELETE FROM ${table(tx, t, 'relations')} WHERE object_type = ${r.objectType}
        AND object_id = ${r.objectId} AND relation = ${r.relation} AND subject_type = ${r.subjectType}
        AND subject_id = ${r.subjectId} AND subject_relation = ${r.subjectRelation ?? ''}`
        .execute()
        .then((deleted) => (deleted.count > 0 ? change : undefined));
    }
  }
}
