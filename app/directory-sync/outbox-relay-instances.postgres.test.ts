/**
 * The outbox relay among instances and failures: a commit's own changes effective or pending, the
 * lock shared with other instances (waiting, skipping, replaying harmlessly), passes shared by
 * callers waiting together, a database that cannot be reached, and the retention of delivered
 * entries.
 */
import type { RelationDirectory } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { failingFor, owner, relayDatabase } from '../../test/support/outbox-relay-fixture.ts';
import { connectDatabase, createRepositories } from '../db/index.ts';
import { createOutboxRelay } from './index.ts';

describe('the outbox relay among instances', () => {
  const db = relayDatabase();

  it("tells whether a commit's own changes are effective, or pending while the directory fails", async () => {
    const { sql, store, owners, quiet } = db;
    const failing = new Set<string>();
    const relay = createOutboxRelay({ sql, directory: failingFor(store, failing), log: quiet });
    const repos = createRepositories(sql);
    expect(await relay.deliver(await repos.directoryOutbox.enqueue([owner('1', 'ann')]))).toBe(
      'delivered_here',
    );
    failing.add('document:2');
    const ids = await repos.directoryOutbox.enqueue([owner('2', 'ben')]);
    expect(await relay.deliver(ids)).toBe('pending');
    failing.clear();
    expect(await relay.deliver(ids)).toBe('delivered_here');
    expect(await owners('2')).toEqual(['owner@ben']);
  });

  it('waits while another instance holds the lock, and sees its own changes delivered there', async () => {
    const { sql, store } = db;
    const relay = createOutboxRelay({ sql, directory: store });
    const repos = createRepositories(sql);
    const other = await sql.reserve();
    try {
      await other`SELECT pg_advisory_lock(7153846274)`;
      const ids = await repos.directoryOutbox.enqueue([owner('4', 'ann')]);
      const waiting = relay.deliver(ids);
      // What the lock holder does: write the change, mark it delivered.
      await store.setRelation({
        objectType: 'document',
        objectId: '4',
        relation: 'owner',
        subjectType: 'user',
        subjectId: 'ann',
      });
      await repos.directoryOutbox.markDelivered(ids, new Date());
      expect(await waiting).toBe('delivered_elsewhere');
      await other`SELECT pg_advisory_unlock(7153846274)`;
    } finally {
      other.release();
    }
  });

  it('gives every caller a pass that starts after its call, shared by those waiting together', async () => {
    const { sql, store, enqueue, owners } = db;
    let open: () => void = () => {};
    let entered: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slow: RelationDirectory = {
      ...store,
      setRelation: async (r) => {
        entered();
        await gate;
        return store.setRelation(r);
      },
      getRelations: (f) => store.getRelations(f),
      check: (c) => store.check(c),
    };
    const relay = createOutboxRelay({ sql, directory: slow });
    await enqueue([owner('1', 'ann')]);
    const first = relay.flush();
    expect(relay.flush()).toBe(first); // not started yet: the same pass serves both
    await inside;
    await enqueue([owner('2', 'ben')]); // committed while the first pass runs
    const second = relay.flush();
    const third = relay.flush();
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    open();
    expect((await first).delivered).toBe(1);
    expect((await second).delivered).toBe(1);
    expect(await owners('2')).toEqual(['owner@ben']);
  });

  it('skips a pass while another instance holds the lock, and replays harmlessly afterwards', async () => {
    const { sql, store, enqueue, owners } = db;
    const relay = createOutboxRelay({ sql, directory: store });
    await enqueue([owner('1', 'ann')]);
    const other = await sql.reserve();
    try {
      await other`SELECT pg_advisory_lock(7153846274)`;
      expect(await relay.flush()).toMatchObject({ skipped: true, delivered: 0 });
      await other`SELECT pg_advisory_unlock(7153846274)`;
    } finally {
      other.release();
    }
    expect(await relay.flush()).toMatchObject({ delivered: 1 });
    await sql`UPDATE directory_outbox SET delivered_at = NULL`;
    expect(await relay.flush()).toMatchObject({ delivered: 1, failed: 0 });
    expect(await owners('1')).toEqual(['owner@ann']);
  });

  it('survives a database that cannot be reached: the pass fails, nothing throws', async () => {
    const { pg, store } = db;
    const broken = await connectDatabase(await pg.database('relay'));
    await broken.end();
    const relay = createOutboxRelay({
      sql: broken,
      directory: store,
      log: { warn: () => {}, error: () => {} },
    });
    expect(await relay.flush()).toEqual({ delivered: 0, failed: 0, held: 0, skipped: false });
    expect(relay.status()).toMatchObject({ consecutiveFailures: 1, lastError: expect.any(String) });
  });

  it('removes delivered entries once they are older than the retention', async () => {
    const { sql, store, enqueue } = db;
    let now = Date.parse('2026-01-01T00:00:00Z');
    const relay = createOutboxRelay({
      sql,
      directory: store,
      clock: { now: () => now },
      retainDeliveredMs: 60_000,
    });
    await enqueue([owner('1', 'ann')]);
    await relay.flush();
    expect((await sql`SELECT count(*)::int AS n FROM directory_outbox`)[0]?.n).toBe(1);
    now += 61_000;
    await relay.flush();
    expect((await sql`SELECT count(*)::int AS n FROM directory_outbox`)[0]?.n).toBe(0);
  });
});
