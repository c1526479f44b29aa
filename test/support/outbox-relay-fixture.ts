/**
 * What the outbox relay's tests share: relation writes to enqueue, timers fired by hand, a directory
 * that fails for chosen objects (with or without batches), and a migrated PostgreSQL database with
 * a fresh memory store before each case.
 */
import type { BatchRelationDirectory, DirectoryWrite, RelationDirectory } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { connectDatabase, createRepositories, type Database, migrate } from '../../app/db/index.ts';
import type { RelayPass, RelayTimers } from '../../app/directory-sync/index.ts';
import type { EmbeddedPostgresServer } from '../../app/stack/index.ts';
import { startTestPostgres } from './postgres.ts';

/** Document `doc` owned by `user`. */
export const owner = (doc: string, user: string): DirectoryWrite => ({
  op: 'setRelation',
  relation: {
    objectType: 'document',
    objectId: doc,
    relation: 'owner',
    subjectType: 'user',
    subjectId: user,
  },
});
/** Document `doc` readable by `user`. */
export const reader = (doc: string, user: string): DirectoryWrite => ({
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
export function recordingTimers() {
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
export function failingFor(store: RelationDirectory, failing: Set<string>): RelationDirectory {
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
export function batching(directory: RelationDirectory, failing: Set<string>) {
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

/** The database and store of a case (filled in by the hooks). */
export interface RelayDatabase {
  readonly pg: EmbeddedPostgresServer;
  readonly sql: Database;
  readonly store: RelationStore;
  /** A log that keeps quiet. */
  readonly quiet: { warn(message: string): void; error(message: string): void };
  /** Enqueues changes as a commit would; their outbox ids. */
  enqueue(changes: DirectoryWrite[]): Promise<number[]>;
  /** The relations of document `doc` in the store, as `relation@subject`. */
  owners(doc: string): Promise<string[]>;
}

/**
 * Starts a migrated database for the enclosing `describe`, with an empty outbox and a fresh memory
 * store before each case.
 *
 * @example
 * const db = relayDatabase();
 * it('…', async () => { const { sql, store } = db; … });
 */
export function relayDatabase(): RelayDatabase {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let store: RelationStore;
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
  return {
    get pg() {
      return pg;
    },
    get sql() {
      return sql;
    },
    get store() {
      return store;
    },
    quiet: { warn: () => {}, error: () => {} },
    enqueue: (changes) => createRepositories(sql).directoryOutbox.enqueue(changes),
    owners: async (doc) =>
      (await store.getRelations({ objectType: 'document', objectId: doc })).map(
        (r) => `${r.relation}@${r.subjectId}`,
      ),
  };
}
