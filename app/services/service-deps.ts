/**
 * What every service runs on.
 */
import type { Clock, RelationGraph } from '@gatehousejs/core';
import type { Database } from '../db/index.ts';
import type { Access } from './access.ts';

/** The database, and the hook that delivers directory changes once their transaction committed. */
export interface ServiceDeps {
  readonly sql: Database;
  /**
   * Called after every commit that enqueued directory changes, with the ids `enqueue` returned when
   * the caller must know whether they are effective; resolves when they were delivered (or the
   * attempt failed — the relay's sweep then repairs), to `'pending'` when they are not yet in the
   * directory (and then tells `access`, the caller whose commit it was, through its `onPending`).
   * The outbox relay's `deliver` (`flush` without ids).
   */
  readonly afterCommit: (outboxIds?: readonly number[], access?: Access) => Promise<unknown>;
  /** When things happen (documents moved to and purged from the trash); default the system clock. */
  readonly clock?: Clock;
  /**
   * Reverse lookups on the directory (which documents a user reaches; who reaches a document, and
   * why); absent where a service runs without a directory (unit tests).
   */
  readonly graph?: RelationGraph;
}
