import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  DatabaseError,
  MIGRATIONS,
  type Migration,
  migrate,
} from './index.ts';

describe('migrate on PostgreSQL 16', () => {
  let pg: EmbeddedPostgresServer;
  const pools: Database[] = [];
  const fresh = async (name: string) => {
    const sql = await connectDatabase(await pg.database(name));
    pools.push(sql);
    return sql;
  };

  beforeAll(async () => {
    pg = await startTestPostgres();
  });
  afterAll(async () => {
    await Promise.all(pools.map((sql) => sql.end()));
    await pg.stop();
  });

  it('creates every table once and is a no-op the second time', async () => {
    const sql = await fresh('idempotent');
    const first = await migrate(sql);
    expect(first.applied).toEqual(MIGRATIONS.map((m) => m.version));
    const second = await migrate(sql);
    expect(second).toEqual({ applied: [], version: first.version });
    const tables = await sql<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((t) => t.table_name)).toEqual([
      'access_log',
      'access_log_runs',
      'directory_outbox',
      'document_files',
      'document_group_shares',
      'document_versions',
      'documents',
      'folder_shares',
      'folders',
      'group_members',
      'groups',
      'pending_shares',
      'schema_migrations',
      'sessions',
      'shares',
      'users',
    ]);
    const [version] = await sql<{ server_version_num: string }[]>`SHOW server_version_num`;
    expect(Number(version!.server_version_num)).toBeGreaterThanOrEqual(160000);
  });

  it('rewrites outbox payloads stored before migration 14 into the shape of a directory write', async () => {
    const sql = await fresh('write_shape');
    await migrate(
      sql,
      MIGRATIONS.filter((m) => m.version < 14),
    );
    const relation = {
      objectType: 'document',
      objectId: '7',
      relation: 'reader',
      subjectType: 'group',
      subjectId: '3',
      subjectRelation: 'member',
    };
    const old = [
      { op: 'set_object', object: { type: 'document', id: '7' } },
      { op: 'set_relation', relation },
      { op: 'delete_relation', relation },
      { op: 'delete_object', object: { type: 'document', id: '7' } },
    ];
    for (const payload of old)
      await sql`INSERT INTO directory_outbox (payload) VALUES (${sql.json(payload)})`;
    expect((await migrate(sql)).applied).toEqual(
      MIGRATIONS.filter((m) => m.version >= 14).map((m) => m.version),
    );
    const entries = await createRepositories(sql).directoryOutbox.listPending();
    expect(entries.map((e) => e.change)).toEqual([
      { op: 'setObject', object: { type: 'document', id: '7' } },
      { op: 'setRelation', relation },
      { op: 'deleteRelation', relation },
      { op: 'deleteObject', type: 'document', id: '7' },
    ]);
  });

  it('lets instances that start together apply each migration exactly once', async () => {
    const url = await pg.database('concurrent');
    const instances = await Promise.all([1, 2, 3].map(() => connectDatabase(url)));
    pools.push(...instances);
    const reports = await Promise.all(instances.map((sql) => migrate(sql)));
    expect(reports.flatMap((r) => r.applied)).toEqual(MIGRATIONS.map((m) => m.version));
    const rows = await instances[0]!`SELECT count(*)::int AS n FROM schema_migrations`;
    expect(rows[0]!.n).toBe(MIGRATIONS.length);
  });

  it('applies nothing of a batch in which one migration fails', async () => {
    const sql = await fresh('atomic');
    const batch: Migration[] = [
      { version: 1, name: 'one', sql: 'CREATE TABLE one (id integer)' },
      { version: 2, name: 'broken', sql: 'CREATE TABLE two (id integer); SELECT no_such_function()' },
    ];
    const error = await migrate(sql, batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('migration_failed');
    expect((error as DatabaseError).message).toContain('migration 2 (broken) failed');
    const [found] = await sql`SELECT to_regclass('one') AS one, to_regclass('schema_migrations') AS log`;
    expect(found).toEqual({ one: null, log: null });
  });

  it('stops when an applied migration was edited or is unknown to this code', async () => {
    const sql = await fresh('drift');
    const original: Migration = { version: 1, name: 'one', sql: 'CREATE TABLE one (id integer)' };
    await migrate(sql, [original]);
    await expect(migrate(sql, [{ ...original, sql: 'CREATE TABLE one (id bigint)' }])).rejects.toThrow(
      /was edited/,
    );
    await migrate(sql, [original, { version: 2, name: 'two', sql: 'CREATE TABLE two (id integer)' }]);
    await expect(migrate(sql, [original])).rejects.toThrow(
      /migration 2, which this version of Gatehouse does not know/,
    );
  });

  it('refuses an unordered migration list before touching the database', async () => {
    const sql = await fresh('unordered');
    const list: Migration[] = [
      { version: 2, name: 'b', sql: 'SELECT 1' },
      { version: 1, name: 'a', sql: 'SELECT 1' },
    ];
    await expect(migrate(sql, list)).rejects.toMatchObject({ code: 'migration_failed' });
    const [found] = await sql`SELECT to_regclass('schema_migrations') AS log`;
    expect(found!.log).toBeNull();
  });

  it('reports an unreachable server as unavailable without the password', async () => {
    const error = await connectDatabase('postgres://app:hunter2@127.0.0.1:1/app', {
      connectTimeout: 2,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error.code).toBe('unavailable');
    expect(error.message).not.toContain('hunter2');
  });
});
