import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RelationDirectory } from '../../core/index.ts';
import { createMemoryRelationStore, loadManifestFile, type RelationStore } from '../../engine/index.ts';
import { startTestPostgres } from '../../test/support/postgres.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  type DirectoryChange,
  migrate,
} from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { createOutboxRelay, type RelayTimers } from './index.ts';

const owner = (doc: string, user: string): DirectoryChange => ({
  op: 'set_relation',
  relation: {
    objectType: 'document',
    objectId: doc,
    relation: 'owner',
    subjectType: 'user',
    subjectId: user,
  },
});
const reader = (doc: string, user: string): DirectoryChange => ({
  op: 'set_relation',
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
  return { timers, delays, fire: () => pending?.() };
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

describe('the outbox relay', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let store: RelationStore;
  const enqueue = (changes: DirectoryChange[]) => createRepositories(sql).directoryOutbox.enqueue(changes);
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
      { op: 'delete_object', object: { type: 'document', id: '2' } },
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

  it('sweeps on its interval, backs off exponentially while failing, and stops', async () => {
    const failing = new Set(['document:1']);
    const { timers, delays, fire } = recordingTimers();
    const relay = createOutboxRelay({
      sql,
      directory: failingFor(store, failing),
      timers,
      sweepIntervalMs: 5000,
      initialBackoffMs: 1000,
      maxBackoffMs: 3000,
    });
    await enqueue([owner('1', 'ann')]);
    await relay.start();
    for (let i = 0; i < 3; i++) {
      fire();
      await relay.flush().then(() => undefined);
    }
    expect(relay.status().consecutiveFailures).toBeGreaterThanOrEqual(4);
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 3000, 3000]);
    failing.clear();
    await relay.flush();
    expect(delays.at(-1)).toBe(5000);
    expect(relay.status()).toMatchObject({ running: true, consecutiveFailures: 0 });
    await relay.stop();
    const before = delays.length;
    await relay.flush();
    expect(delays.length).toBe(before);
    expect(relay.status().running).toBe(false);
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
