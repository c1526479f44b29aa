/**
 * Keeping the directory in step, assembled in one place: the outbox relay that delivers each
 * commit's relation changes, this replica's view of the shared directory (telling the decision
 * cache of changes, catching up with other replicas), what a request learns after its commit, and
 * read-your-writes across replicas. The application plugs these in; it builds none of them itself.
 */
import type { ChangeWatcher, Clock, DecisionService, RelationDirectory } from '@gatehousejs/core';
import type { Database } from '../db/index.ts';
import { type AfterCommit, commitDelivery } from './commit-delivery.ts';
import { type DirectoryReplica, singleProcessReplica } from './directory-replica.ts';
import { decidingOnLatestView } from './latest-view-decisions.ts';
import {
  createOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
  type RelayLog,
} from './outbox-relay.ts';
import { type ReadYourWrites, readYourWrites } from './read-your-writes.ts';

/** What {@link createDirectorySync} works with. */
export interface DirectorySyncOptions {
  readonly sql: Database;
  /** The directory the relay writes to. */
  readonly directory: RelationDirectory;
  /** This process's view of the shared directory (default: one process alone). */
  readonly replica?: DirectoryReplica;
  /** Options of the relay (sweep interval, batch size, timers, …). */
  readonly relay?: Omit<OutboxRelayOptions, 'sql' | 'directory' | 'onDelivered' | 'clock' | 'log'>;
  /** Longest wait for this replica to catch up with a caller's last write (default 2,000 ms). */
  readonly readYourWritesWaitMs?: number;
  readonly clock?: Clock;
  readonly log: RelayLog;
}

/** The directory's side of the application. */
export interface DirectorySync {
  readonly relay: OutboxRelay;
  /** The services' after-commit step: deliver, catch up, tell the request. */
  readonly afterCommit: AfterCommit;
  /** What the decision cache listens to. */
  readonly changes: ChangeWatcher;
  /** Waiting for a caller's last write on this replica. */
  readonly freshness: ReadYourWrites;
  /** `service`, asking again on this replica's latest view when it denies. */
  decisions(service: DecisionService): DecisionService;
}

/**
 * @example
 * const sync = createDirectorySync({ sql, directory: store, replica: directoryCopyReplica(store), log });
 * const authz = createAppAuthz({ decisionService: sync.decisions(engine), changes: sync.changes, … });
 * const services = createServices({ sql, afterCommit: sync.afterCommit, graph: store });
 */
export function createDirectorySync(options: DirectorySyncOptions): DirectorySync {
  const replica = options.replica ?? singleProcessReplica();
  const relay = createOutboxRelay({
    ...options.relay,
    sql: options.sql,
    directory: options.directory,
    onDelivered: () => replica.delivered(),
    ...(options.clock ? { clock: options.clock } : {}),
    log: options.log,
  });
  return {
    relay,
    afterCommit: commitDelivery({ relay, replica, log: options.log }),
    changes: replica.changes,
    freshness: readYourWrites({ replica, maxWaitMs: options.readYourWritesWaitMs }),
    decisions: (service) => decidingOnLatestView(service, replica),
  };
}
