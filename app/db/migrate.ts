/**
 * Applies pending migrations at start-up: all of them in one transaction, under an advisory lock
 * so that two starting instances never race, recorded in `schema_migrations` with a checksum so
 * that an edited or unknown migration stops the start instead of drifting silently.
 */
import { createHash } from 'node:crypto';
import type { postgres } from '@gatehousejs/engine/postgres';
import { DatabaseError, toDatabaseError } from './database-error.ts';
import { MIGRATIONS, type Migration } from './migration.ts';

/** Advisory lock key of the migration runner (an arbitrary constant owned by Gatehouse). */
const MIGRATION_LOCK_KEY = 7_153_846_273;

/** What {@link migrate} did. */
export interface MigrationReport {
  /** Versions applied by this call, in order (empty when the schema was current). */
  readonly applied: readonly number[];
  /** The schema version afterwards. */
  readonly version: number;
}

function checksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (!Number.isInteger(m.version) || m.version < 1 || (previous && m.version <= previous.version)) {
      throw new DatabaseError(
        'migration_failed',
        `migration ${m.name}: versions must be positive and increasing`,
      );
    }
  });
}

/**
 * Brings the schema up to date.
 *
 * @param migrations default: the application's {@link MIGRATIONS}
 * @throws {DatabaseError} `migration_failed` when the database holds a migration this code does not
 *   know or one whose text changed, or when a statement fails (nothing is applied then)
 * @example
 * const sql = await connectDatabase(url);
 * const { applied } = await migrate(sql);
 */
export async function migrate(
  sql: postgres.Sql,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationReport> {
  assertOrdered(migrations);
  try {
    return await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      await tx`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          checksum text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`;
      const rows = await tx<{ version: number; checksum: string }[]>`
        SELECT version, checksum FROM schema_migrations ORDER BY version`;
      const known = new Map(migrations.map((m) => [m.version, m]));
      for (const row of rows) {
        const migration = known.get(row.version);
        if (!migration) {
          throw new DatabaseError(
            'migration_failed',
            `the database has migration ${row.version}, which this version of Gatehouse does not know (is it older?)`,
          );
        }
        if (checksum(migration) !== row.checksum) {
          throw new DatabaseError(
            'migration_failed',
            `migration ${row.version} (${migration.name}) was edited after it was applied`,
          );
        }
      }
      const done = new Set(rows.map((r) => r.version));
      const applied: number[] = [];
      for (const migration of migrations.filter((m) => !done.has(m.version))) {
        try {
          await tx.unsafe(migration.sql);
        } catch (cause) {
          const reason = cause instanceof Error ? cause.message : String(cause);
          throw new DatabaseError(
            'migration_failed',
            `migration ${migration.version} (${migration.name}) failed: ${reason}`,
            { cause },
          );
        }
        await tx`
          INSERT INTO schema_migrations (version, name, checksum)
          VALUES (${migration.version}, ${migration.name}, ${checksum(migration)})`;
        applied.push(migration.version);
      }
      return { applied, version: Math.max(0, ...done, ...applied) };
    });
  } catch (error) {
    throw toDatabaseError(error, 'migrate');
  }
}
