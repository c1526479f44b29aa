/**
 * This process's view of the directory that the application's replicas share, and how it learns
 * of changes: for the embedded engine, its copy of the directory kept in PostgreSQL (it advances
 * through the store's change log, and its position is the log's version); for a remote directory
 * (Topaz), the directory itself — every replica reads the same one, so only the decision caches
 * must hear of deliveries, through PostgreSQL `NOTIFY` on the delivery channel.
 */
import { type ChangeWatcher, createChangeNotifier } from '@gatehousejs/core';
import type { Database } from '../db/index.ts';
import { announceDelivery, listenForDeliveries } from './delivery-notice.ts';

/** This process's view of the shared directory. */
export interface DirectoryReplica {
  /** Tells when this process's view changed (its decision cache listens). */
  readonly changes: ChangeWatcher;
  /**
   * How far this process's view has come: rising, comparable between replicas (the directory's
   * change-log version); 0 for a remote directory, where every replica reads the same state.
   */
  position(): number;
  /** Brings in what other replicas delivered; rejects when the directory cannot be read. */
  catchUp(): Promise<void>;
  /** This process's relay delivered changes (to tell the other replicas, when they must be told). */
  delivered(): void;
  /** Ends the subscriptions the view holds (not the directory). */
  close(): Promise<void>;
}

/** A copy of the directory that advances through a change log (the embedded engine's PostgreSQL store). */
export interface DirectoryCopy extends ChangeWatcher {
  readonly version: number;
  refresh(): Promise<void>;
}

/**
 * The view of a directory copy: its change notices, its version as the position; the store's own
 * change log already tells every replica of a delivery.
 *
 * @example
 * const replica = directoryCopyReplica(await createPostgresRelationStore({ sql, manifest }));
 */
export function directoryCopyReplica(copy: DirectoryCopy): DirectoryReplica {
  return {
    changes: copy,
    position: () => copy.version,
    catchUp: () => copy.refresh(),
    delivered: () => {},
    close: async () => {},
  };
}

/**
 * The view of a directory every replica reads directly (Topaz): deliveries are announced to all
 * replicas, this one at once (its relay delivered) and the others by `NOTIFY`; a lost connection to
 * the database counts as a notice too (notices may have been missed meanwhile).
 *
 * @example
 * const replica = await remoteDirectoryReplica(sql, logger);
 * createAuthzConfig({ …, changeWatcher: replica.changes });
 */
export async function remoteDirectoryReplica(
  sql: Database,
  log: { warn(message: string): void },
): Promise<DirectoryReplica> {
  const changes = createChangeNotifier((error) => log.warn(`change listener failed: ${String(error)}`));
  const subscription = await listenForDeliveries(sql, () => changes.notify());
  return {
    changes,
    position: () => 0,
    catchUp: async () => {},
    delivered() {
      changes.notify();
      void announceDelivery(sql, log);
    },
    close: () => subscription.unlisten(),
  };
}

/**
 * The view of a single process that shares its directory with nobody (a memory store; tests):
 * its relay's deliveries are the only changes.
 *
 * @example
 * createApp({ …, directory: memoryStore, replica: singleProcessReplica() });
 */
export function singleProcessReplica(): DirectoryReplica {
  const changes = createChangeNotifier();
  return {
    changes,
    position: () => 0,
    catchUp: async () => {},
    delivered: () => changes.notify(),
    close: async () => {},
  };
}
