/**
 * The access log's store on PostgreSQL 16 at the size a busy document reaches: 200 lists of 1,000
 * documents (200,000 entries) read back page by page, newest first, filtered by outcome and person,
 * purged by age; and entries written before migration 15 (one row per decision) kept by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import type { AccessLogEntry, StoredAccessLogEntry } from './access-log-repository.ts';
import { connectDatabase, createRepositories, type Database, MIGRATIONS, migrate } from './index.ts';

const LISTS = 200;
const DOCUMENTS = 1000;
const DAY = 86_400_000;
const now = Date.now();

/** The decisions of list `l`: one per document; bob is denied every 7th document on odd lists. */
function list(l: number): AccessLogEntry[] {
  const userId = l % 2 === 0 ? 'alice' : 'bob';
  const decidedAt = new Date(now - (l < 50 ? 100 * DAY : 0) + l * 1000);
  return Array.from({ length: DOCUMENTS }, (_, d) => ({
    documentId: d + 1,
    userId,
    action: 'can_read',
    allowed: !(userId === 'bob' && (d + 1) % 7 === 0),
    reason: 'webapp.check decided by the decision service',
    method: 'GET',
    path: '/api/documents',
    decidedAt,
  }));
}

describe('the access log store on PostgreSQL 16', () => {
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

  it('pages 200,000 entries of 200 lists newest first, filtered, and purges by age', async () => {
    const sql = await fresh('scale');
    await migrate(sql);
    await sql`INSERT INTO users (id, email, name) VALUES ('alice', 'alice@example.com', 'Alice'), ('bob', 'bob@example.com', 'Bob')`;
    const log = createRepositories(sql).accessLog;
    for (let l = 0; l < LISTS; l++) await log.append(list(l));
    await sql`ANALYZE access_log_runs`;

    // Document 14: one entry per list, read in pages of 500 through `before`.
    const seen: StoredAccessLogEntry[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await log.page({ documentId: 14, limit: 500, ...(before ? { beforeId: before } : {}) });
      seen.push(...page);
      if (page.length < 500) break;
      before = page.at(-1)?.id;
    }
    expect(seen).toHaveLength(LISTS);
    expect(seen.every((e, i) => i === 0 || e.id < seen[i - 1]!.id)).toBe(true);
    expect(seen.every((e) => e.documentId === 14 && e.action === 'can_read')).toBe(true);
    expect(seen[0]).toMatchObject({ userId: 'bob', email: 'bob@example.com', allowed: false, method: 'GET' });
    expect(seen[0]!.decidedAt.getTime()).toBe(list(LISTS - 1)[0]!.decidedAt.getTime());

    const denied = await log.page({ documentId: 14, limit: 500, allowed: false });
    expect(denied).toHaveLength(LISTS / 2);
    expect(denied.every((e) => !e.allowed && e.userId === 'bob')).toBe(true);
    expect(await log.page({ documentId: 15, limit: 50, allowed: false })).toEqual([]);
    const alices = await log.page({ documentId: 15, limit: 50, userId: 'alice' });
    expect(alices).toHaveLength(50);
    expect(alices.every((e) => e.userId === 'alice' && e.allowed)).toBe(true);
    // The next page starts right after the last entry of the previous one.
    const first = await log.page({ documentId: 15, limit: 3 });
    const next = await log.page({ documentId: 15, limit: 3, beforeId: first.at(-1)!.id });
    const both = await log.page({ documentId: 15, limit: 6 });
    expect([...first, ...next].map((e) => e.id)).toEqual(both.map((e) => e.id));
    expect(await log.page({ documentId: DOCUMENTS + 1, limit: 50 })).toEqual([]);

    // Lists 0–49 are 100 days old: 50,000 entries go, in runs, and nothing else.
    let purged = 0;
    for (let batch = await log.purgeBefore(new Date(now - 90 * DAY), 5000); batch > 0; ) {
      purged += batch;
      expect(batch).toBeLessThanOrEqual(5000);
      batch = await log.purgeBefore(new Date(now - 90 * DAY), 5000);
    }
    expect(purged).toBe(50 * DOCUMENTS);
    const [left] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM access_log`;
    expect(left!.n).toBe((LISTS - 50) * DOCUMENTS);
    expect(await log.page({ documentId: 14, limit: 500 })).toHaveLength(LISTS - 50);
  });

  it('keeps the entries written before migration 15, in their order, before newer ones', async () => {
    const sql = await fresh('runs_migration');
    await migrate(
      sql,
      MIGRATIONS.filter((m) => m.version < 15),
    );
    const at = (i: number) => new Date(now - (10 - i) * 1000);
    for (let i = 0; i < 3; i++) {
      await sql`INSERT INTO access_log (document_id, user_id, action, allowed, reason, method, path, decided_at)
        VALUES (7, ${i === 0 ? null : `user-${i}`}, ${`action ${i}`}, ${i !== 1}, ${`reason ${i}`},
                ${i === 0 ? null : 'GET'}, ${i === 0 ? null : '/api/documents/7'}, ${at(i)})`;
    }
    expect((await migrate(sql)).applied).toEqual(
      MIGRATIONS.filter((m) => m.version >= 15).map((m) => m.version),
    );
    const log = createRepositories(sql).accessLog;
    const old = await log.page({ documentId: 7, limit: 50 });
    expect(old.map((e) => [e.userId, e.action, e.allowed, e.reason, e.method, e.path])).toEqual([
      ['user-2', 'action 2', true, 'reason 2', 'GET', '/api/documents/7'],
      ['user-1', 'action 1', false, 'reason 1', 'GET', '/api/documents/7'],
      [null, 'action 0', true, 'reason 0', null, null],
    ]);
    expect(old.map((e) => e.decidedAt.getTime())).toEqual([2, 1, 0].map((i) => at(i).getTime()));
    await log.append([{ ...list(0)[6]!, documentId: 7 }]);
    const [newest, ...rest] = await log.page({ documentId: 7, limit: 50 });
    expect(newest).toMatchObject({ userId: 'alice', action: 'can_read' });
    expect(newest!.id).toBeGreaterThan(old[0]!.id);
    expect(rest.map((e) => e.id)).toEqual(old.map((e) => e.id));
  });

  it('takes the writes and the purge of an instance of the previous release (a rolling upgrade)', async () => {
    const sql = await fresh('runs_previous_release');
    await migrate(sql);
    const at = (i: number) => new Date(now - (10 - i) * DAY);
    const rows = [0, 1, 2].map((i) => [
      9,
      `user-${i}`,
      'can_read',
      i !== 1,
      'reason',
      'GET',
      '/api/documents',
      at(i),
    ]);
    await sql`INSERT INTO access_log
        (document_id, user_id, action, allowed, reason, method, path, decided_at)
      SELECT (r->>0)::int, r->>1, r->>2, (r->>3)::bool, r->>4, r->>5, r->>6, (r->>7)::timestamptz
      FROM jsonb_array_elements(${sql.json(rows.map((r) => r.map((v) => (v instanceof Date ? v.toISOString() : v))))}) WITH ORDINALITY AS e(r, n)
      ORDER BY n`;
    const log = createRepositories(sql).accessLog;
    const written = await log.page({ documentId: 9, limit: 50 });
    expect(written.map((e) => [e.userId, e.allowed])).toEqual([
      ['user-2', true],
      ['user-1', false],
      ['user-0', true],
    ]);
    const purged = await sql`
      DELETE FROM access_log WHERE id IN (
        SELECT id FROM access_log WHERE decided_at < ${at(2)} ORDER BY decided_at LIMIT 10)
      RETURNING 1`;
    expect(purged).toHaveLength(2);
    expect((await log.page({ documentId: 9, limit: 50 })).map((e) => e.userId)).toEqual(['user-2']);
  });
});
