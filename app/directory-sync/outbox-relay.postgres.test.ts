import type { BatchRelationDirectory, DirectoryWrite, RelationDirectory } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import { connectDatabase, createRepositories, type Database, migrate } from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { createOutboxRelay, type RelayPass, type RelayTimers } from './index.ts';

const owner = (doc: string, user: string): DirectoryWrite => ({
  op: 'setRelation',
  relation: {
    objectType: 'document',
    objectId: doc,
    relation: 'owner',
    subjectType: 'user',
    subjectId: user,
  },
});
const reader = (doc: string, user: string): DirectoryWrite => ({
  op: 'setRelation',
  relation: {
    objectType: 'document',
    objectId: doc,
    relation: 'reader',
    subjectType: 'user',
    subjectId: user,
  },
});

/** Timers that record the delays asked for and fire only when told. */
function recordingTimers() {
  const delays: number[] = [];
  let pending: (() => void) | undefined;
  const timers: RelayTimers = {
    setTimeout: (run, ms) => {
      delays.push(ms);
      pending = run;
      return delays.length;
    },
    clearTimeout: () => {
      pending = undefined;
    },
  };
  // The relay's timer callback returns its pass.
  return { timers, delays, fire: () => pending?.() as unknown as Promise<RelayPass> };
}

/** The store, with writes failing for objects listed in `failing`. */
function failingFor(store: RelationDirectory, failing: Set<string>): RelationDirectory {
  const check = (key: string) => {
    if (failing.has(key)) throw new Error(`directory down for ${key}`);
  };
  return {
    ...store,
    async setObject(o) {
      check(`${o.type}:${o.id}`);
      await store.setObject(o);
    },
    async deleteObject(t, id) {
      check(`${t}:${id}`);
      await store.deleteObject(t, id);
    },
    async setRelation(r) {
      check(`${r.objectType}:${r.objectId}`);
      await store.setRelation(r);
    },
    async deleteRelation(r) {
      check(`${r.objectType}:${r.objectId}`);
      await store.deleteRelation(r);
    },
    getRelations: (f) => store.getRelations(f),
    check: (c) => store.check(c),
  };
}

/**
 * `directory` with batches: all or none (refused when any write touches an object in `failing`),
 * recording each batch's size and every single write.
 */
function batching(directory: RelationDirectory, failing: Set<string>) {
  const batches: number[] = [];
  const singles: string[] = [];
  const key = (w: DirectoryWrite) =>
    w.op === 'setObject'
      ? `${w.object.type}:${w.object.id}`
      : w.op === 'deleteObject'
        ? `${w.type}:${w.id}`
        : `${w.relation.objectType}:${w.relation.objectId}`;
  const single = failingFor(directory, failing);
  const batched: BatchRelationDirectory = {
    ...single,
    setRelation: (r) => {
      singles.push(`${r.objectId}#${r.relation}`);
      return single.setRelation(r);
    },
    async applyBatch(writes) {
      batches.push(writes.length);
      const refused = writes.map(key).find((k) => failing.has(k));
      if (refused) throw new Error(`directory down for ${refused}`);
      for (const w of writes) {
        if (w.op === 'setObject') await directory.setObject(w.object);
        else if (w.op === 'deleteObject') await directory.deleteObject(w.type, w.id);
        else if (w.op === 'setRelation') await directory.setRelation(w.relation);
        else await directory.deleteRelation(w.relation);
      }
    },
  };
  return { batched, batches, singles };
}

describe('the outbox relay', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let store: RelationStore;
  const quiet = { warn: () => {}, error: () => {} };
  const enqueue = (changes: DirectoryWrite[]) => createRepositories(sql).directoryOutbox.enqueue(changes);
  const owners = async (doc: string) =>
    (await store.getRelations({ objectType: 'document', objectId: doc })).map(
      (r) => `${r.relation}@${r.subjectId}`,
    );

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('relay'));
    await migrate(sql);
  });
  beforeEach(async () => {
    await sql`DELETE FROM directory_outbox`;
    store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
  });
  afterAll(async () => {
    await sql?.end();
    await pg?.stop();
  });

  it('delivers pending changes in order, marks them, and reports the count', async () => {
    const reported: number[] = [];
    const relay = createOutboxRelay({
      sql,
      directory: store,
      onDelivered: (n) => reported.push(n),
      batchSize: 2,
    });
    await enqueue([
      owner('1', 'ann'),
      reader('1', 'ben'),
      owner('2', 'ben'),
      { op: 'deleteObject', type: 'document', id: '2' },
    ]);
    expect(await relay.flush()).toEqual({ delivered: 4, failed: 0, held: 0, skipped: false });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@ben']);
    expect(await owners('2')).toEqual([]);
    expect(await createRepositories(sql).directoryOutbox.countPending()).toBe(0);
    expect(reported).toEqual([4]);
    expect(await relay.flush()).toEqual({ delivered: 0, failed: 0, held: 0, skipped: false });
  });

  it('holds back later changes to an object whose change failed, and delivers the others', async () => {
    const failing = new Set(['document:1']);
    const relay = createOutboxRelay({ sql, directory: failingFor(store, failing) });
    await enqueue([owner('1', 'ann'), owner('2', 'ben'), reader('1', 'cy')]);
    expect(await relay.flush()).toEqual({ delivered: 1, failed: 1, held: 1, skipped: false });
    expect(await owners('2')).toEqual(['owner@ben']);
    const [first, second] = await createRepositories(sql).directoryOutbox.listPending();
    expect(first).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('directory down for document:1'),
    });
    expect(second).toMatchObject({ attempts: 0, lastError: null });
    failing.clear();
    expect(await relay.flush()).toMatchObject({ delivered: 2, failed: 0 });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
  });

  it('gives a directory that applies batches one batch per read, in order', async () => {
    const { batched, batches, singles } = batching(store, new Set());
    const relay = createOutboxRelay({ sql, directory: batched, batchSize: 3 });
    const revoke = (doc: string, user: string): DirectoryWrite => ({
      op: 'deleteRelation',
      relation: {
        objectType: 'document',
        objectId: doc,
        relation: 'reader',
        subjectType: 'user',
        subjectId: user,
      },
    });
    // Granted, revoked, granted again, revoked again: the last word is the revocation.
    await enqueue([owner('1', 'ann'), reader('1', 'ben'), revoke('1', 'ben'), reader('1', 'ben')]);
    await enqueue([revoke('1', 'ben'), owner('2', 'cy')]);
    expect(await relay.flush()).toEqual({ delivered: 6, failed: 0, held: 0, skipped: false });
    expect(batches).toEqual([3, 3]);
    expect(singles).toEqual([]);
    expect(await owners('1')).toEqual(['owner@ann']);
    expect(await owners('2')).toEqual(['owner@cy']);
    expect(await createRepositories(sql).directoryOutbox.countPending()).toBe(0);
  });

  it('goes on entry by entry after a failed batch: the others are delivered, none out of order', async () => {
    const failing = new Set(['document:1']);
    const { batched, batches, singles } = batching(store, failing);
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), error: () => {} };
    const relay = createOutboxRelay({ sql, directory: batched, batchSize: 2, log });
    await enqueue([owner('1', 'ann'), owner('2', 'ben'), reader('1', 'cy'), owner('3', 'dan')]);
    expect(await relay.flush()).toEqual({ delivered: 2, failed: 1, held: 1, skipped: false });
    expect(warnings).toContainEqual(
      expect.stringMatching(/batch of outbox entries .*directory down for document:1/),
    );
    // The first read's batch failed; that read and the next went one by one.
    expect(batches).toEqual([2]);
    expect(singles).toEqual(['1#owner', '2#owner', '3#owner']);
    expect(await owners('1')).toEqual([]);
    failing.clear();
    expect(await relay.flush()).toMatchObject({ delivered: 2, failed: 0 });
    expect(batches).toEqual([2, 2]);
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
  });

  it('sweeps on its interval, probes with one change while nothing goes through, then delivers all', async () => {
    const failing = new Set(['document:1', 'document:2']);
    const calls: string[] = [];
    const counted = failingFor(store, failing);
    const directory: RelationDirectory = {
      ...counted,
      setRelation: (r) => {
        calls.push(`${r.objectId}#${r.relation}`);
        return counted.setRelation(r);
      },
    };
    const { timers, delays, fire } = recordingTimers();
    const relay = createOutboxRelay({ sql, directory, timers, sweepIntervalMs: 5000, probeIntervalMs: 1000 });
    await enqueue([owner('1', 'ann'), reader('1', 'cy'), owner('2', 'ben')]);
    expect(await relay.start()).toMatchObject({ delivered: 0, failed: 2, held: 1 });
    for (let i = 0; i < 3; i++) {
      calls.length = 0;
      expect(await fire()).toMatchObject({ delivered: 0, failed: 1, held: 0 });
      // Nothing goes through: the probe is the oldest change alone, one call to the directory.
      expect(calls).toEqual(['1#owner']);
    }
    expect(delays).toEqual([1000, 1000, 1000, 1000]);
    // A pass after a commit is never a probe: unrelated changes go ahead.
    await enqueue([owner('3', 'dan')]);
    expect(await relay.flush()).toMatchObject({ delivered: 1, failed: 2, held: 1 });
    // The directory answers (only some changes fail): sweeps try everything again.
    calls.length = 0;
    expect(await fire()).toMatchObject({ delivered: 0, failed: 2, held: 1 });
    expect(calls).toEqual(['1#owner', '2#owner']);
    failing.clear();
    expect(await fire()).toMatchObject({ delivered: 3, failed: 0 });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
    expect(delays.at(-1)).toBe(5000);
    expect(relay.status()).toMatchObject({ running: true, consecutiveFailures: 0 });
    await relay.stop();
    const before = delays.length;
    await relay.flush();
    expect(delays.length).toBe(before);
    expect(relay.status().running).toBe(false);
  });

  it("tells whether a commit's own changes are effective, or pending while the directory fails", async () => {
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
