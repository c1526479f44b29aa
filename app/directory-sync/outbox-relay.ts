/**
 * The outbox relay: delivers the relation changes that data changes committed to
 * `directory_outbox` to the decision service's directory, so that no change is ever lost between
 * the two. It runs right after each commit (`flush`, or `deliver` to learn whether the commit's own
 * changes are effective), at start-up, and on a periodic sweep. While deliveries fail it probes
 * every `probeIntervalMs` with the oldest pending change alone (one directory call), and delivers
 * everything at once on the first success — recovery does not wait for a backoff ceiling.
 * A directory that applies batches gets each read of pending changes as one batch, in id order;
 * otherwise, or after a failed batch, changes of one object are applied in id order; when one
 * fails, later changes touching the same objects wait for it, unrelated ones go ahead, up to
 * `concurrency` at once. One instance at a time
 * delivers (a PostgreSQL advisory lock), and a replay after a crash is harmless because directory
 * writes are idempotent.
 */

import { type Clock, type RelationDirectory, systemClock } from '@gatehousejs/core';
import { z } from 'zod';
import { createRepositories, type Database, type DirectoryOutboxRepository } from '../db/index.ts';
import { deliverPending } from './outbox-pass.ts';

/** Advisory lock key of the relay (an arbitrary constant owned by Gatehouse). */
const RELAY_LOCK_KEY = 7_153_846_274;

/** Options of {@link createOutboxRelay}; the schema holds the defaults. */
export const outboxRelayOptionsSchema = z.object({
  /** Entries read per query (default 100). */
  batchSize: z.number().int().min(1).max(1000).default(100),
  /** Time between sweeps while all is well, in milliseconds (default 5,000). */
  sweepIntervalMs: z.number().int().min(1).default(5_000),
  /** Time between probes while deliveries fail (default 1,000 ms). */
  probeIntervalMs: z.number().int().min(1).default(1_000),
  /** Directory writes at once in a pass (default 8). */
  concurrency: z.number().int().min(1).max(64).default(8),
  /** How long `deliver` waits for a commit's changes before calling them pending (default 2,000 ms). */
  deliveryWaitMs: z.number().int().min(0).default(2_000),
  /** Delivered entries are removed after this long (default one day). */
  retainDeliveredMs: z.number().int().min(0).default(86_400_000),
  /** Time between removals of old delivered entries (default one minute). */
  cleanupIntervalMs: z.number().int().min(0).default(60_000),
});

/** Timers, injectable so that tests never wait. */
export interface RelayTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where the relay reports failures. */
export interface RelayLog {
  warn(message: string): void;
  error(message: string): void;
}

/** Options of {@link createOutboxRelay}. */
export type OutboxRelayOptions = z.input<typeof outboxRelayOptionsSchema> & {
  readonly sql: Database;
  readonly directory: RelationDirectory;
  /** Called after a pass that delivered something (e.g. to clear a decision cache). */
  readonly onDelivered?: (count: number) => void;
  readonly clock?: Clock;
  readonly timers?: RelayTimers;
  /** Default: `console`. */
  readonly log?: RelayLog;
};

/** What one pass did. */
export interface RelayPass {
  readonly delivered: number;
  readonly failed: number;
  /** Left pending because an earlier change to the same object failed. */
  readonly held: number;
  /** Another instance held the lock; this one delivered nothing. */
  readonly skipped: boolean;
}

/** State for health reports. */
export interface RelayStatus {
  readonly running: boolean;
  readonly consecutiveFailures: number;
  readonly lastError: string | undefined;
}

/**
 * Whether a commit's directory changes are in the directory: delivered by this instance's relay
 * (`delivered_here`), found delivered by another instance's (`delivered_elsewhere`: this process's
 * copy of the directory may still have to catch up), or accepted but not yet (`pending`).
 */
export type DeliveryState = 'delivered_here' | 'delivered_elsewhere' | 'pending';

/** A running relay. */
export interface OutboxRelay {
  /** Delivers what is pending, in a pass that starts after this call; never rejects. */
  flush(): Promise<RelayPass>;
  /**
   * Delivers what is pending and tells whether the outbox entries `ids` (a commit's own) are
   * delivered: `pending` when the directory failed, or when `deliveryWaitMs` passed while another
   * instance held the lock. Never rejects.
   */
  deliver(ids: readonly number[]): Promise<DeliveryState>;
  /** Delivers what is pending now, then sweeps periodically until {@link OutboxRelay.stop}. */
  start(): Promise<RelayPass>;
  /** Stops sweeping and waits for a running pass. */
  stop(): Promise<void>;
  status(): RelayStatus;
}

const globalTimers: RelayTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Creates a relay (not started).
 *
 * @param options `sql`, `directory`; `batchSize` 100, `sweepIntervalMs` 5,000, `probeIntervalMs` 1,000,
 *   `concurrency` 8, `deliveryWaitMs` 2,000, `retainDeliveredMs` one day, `cleanupIntervalMs` one minute
 * @example
 * const relay = createOutboxRelay({ sql, directory: store });
 * await relay.start();                 // delivers what a previous process left behind
 * await withTransaction(sql, async (tx) => { … await tx.directoryOutbox.enqueue(changes); });
 * await relay.flush();                 // right after the commit
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const config = outboxRelayOptionsSchema.parse(options);
  const { sql, directory } = options;
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? globalTimers;
  const log = options.log ?? console;
  const outbox = createRepositories(sql).directoryOutbox;
  let consecutiveFailures = 0;
  // The last pass delivered nothing and failed: the directory (or the database) seems unreachable,
  // so a sweep only probes. When some changes fail while others go through, sweeps stay full.
  let unreachable = false;
  let lastError: string | undefined;
  let running = false;
  let timer: unknown;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting: Promise<RelayPass> | undefined;

  let lastCleanup = Number.NEGATIVE_INFINITY;

  /** Delivers under the lock (held by the caller). */
  async function deliverLocked(
    probeOnly: boolean,
    lockedOutbox: DirectoryOutboxRepository,
  ): Promise<RelayPass> {
    const delivery = {
      outbox: lockedOutbox,
      directory,
      batchSize: config.batchSize,
      concurrency: config.concurrency,
    };
    const now = () => new Date(clock.now());
    // A sweep while nothing goes through probes the directory with one change; on success the rest
    // follows at once. A pass after a commit tries everything: unrelated objects go ahead.
    const probe = probeOnly ? await deliverPending({ ...delivery, now, onlyOldest: true }) : undefined;
    const rest =
      probe === undefined || (probe.delivered > 0 && probe.failed === 0)
        ? await deliverPending({ ...delivery, now })
        : { delivered: 0, failed: 0, held: 0, lastError: undefined };
    const result = {
      delivered: (probe?.delivered ?? 0) + rest.delivered,
      failed: (probe?.failed ?? 0) + rest.failed,
      held: (probe?.held ?? 0) + rest.held,
    };
    lastError = rest.lastError ?? probe?.lastError ?? lastError;
    // Also when the changes then went through one by one: a batch should not fail where they do not.
    if (rest.batchError) log.warn(`directory outbox: ${rest.batchError}; delivering one by one`);
    if (clock.now() - lastCleanup >= config.cleanupIntervalMs) {
      lastCleanup = clock.now();
      await lockedOutbox.deleteDelivered(new Date(clock.now() - config.retainDeliveredMs));
    }
    consecutiveFailures = result.failed > 0 ? consecutiveFailures + 1 : 0;
    unreachable = result.failed > 0 && result.delivered === 0;
    if (result.failed > 0)
      log.warn(`directory outbox: ${result.failed} change(s) not delivered: ${lastError}`);
    if (result.delivered > 0) options.onDelivered?.(result.delivered);
    return { ...result, skipped: false };
  }

  async function pass(probeOnly: boolean): Promise<RelayPass> {
    let work: Promise<RelayPass> | undefined;
    try {
      // The lock lives as long as a transaction (a reserved connection that died would go back to
      // the driver's pool broken). The outbox is read and marked in that transaction, so a pass
      // commits its marks once; when it cannot commit, its entries stay pending and are delivered
      // again, which directory writes being idempotent makes harmless.
      return await sql.begin(async (tx) => {
        const [row] = await tx<
          { locked: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(${RELAY_LOCK_KEY}) AS locked`;
        if (!row?.locked) return { delivered: 0, failed: 0, held: 0, skipped: true };
        work = deliverLocked(probeOnly, createRepositories(tx).directoryOutbox);
        return work;
      });
    } catch (error) {
      // The transaction ends when its connection is lost, the delivery may still be running: the
      // next pass of this instance must not overlap it.
      await work?.catch(() => undefined);
      consecutiveFailures++;
      unreachable = true;
      lastError = error instanceof Error ? error.message : String(error);
      log.error(`directory outbox: delivery pass failed: ${lastError}`);
      return { delivered: 0, failed: 0, held: 0, skipped: false };
    }
  }

  function schedule(): void {
    if (!running) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    const delay = consecutiveFailures === 0 ? config.sweepIntervalMs : config.probeIntervalMs;
    // The pass is returned (not awaited) so that test timers can wait for it.
    timer = timers.setTimeout(() => {
      timer = undefined;
      return run(consecutiveFailures > 0 ? 'probe' : 'full');
    }, delay);
  }

  // Passes run one after another. Callers share the pass that has not started yet, so each caller
  // gets a pass that starts after its call (its commit is visible to it) without piling up passes;
  // the shared pass is a probe only when every caller asked for one.
  let probeRequested = true;
  function run(mode: 'probe' | 'full'): Promise<RelayPass> {
    if (mode === 'full') probeRequested = false;
    if (waiting) return waiting;
    const next = chain.then(() => {
      waiting = undefined;
      const probeOnly = probeRequested && unreachable;
      probeRequested = true;
      return pass(probeOnly);
    });
    waiting = next;
    chain = next.finally(schedule);
    return next;
  }
  const flush = () => run('full');

  async function deliver(ids: readonly number[]): Promise<DeliveryState> {
    if (ids.length === 0) return 'delivered_here';
    const deadline = clock.now() + config.deliveryWaitMs;
    let timer: NodeJS.Timeout | undefined;
    // A caller never waits longer than deliveryWaitMs, whatever a pass does meanwhile.
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), config.deliveryWaitMs).unref();
    });
    try {
      for (;;) {
        const result = await Promise.race([flush(), late]);
        if (result === 'late') return 'pending';
        // A pass that started after the commit and went through everything it found took these.
        if (!result.skipped && result.failed === 0 && result.held === 0) return 'delivered_here';
        const pending = await Promise.race([outbox.pendingAmong(ids).catch(() => ids), late]);
        if (pending === 'late') return 'pending';
        if (pending.length === 0) return result.skipped ? 'delivered_elsewhere' : 'delivered_here';
        // Failed here, or the database is away: the sweep and the probes deliver later.
        if (!result.skipped || clock.now() >= deadline) return 'pending';
        // Another instance holds the lock and may be delivering these very entries.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    flush,
    deliver,
    start() {
      running = true;
      return flush();
    },
    async stop() {
      running = false;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    status: () => ({ running, consecutiveFailures, lastError }),
  };
}
