import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { connectDatabase, type Database, DatabaseError, migrate, withTransaction } from './index.ts';

describe('withTransaction when the connection is lost', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let admin: Database;

  beforeAll(async () => {
    pg = await startTestPostgres();
    const url = await pg.database('tx');
    sql = await connectDatabase(url, { max: 2 });
    admin = await connectDatabase(url, { max: 1 });
    await migrate(sql);
    await sql`INSERT INTO users (id, email, name) VALUES ('ann', 'ann@example.com', 'Ann')`;
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await admin?.end({ timeout: 1 });
    await pg?.stop();
  });

  it('rejects with unavailable, refuses what the work sends afterwards, and commits nothing', async () => {
    let work: Promise<unknown> = Promise.resolve();
    const done = withTransaction(sql, (repos, tx) => {
      work = (async () => {
        await repos.documents.create({ name: 'Half', ownerId: 'ann' });
        const [row] = await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await admin`SELECT pg_terminate_backend(${row?.pid ?? 0})`;
        await tx`SELECT pg_sleep(0.2)`.catch(() => {});
        // The transaction is over: this statement must not run in autocommit on a new connection.
        return repos.documents.create({ name: 'Orphan', ownerId: 'ann' }).catch((e: unknown) => e);
      })();
      return work;
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('unavailable');
    expect(await work).toBeInstanceOf(DatabaseError);
    expect(await sql`SELECT name FROM documents`).toEqual([]);
    // The pool serves again.
    expect((await sql`SELECT 1 AS one`)[0]).toEqual({ one: 1 });
  });
});
