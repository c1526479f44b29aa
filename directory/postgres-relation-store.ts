/**
 * The Postgres relation store. Every write is persisted in Postgres first and reaches memory
 * through the change feed (`postgres-change-feed.ts`), so instances sharing the database converge
 * on the same state in the same order. What is held in memory depends on `loading`:
 *
 * - `snapshot`: every object and relation, loaded at start (streamed) — every read is answered
 *   from memory, `checkNow` included. Right for directories that fit comfortably in the heap
 *   (about 400 bytes a relation).
 * - `on-demand`: a bounded cache of what checks and queries read (`cacheBudget` relations), loaded
 *   per object when first needed and kept current by the same feed. Start-up reads nothing; a
 *   read that misses loads every missing object of its pass at once and runs again.
 * - `auto`: `snapshot` up to `snapshotLimit` relations (the table's estimated size), else `on-demand`.
 *
 * Graph searches are answered by SQL — `findSubjects` in every mode, `findObjects` when not
 * loaded whole (a snapshot catches up with the change log, then walks its index, unless the
 * model's arrows pass through subject sets).
 */

import {
  type BatchRelationDirectory,
  type ChangeWatcher,
  createChangeNotifier,
  type DirectoryObject,
  type DirectoryWrite,
  type ObjectSearch,
  type Relation,
  type RelationCheck,
  type RelationFilter,
  type SubjectSearch,
} from '@gatehousejs/core';
import { DirectoryState } from './directory-state.ts';
import { DirectoryError } from './errors.ts';
import { graphRules, validateObjectSearch, validateSubjectSearch } from './graph-rules.ts';
import { type ChangeFeed, type StoreSide, startChangeFeed } from './postgres-change-feed.ts';
import { onDemandSide } from './postgres-demand-side.ts';
import { postgres, type Sql, warnUnlessFixedClient } from './postgres-driver/index.ts';
import {
  findObjectsInPostgres,
  findSubjectsInPostgres,
  type PostgresGraphContext,
} from './postgres-graph.ts';
import { type PostgresRelationStoreOptions, postgresRelationStoreSchema } from './postgres-store-options.ts';
import {
  type DirectoryTables,
  directoryTables,
  ensureDirectoryTables,
  estimatedRelations,
  readSnapshot,
} from './postgres-tables.ts';
import { RelationIndex } from './relation-index.ts';
import { toRelation } from './relation-records.ts';
import type { RelationStore } from './relation-store.ts';
import { parseStoreOptions } from './store-options.ts';
import { relationFilter } from './write-validation.ts';

/**
 * A relation store backed by Postgres. As a {@link ChangeWatcher} it tells its subscribers each
 * time this instance's memory advanced — its own writes and those of every other instance — with
 * the version reached as the notice's `position`.
 */
export interface PostgresRelationStore extends RelationStore, BatchRelationDirectory, ChangeWatcher {
  /** What this instance holds in memory: every relation, or what reads needed. */
  readonly loading: 'snapshot' | 'on-demand';
  /** The last change version replayed into this instance's memory. */
  readonly version: number;
  /** Replays changes committed by any instance since the last replay. */
  refresh(): Promise<void>;
  /** Resolves once this instance has replayed `version` (e.g. another instance's write). */
  waitForVersion(version: number): Promise<void>;
}

function snapshotSide(sql: Sql, tables: DirectoryTables, state: DirectoryState): StoreSide {
  return {
    reader: state,
    target: {
      apply: ({ change }) => state.apply(state.intern(change)),
      reload: async () => {
        const index = new RelationIndex();
        const version = await readSnapshot(sql, tables, (change) => state.apply(state.intern(change), index));
        state.replaceIndex(index);
        return version;
      },
    },
    readThrough: async <T>(read: () => T) => read(),
    // Every relation is in memory: the search reads the snapshot its checks read, without a statement.
    objects: (search) => state.objects(search),
  };
}

/**
 * Connects, creates the schema's tables if needed, subscribes to changes and (with `snapshot`
 * loading) loads every relation.
 *
 * @param options `manifest`, and `sql` (a client the caller owns) or `url`; `schema` (default
 *   `directory`), `loading` (default `snapshot`), `cacheBudget` (default 250,000 relations),
 *   `snapshotLimit` (default 200,000), `changeRetention` (default 10,000), `clock`, `limits`
 * @example
 * const store = await createPostgresRelationStore({ url: process.env.DATABASE_URL, manifest, loading: 'auto' });
 * await store.setRelation({ objectType: 'document', objectId: 'd1', relation: 'owner', subjectType: 'user', subjectId: 'ann' });
 * await store.check({ objectType: 'document', objectId: 'd1', relation: 'can_read', subjectType: 'user', subjectId: 'ann' });
 * await store.close();
 */
export async function createPostgresRelationStore(
  options: PostgresRelationStoreOptions,
): Promise<PostgresRelationStore> {
  const config = parseStoreOptions(postgresRelationStoreSchema, options, 'Postgres relation store');
  const ownsClient = config.sql === undefined;
  if (!ownsClient) warnUnlessFixedClient(config.sql, 'createPostgresRelationStore');
  if (!ownsClient) warnUnlessFixedClient(config.sql, 'createPostgresRelationStore');
  const sql: Sql = config.sql ?? postgres(config.url as string, { max: 4, onnotice: () => {} });
  const tables = directoryTables(config.schema);
  let closed = false;
  const notices = createChangeNotifier();
  let feed: ChangeFeed | undefined;
  let side: StoreSide;
  let loading: 'snapshot' | 'on-demand';

  const checks = (batch: readonly RelationCheck[]) =>
    side.readThrough(() => batch.map((check) => side.reader.check(check).check));
  const graph: PostgresGraphContext = {
    sql,
    schema: config.schema,
    rules: graphRules(config.manifest),
    maxDepth: config.limits.maxDepth,
    confirm: checks,
  };
  // Graph searches read the tables; a failure there is the store's, named as such.
  const searchTables = async <T>(search: () => Promise<T>): Promise<T> => {
    if (closed) throw new DirectoryError('store_closed', 'the relation store is closed');
    try {
      return await search();
    } catch (cause) {
      if (cause instanceof DirectoryError) throw cause;
      throw new DirectoryError('store_unavailable', `graph search failed: ${String(cause)}`, { cause });
    }
  };

  try {
    await ensureDirectoryTables(sql, tables);
    loading =
      config.loading === 'auto'
        ? (await estimatedRelations(sql, tables, config.snapshotLimit)) > config.snapshotLimit
          ? 'on-demand'
          : 'snapshot'
        : config.loading;
    side =
      loading === 'snapshot'
        ? snapshotSide(sql, tables, new DirectoryState(config.manifest, config.limits))
        : onDemandSide({
            sql,
            tables,
            model: config.manifest,
            limits: config.limits,
            cacheBudget: config.cacheBudget,
            ringSize: config.changeRetention,
            version: () => feed?.version ?? 0,
            graph,
          });
    feed = await startChangeFeed({
      sql,
      tables,
      model: config.manifest,
      clock: config.clock,
      changeRetention: config.changeRetention,
      target: side.target,
      onAdvance: (version) => notices.notify({ position: version }),
    });
  } catch (cause) {
    if (ownsClient) await sql.end({ timeout: 1 });
    throw new DirectoryError(
      'store_unavailable',
      `cannot start the Postgres relation store: ${String(cause)}`,
      {
        cause,
      },
    );
  }
  const changes = feed;
  const { reader } = side;

  return {
    model: config.manifest,
    reader,
    loading,
    get version() {
      return changes.version;
    },
    refresh: () => changes.replay(),
    subscribe: (listener) => notices.subscribe(listener),
    waitForVersion: (version: number) => changes.waitForVersion(version),
    setObject: (object: DirectoryObject) => changes.write([{ op: 'setObject', object }]),
    deleteObject: (type: string, id: string) => changes.write([{ op: 'deleteObject', type, id }]),
    setRelation: (relation: Relation) => changes.write([{ op: 'setRelation', relation }]),
    deleteRelation: (relation: Relation) => changes.write([{ op: 'deleteRelation', relation }]),
    applyBatch: (writes: readonly DirectoryWrite[]) => changes.write(writes),
    getRelations: async (filter: RelationFilter) => {
      const query = relationFilter(filter);
      return (await side.readThrough(() => reader.relations(query))).map(toRelation);
    },
    check: (check: RelationCheck) => side.readThrough(() => reader.check(check).check),
    checkNow: (check: RelationCheck) => reader.check(check).check,
    checks,
    readThrough: (read) => side.readThrough(read),
    findObjects: async (search: ObjectSearch) => {
      validateObjectSearch(reader.model, search);
      const inMemory = side.objects;
      if (!inMemory) return searchTables(() => findObjectsInPostgres(graph, search));
      return searchTables(async () => {
        // Like the tables, the search answers with every change committed before it, whichever
        // instance made it: the memory catches up first (one read of the change log), so a share
        // whose notice is still on its way is found — and the checks then read that same memory.
        await changes.replay();
        return inMemory(search) ?? findObjectsInPostgres(graph, search);
      });
    },
    findSubjects: async (search: SubjectSearch) => {
      validateSubjectSearch(reader.model, search);
      return searchTables(() => findSubjectsInPostgres(graph, search));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await changes.close();
      if (ownsClient) await sql.end({ timeout: 5 });
    },
  };
}
