/**
 * The Postgres relation store. Every write is persisted in Postgres first (with its change
 * logged and announced by NOTIFY); the in-memory index that answers reads — synchronously, as
 * `ds.check` needs — is loaded at start and then advanced only by replaying the change log in
 * version order. A writer waits until its own change has been replayed before its promise
 * resolves, and other instances replay it when the notification arrives, so instances sharing
 * the database converge on the same state in the same order. A lost connection is caught up on
 * reconnect; an instance that fell behind the retained log reloads everything.
 */

import type {
  BatchRelationDirectory,
  DirectoryObject,
  DirectoryWrite,
  ObjectSearch,
  Relation,
  RelationCheck,
  RelationFilter,
  SubjectSearch,
} from '@gatehousejs/core';
import { postgres, type Sql, warnUnlessFixedClient } from '../postgres-driver/index.ts';
import { type DirectoryChange, DirectoryState, relationRecord, toRelation } from './directory-state.ts';
import { DirectoryError } from './errors.ts';
import { graphRules, validateObjectSearch, validateSubjectSearch } from './graph-rules.ts';
import {
  findObjectsInPostgres,
  findSubjectsInPostgres,
  type PostgresGraphContext,
} from './postgres-graph.ts';
import { type PostgresRelationStoreOptions, postgresRelationStoreSchema } from './postgres-store-options.ts';
import {
  directoryTables,
  ensureDirectoryTables,
  readChangesSince,
  readSnapshot,
  type WrittenChanges,
  writeChanges,
} from './postgres-tables.ts';
import { RelationIndex } from './relation-index.ts';
import type { RelationStore } from './relation-store.ts';
import { parseStoreOptions } from './store-options.ts';
import {
  objectKey,
  relationFilter,
  relationShape,
  validateObjectWrite,
  validateRelationWrite,
} from './write-validation.ts';

/** A relation store backed by Postgres. */
export interface PostgresRelationStore extends RelationStore, BatchRelationDirectory {
  /** The last change version replayed into this instance's index. */
  readonly version: number;
  /** Replays changes committed by any instance since the last replay. */
  refresh(): Promise<void>;
  /** Resolves once this instance has replayed `version` (e.g. another instance's write). */
  waitForVersion(version: number): Promise<void>;
}

/**
 * Connects, creates the schema's tables if needed, subscribes to changes and loads the index.
 *
 * @param options `manifest`, and `sql` (a client the caller owns) or `url`; `schema` (default
 *   `directory`), `changeRetention` (default 10,000), `clock`, `limits`
 * @example
 * const store = await createPostgresRelationStore({ url: process.env.DATABASE_URL, manifest });
 * await store.setRelation({ objectType: 'document', objectId: 'd1', relation: 'owner', subjectType: 'user', subjectId: 'ann' });
 * await store.close();
 */
export async function createPostgresRelationStore(
  options: PostgresRelationStoreOptions,
): Promise<PostgresRelationStore> {
  const config = parseStoreOptions(postgresRelationStoreSchema, options, 'Postgres relation store');
  const ownsClient = config.sql === undefined;
  if (!ownsClient) warnUnlessFixedClient(config.sql, 'createPostgresRelationStore');
  const sql: Sql = config.sql ?? postgres(config.url as string, { max: 4, onnotice: () => {} });
  const tables = directoryTables(config.schema);
  const state = new DirectoryState(config.manifest, config.limits);
  let version = 0;
  let reloadNeeded = true;
  let closed = false;
  let replaying: Promise<void> | undefined;
  let replayRequested = false;
  type Waiter = {
    readonly version: number;
    readonly resolve: () => void;
    readonly reject: (e: Error) => void;
  };
  let waiters: Waiter[] = [];

  const releaseWaiters = () => {
    const ready = waiters.filter((w) => w.version <= version);
    waiters = waiters.filter((w) => w.version > version);
    for (const waiter of ready) waiter.resolve();
  };

  const replayOnce = async (): Promise<void> => {
    const since = reloadNeeded ? 'reload' : await readChangesSince(sql, tables, version);
    if (since === 'reload') {
      const index = new RelationIndex();
      const snapshotVersion = await readSnapshot(sql, tables, (change) =>
        state.apply(state.intern(change), index),
      );
      state.replaceIndex(index);
      version = snapshotVersion;
      reloadNeeded = false;
    } else {
      for (const change of since.changes) state.apply(state.intern(change));
      version = Math.max(version, since.version);
    }
    releaseWaiters();
  };
  // Single flight: a request made while a replay runs gets one more pass after it.
  const replay = (): Promise<void> => {
    replayRequested = true;
    replaying ??= (async () => {
      try {
        while (replayRequested) {
          replayRequested = false;
          await replayOnce();
        }
      } finally {
        replaying = undefined;
      }
    })();
    return replaying;
  };
  const replayInBackground = () => {
    // A failed replay is retried by the next notification, reconnect or write.
    if (!closed) replay().catch(() => {});
  };
  // While this instance writes, notifications wait: one may announce its own commit before the
  // commit's answer arrives, and the writer brings that into the index itself (see `catchUp`).
  // Afterwards a version announced meanwhile and still missing is replayed.
  let writing = 0;
  let announcedWhileWriting = 0;
  const onNotification = (payload: string) => {
    const announced = Number(payload);
    if (!Number.isFinite(announced)) return replayInBackground();
    if (writing > 0) announcedWhileWriting = Math.max(announcedWhileWriting, announced);
    else if (announced > version) replayInBackground();
  };
  const writeDone = () => {
    if (--writing > 0) return;
    if (announcedWhileWriting > version) replayInBackground();
    announcedWhileWriting = 0;
  };
  // Brings this instance's own commit into the index. When the index holds everything before it
  // and no replay is running, the changes are applied as logged (no read back); otherwise replays
  // run until `last` is in, a replay already running being awaited rather than followed by another.
  const catchUp = async ({ first, last, changes }: WrittenChanges): Promise<void> => {
    if (version === first - 1 && !replaying && !reloadNeeded) {
      for (const change of changes) state.apply(state.intern(change));
      version = last;
      releaseWaiters();
      return;
    }
    while (version < last) {
      if (replaying) await replaying.catch(() => {});
      else await replay();
    }
  };

  let subscription: { unlisten(): Promise<unknown> };
  try {
    await ensureDirectoryTables(sql, tables);
    subscription = await sql.listen(tables.channel, onNotification, replayInBackground);
    await replay();
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

  // Validated before the transaction: an invalid write throws before any is applied.
  const prepare = (write: DirectoryWrite): DirectoryChange => {
    const now = config.clock.now();
    switch (write.op) {
      case 'setObject':
        return {
          op: 'setObject',
          object: { ...validateObjectWrite(state.model, write.object), createdAt: now, updatedAt: now },
        };
      case 'deleteObject':
        return { op: 'deleteObject', ...objectKey(write.type, write.id) };
      case 'setRelation':
        return {
          op: 'setRelation',
          relation: relationRecord(validateRelationWrite(state.model, write.relation), now),
        };
      case 'deleteRelation':
        return { op: 'deleteRelation', relation: relationShape(write.relation) };
    }
  };

  const write = async (writes: readonly DirectoryWrite[]): Promise<void> => {
    if (closed) throw new DirectoryError('store_closed', 'the relation store is closed');
    const prepared = writes.map(prepare);
    writing++;
    try {
      let written: WrittenChanges | undefined;
      try {
        written = await writeChanges(sql, tables, prepared, config.changeRetention);
      } catch (cause) {
        throw new DirectoryError('store_unavailable', `directory write failed: ${String(cause)}`, {
          cause,
        });
      }
      try {
        await (written === undefined ? replay() : catchUp(written));
      } catch (cause) {
        throw new DirectoryError(
          'store_unavailable',
          'the write was committed but the index could not be refreshed',
          { cause },
        );
      }
    } finally {
      writeDone();
    }
  };

  const checks = async (batch: readonly RelationCheck[]) => batch.map((check) => state.check(check).check);
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

  return {
    model: config.manifest,
    reader: state,
    get version() {
      return version;
    },
    refresh: replay,
    waitForVersion: (target: number) => {
      if (target <= version) return Promise.resolve();
      if (closed) return Promise.reject(new DirectoryError('store_closed', 'the relation store is closed'));
      return new Promise<void>((resolve, reject) => waiters.push({ version: target, resolve, reject }));
    },
    setObject: (object: DirectoryObject) => write([{ op: 'setObject', object }]),
    deleteObject: (type: string, id: string) => write([{ op: 'deleteObject', type, id }]),
    setRelation: (relation: Relation) => write([{ op: 'setRelation', relation }]),
    deleteRelation: (relation: Relation) => write([{ op: 'deleteRelation', relation }]),
    applyBatch: (writes: readonly DirectoryWrite[]) => write(writes),
    getRelations: async (filter: RelationFilter) => state.relations(relationFilter(filter)).map(toRelation),
    check: async (check: RelationCheck) => state.check(check).check,
    checkNow: (check: RelationCheck) => state.check(check).check,
    checks,
    findObjects: async (search: ObjectSearch) => {
      validateObjectSearch(state.model, search);
      return searchTables(() => findObjectsInPostgres(graph, search));
    },
    findSubjects: async (search: SubjectSearch) => {
      validateSubjectSearch(state.model, search);
      return searchTables(() => findSubjectsInPostgres(graph, search));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const waiter of waiters.splice(0)) {
        waiter.reject(
          new DirectoryError('store_closed', 'the relation store was closed before the version arrived'),
        );
      }
      await subscription.unlisten().catch(() => {});
      await replaying?.catch(() => {});
      if (ownsClient) await sql.end({ timeout: 5 });
    },
  };
}
