/**
 * The access log over HTTP against the real stack: decisions about a document (denied and allowed,
 * by whom) reach PostgreSQL off the request path and are shown to the owner only, paged and
 * filtered; a broken log store (its table gone) fails no request, and nothing is
 * lost once it is back; entries older than the retention are purged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the access log over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;

  const flush = () => app.running.documentApp.accessLog.flush();
  const log = async (caller: ApiCall, id: number, query = '') => {
    await flush();
    return caller('GET', `/api/documents/${id}/access-log${query}`);
  };

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('records who was denied and who allowed, and shows it to the owner only, filtered and paged', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Ledger', content: 'x' })).body as {
      id: number;
    };
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    expect(
      (
        await alice('POST', '/api/shares', {
          document_id: doc.id,
          email: 'bob@example.com',
          permission: 'read',
        })
      ).status,
    ).toBe(201);
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);

    const denied = await log(alice, doc.id, '?outcome=denied&email=bob@example.com');
    expect(denied.status, denied.text).toBe(200);
    expect(denied.body.entries.length).toBeGreaterThan(0);
    expect(denied.body.entries[0]).toMatchObject({
      email: 'bob@example.com',
      allowed: false,
      action: expect.stringMatching(/GET \/api\/documents\/\d+|can_read/),
      reason: expect.stringContaining('decided by the decision service'),
    });
    const allowed = await log(alice, doc.id, '?outcome=allowed&email=bob@example.com');
    expect(allowed.body.entries.some((e: { action: string }) => e.action === 'can_read')).toBe(true);
    // Newest first, and pages that continue where the last one ended (bob's entries: reading the
    // log is itself a decision about the document, so alice's grow as she pages).
    const bobs = '&email=bob@example.com';
    const all = (await log(alice, doc.id, `?limit=500${bobs}`)).body.entries as { id: number }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const first = await log(alice, doc.id, `?limit=2${bobs}`);
    expect(first.body.entries.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const second = await log(alice, doc.id, `?limit=2&before=${first.body.next_before}${bobs}`);
    expect(second.body.entries.map((e: { id: number }) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    expect(second.body.next_before).toBe(second.body.entries.length === 2 ? all[3]!.id : null);
    // bob reads the document but may not read who else did.
    expect((await log(bob, doc.id)).status).toBe(403);
    expect((await log(apiClient(app.url), doc.id)).status).toBe(401);
    expect((await log(alice, 2_147_483_647)).status).toBe(404);
    for (const query of [
      '?limit=0',
      '?limit=abc',
      '?outcome=maybe',
      '?before=-1',
      '?email=nope',
      '?page=2',
    ]) {
      const bad = await log(alice, doc.id, query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.detail).toMatch(new RegExp(query.slice(1).split('=')[0]!));
    }
  });

  it('keeps answering while the log store is broken, and loses nothing once it is back', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Under outage', content: 'x' })).body as {
      id: number;
    };
    await flush();
    await app.sql`ALTER TABLE access_log_runs RENAME TO access_log_away`;
    try {
      for (let i = 0; i < 20; i++) {
        expect((await alice('GET', `/api/documents/${doc.id}`)).status).toBe(200);
        expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
      }
      await flush();
      expect(
        app.logs.some((l) => l.level === 'warn' && /access log: writing \d+ entries failed/.test(l.message)),
      ).toBe(true);
      expect(app.running.documentApp.accessLog.stats.queued).toBeGreaterThanOrEqual(40);
    } finally {
      await app.sql`ALTER TABLE access_log_away RENAME TO access_log_runs`;
    }
    await flush();
    expect(app.running.documentApp.accessLog.stats).toEqual({ queued: 0, dropped: 0 });
    const denied = await log(alice, doc.id, '?outcome=denied&email=bob@example.com&limit=500');
    expect(denied.body.entries.length).toBeGreaterThanOrEqual(20);
  });

  it('purges entries older than the retention and keeps the rest', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Old news', content: 'x' })).body as {
      id: number;
    };
    await app.repos.accessLog.append([
      {
        documentId: doc.id,
        userId: null,
        action: 'can_read',
        allowed: false,
        reason: 'test',
        method: null,
        path: null,
        decidedAt: new Date(Date.now() - 91 * 86_400_000),
      },
    ]);
    await flush();
    const before = (await log(alice, doc.id, '?limit=500')).body.entries.length;
    expect(await app.running.documentApp.services.accessLog.purgeExpired(90)).toBeGreaterThanOrEqual(1);
    const after = (await log(alice, doc.id, '?limit=500')).body.entries as { reason: string }[];
    expect(after.every((e) => e.reason !== 'test')).toBe(true);
    expect(after.length).toBeGreaterThanOrEqual(before - 1);
  });

  it('stores a batch as given: nulls kept, over-long text cut to the column limit in characters, times exact', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Batch', content: 'x' })).body as {
      id: number;
    };
    const decidedAt = new Date('2026-01-02T03:04:05.678Z');
    const entry = (i: number) => ({
      documentId: doc.id,
      userId: i === 0 ? null : `user-${i}`,
      action: i === 1 ? '😀'.repeat(400) : `can_read ${i}`,
      allowed: i % 2 === 0,
      reason: i === 2 ? 'é'.repeat(600) : `reason ${i}`,
      method: i === 0 ? null : 'GET',
      path: i === 0 ? null : `/api/documents/${doc.id}`,
      decidedAt,
    });
    await app.repos.accessLog.append(Array.from({ length: 3 }, (_, i) => entry(i)));
    const stored = await app.sql<
      {
        user_id: string | null;
        action: string;
        allowed: boolean;
        reason: string;
        method: string | null;
        decided_at: Date;
      }[]
    >`
      SELECT user_id, action, allowed, reason, method, decided_at FROM access_log
      WHERE document_id = ${doc.id} AND decided_at = ${decidedAt} ORDER BY id`;
    expect(stored.map((r) => [r.user_id, r.allowed, r.method, r.decided_at.toISOString()])).toEqual([
      [null, true, null, decidedAt.toISOString()],
      ['user-1', false, 'GET', decidedAt.toISOString()],
      ['user-2', true, 'GET', decidedAt.toISOString()],
    ]);
    expect([...stored[1]!.action]).toHaveLength(300);
    expect(stored[1]!.action.startsWith('😀😀')).toBe(true);
    expect(stored[2]!.reason).toBe('é'.repeat(500));
    expect(stored[0]!.action).toBe('can_read 0');
    // An unpaired surrogate (no valid text) is stored as U+FFFD, never a batch refused for good.
    await app.repos.accessLog.append([{ ...entry(3), action: 'a\uD800b', reason: 'lone \uDC00' }]);
    const [lone] = await app.sql<{ action: string; reason: string }[]>`
      SELECT action, reason FROM access_log WHERE document_id = ${doc.id} AND user_id = 'user-3'`;
    expect(lone).toEqual({ action: 'a\uFFFDb', reason: 'lone \uFFFD' });
    // A run of entries sharing a value (a list's decisions) stores it clipped in each of them.
    const long = `/documents/${'é'.repeat(2100)}`;
    await app.repos.accessLog.append([
      { ...entry(4), path: long },
      { ...entry(5), path: long },
      { ...entry(6), path: '/documents/😀' },
    ]);
    const paths = await app.sql<{ path: string }[]>`
      SELECT path FROM access_log WHERE document_id = ${doc.id} AND user_id IN ('user-4', 'user-5', 'user-6')
      ORDER BY id`;
    expect(paths.map((r) => [...r.path].length)).toEqual([2000, 2000, 12]);
    expect(paths[2]!.path).toBe('/documents/😀');
  });
});
