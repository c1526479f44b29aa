/**
 * What every service runs on.
 */
import type { Database } from '../db/index.ts';

/** The database, and the hook that delivers directory changes once their transaction committed. */
export interface ServiceDeps {
  readonly sql: Database;
  /**
   * Called after every commit that enqueued directory changes; resolves when they were delivered
   * (or the attempt failed — the relay's sweep then repairs). The outbox relay's `flush`.
   */
  readonly afterCommit: () => Promise<unknown>;
}
