/**
 * The change feed of the Postgres relation store, whatever its index holds: every write is
 * persisted first (logged under a version and announced by NOTIFY), and what this instance holds
 * in memory is advanced only by replaying the change log in version order. A writer waits until
 * its own change has been replayed before its promise resolves; other instances replay it when
 * the notification arrives, so instances sharing the database converge in the same order. A lost
 * connection is caught up on reconnect; an instance that fell behind the retained log reloads.
 */
import type { Clock, DirectoryWrite, ObjectSearch } from '@gatehousejs/core';
import type { DirectoryChange } from './directory-state.ts';
import { DirectoryError } from './errors.ts';
import type { DirectoryModel } from './model.ts';
import type { Sql } from './postgres-driver/index.ts';
import {
  type DirectoryTables,
  type LoggedChange,
  readChangesSince,
  type WrittenChanges,
  writeChanges,
} from './postgres-tables.ts';
import { relationRecord } from './relation-records.ts';
import type { DirectoryReader } from './relation-store.ts';
import { objectKey, relationShape, validateObjectWrite, validateRelationWrite } from './write-validation.ts';

/** What the feed keeps current: a full index, or a cache of what was read. */
export interface ChangeTarget {
  /** Applies one change, in version order (each version at most once). */
  apply(logged: LoggedChange): void;
  /** Starts over from the database's present state; resolves to the version that state is at. */
  reload(): Promise<number>;
}

/** What differs between a store's loading modes: the reader, what the feed updates, how reads load. */
export interface StoreSide {
  readonly reader: DirectoryReader;
  readonly target: ChangeTarget;
  readThrough<T>(read: () => T): Promise<T>;
  /**
   * An object search answered from memory (a side that holds every relation), or `undefined`
   * where it must be asked of the tables.
   */
  objects?(search: ObjectSearch): string[] | undefined;
}

/** The feed of one store instance. */
export interface ChangeFeed {
  /** The last version replayed into the target. */
  readonly version: number;
  /** Replays changes committed by any instance since the last replay (single flight). */
  replay(): Promise<void>;
  /** Resolves once `version` has been replayed. */
  waitForVersion(version: number): Promise<void>;
  /** Validates, persists and replays writes: resolves once they are in the target. */
  write(writes: readonly DirectoryWrite[]): Promise<void>;
  /** Stops listening; pending waits reject with `store_closed`. */
  close(): Promise<void>;
}

/**
 * A write validated against the model and stamped with the time, as logged. Invalid writes
 * throw (`invalid_object` / `invalid_relation`) before anything is sent.
 */
export function prepareChange(model: DirectoryModel, clock: Clock, write: DirectoryWrite): DirectoryChange {
  const now = clock.now();
  switch (write.op) {
    case 'setObject':
      return {
        op: 'setObject',
        object: { ...validateObjectWrite(model, write.object), createdAt: now, updatedAt: now },
      };
    case 'deleteObject':
      return { op: 'deleteObject', ...objectKey(write.type, write.id) };
    case 'setRelation':
      return {
        op: 'setRelation',
        relation: relationRecord(validateRelationWrite(model, write.relation), now),
      };
    case 'deleteRelation':
      return { op: 'deleteRelation', relation: relationShape(write.relation) };
  }
}

/** Where the feed reads and writes, and what it keeps current. */
export interface ChangeFeedSettings {
  readonly sql: Sql;
  readonly tables: DirectoryTables;
  readonly model: DirectoryModel;
  readonly clock: Clock;
  readonly changeRetention: number;
  readonly target: ChangeTarget;
  /**
   * Told each time the target advanced (a change applied or a reload), before the writers and
   * readers waiting for it are released — so a decision cache cleared here is clear when they go on.
   */
  readonly onAdvance?: (version: number) => void;
}

/**
 * Subscribes to the schema's notifications and brings the target up to date (a reload first).
 *
 * @throws whatever the database answers (the store names it `store_unavailable`)
 */
export async function startChangeFeed(settings: ChangeFeedSettings): Promise<ChangeFeed> {
  const { sql, tables, target } = settings;
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

  let announcedVersion = 0;
  const releaseWaiters = (reloaded = false) => {
    if (reloaded || version !== announcedVersion) {
      announcedVersion = version;
      settings.onAdvance?.(version);
    }
    const ready = waiters.filter((w) => w.version <= version);
    waiters = waiters.filter((w) => w.version > version);
    for (const waiter of ready) waiter.resolve();
  };
  const applyInOrder = (changes: readonly LoggedChange[]) => {
    for (const logged of changes) {
      if (logged.version <= version) continue;
      target.apply(logged);
      version = logged.version;
    }
  };
  const replayOnce = async (): Promise<void> => {
    const since = reloadNeeded ? 'reload' : await readChangesSince(sql, tables, version);
    if (since === 'reload') {
      version = await target.reload();
      reloadNeeded = false;
    } else {
      applyInOrder(since.changes);
      version = Math.max(version, since.version);
    }
    releaseWaiters(since === 'reload');
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
  // commit's answer arrives, and the writer brings that in itself (see `catchUp`). Afterwards a
  // version announced meanwhile and still missing is replayed.
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
  // Brings this instance's own commit in. When the target holds everything before it and no
  // replay is running, the changes are applied as logged (no read back); otherwise replays run
  // until `last` is in, a replay already running being awaited rather than followed by another.
  const catchUp = async ({ first, last, changes }: WrittenChanges): Promise<void> => {
    if (version === first - 1 && !replaying && !reloadNeeded) {
      applyInOrder(changes);
      version = last;
      releaseWaiters();
      return;
    }
    while (version < last) {
      if (replaying) await replaying.catch(() => {});
      else await replay();
    }
  };

  const subscription = await sql.listen(tables.channel, onNotification, replayInBackground);
  try {
    await replay();
  } catch (error) {
    await subscription.unlisten().catch(() => {});
    throw error;
  }

  return {
    get version() {
      return version;
    },
    replay,
    waitForVersion: (target: number) => {
      if (target <= version) return Promise.resolve();
      if (closed) return Promise.reject(new DirectoryError('store_closed', 'the relation store is closed'));
      return new Promise<void>((resolve, reject) => waiters.push({ version: target, resolve, reject }));
    },
    write: async (writes: readonly DirectoryWrite[]): Promise<void> => {
      if (closed) throw new DirectoryError('store_closed', 'the relation store is closed');
      // Validated before the transaction: an invalid write throws before any is applied.
      const prepared = writes.map((w) => prepareChange(settings.model, settings.clock, w));
      writing++;
      try {
        let written: WrittenChanges | undefined;
        try {
          written = await writeChanges(sql, tables, prepared, settings.changeRetention);
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
    },
  };
}
