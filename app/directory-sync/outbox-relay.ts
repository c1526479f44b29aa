/**
 * The outbox relay: delivers the relation changes that data changes committed to
 * `directory_outbox` to the decision service's directory, so that no change is ever lost between
 * the two. It runs right after each commit (`flush`), at start-up, and on a periodic sweep that
 * backs off while deliveries fail. Changes are applied in id order; when one fails, later
 * changes touching the same objects wait for it, unrelated ones go ahead. One instance at a time
 * delivers (a PostgreSQL advisory lock), and a replay after a crash is harmless because directory
 * writes are idempotent.
 */
import { z } from 'zod';
import { type Clock, type RelationDirectory, systemClock } from '../../core/index.ts';
import { createRepositories, type Database } from '../db/index.ts';
import { applyChange, objectsTouched } from './apply-change.ts';

/** Advisory lock key of the relay (an arbitrary constant owned by Gatehouse). */
const RELAY_LOCK_KEY = 7_153_846_274;

/** Options of {@link createOutboxRelay}; the schema holds the defaults. */
export const outboxRelayOptionsSchema = z.object({
  /** Entries read per query (default 100). */
  batchSize: z.number().int().min(1).max(1000).default(100),
  /** Time between sweeps while all is well, in milliseconds (default 5,000). */
  sweepIntervalMs: z.number().int().min(1).default(5_000),
  /** First delay after a failed pass (default 1,000 ms); doubled after each further failure. */
  initialBackoffMs: z.number().int().min(1).default(1_000),
  /** Longest delay between passes while failing (default 60,000 ms). */
  maxBackoffMs: z.number().int().min(1).default(60_000),
  /** Delivered entries are removed after this long (default one day). */
  retainDeliveredMs: z.number().int().min(0).default(86_400_000),
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

/** A running relay. */
export interface OutboxRelay {
  /** Delivers what is pending, in a pass that starts after this call; never rejects. */
  flush(): Promise<RelayPass>;
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
 * @param options `sql`, `directory`; `batchSize` 100, `sweepIntervalMs` 5,000, `initialBackoffMs` 1,000,
 *   `maxBackoffMs` 60,000, `retainDeliveredMs` one day
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
  let lastError: string | undefined;
  let running = false;
  let timer: unknown;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting: Promise<RelayPass> | undefined;

  async function deliverPending(): Promise<Omit<RelayPass, 'skipped'>> {
    const blocked = new Set<string>();
    let delivered = 0;
    let failed = 0;
    let held = 0;
    let after = 0;
    for (;;) {
      const entries = await outbox.listPending(config.batchSize, after);
      for (const entry of entries) {
        after = entry.id;
        const touched = objectsTouched(entry.change);
        if (touched.some((key) => blocked.has(key))) {
          held++;
          continue;
        }
        try {
          await applyChange(directory, entry.change);
        } catch (error) {
          failed++;
          for (const key of touched) blocked.add(key);
          lastError = `outbox entry ${entry.id}: ${error instanceof Error ? error.message : String(error)}`;
          await outbox.markFailed(entry.id, lastError);
          continue;
        }
        await outbox.markDelivered(entry.id, new Date(clock.now()));
        delivered++;
      }
      if (entries.length < config.batchSize) return { delivered, failed, held };
    }
  }

  async function pass(): Promise<RelayPass> {
    let reserved: Awaited<ReturnType<Database['reserve']>> | undefined;
    try {
      reserved = await sql.reserve();
      const [row] = await reserved<
        { locked: boolean }[]
      >`SELECT pg_try_advisory_lock(${RELAY_LOCK_KEY}) AS locked`;
      if (!row?.locked) return { delivered: 0, failed: 0, held: 0, skipped: true };
      try {
        const result = await deliverPending();
        if (config.retainDeliveredMs > 0 || result.delivered > 0) {
          await outbox.deleteDelivered(new Date(clock.now() - config.retainDeliveredMs));
        }
        consecutiveFailures = result.failed > 0 ? consecutiveFailures + 1 : 0;
        if (result.failed > 0)
          log.warn(`directory outbox: ${result.failed} change(s) not delivered: ${lastError}`);
        if (result.delivered > 0) options.onDelivered?.(result.delivered);
        return { ...result, skipped: false };
      } finally {
        await reserved`SELECT pg_advisory_unlock(${RELAY_LOCK_KEY})`;
      }
    } catch (error) {
      consecutiveFailures++;
      lastError = error instanceof Error ? error.message : String(error);
      log.error(`directory outbox: delivery pass failed: ${lastError}`);
      return { delivered: 0, failed: 0, held: 0, skipped: false };
    } finally {
      reserved?.release();
    }
  }

  function schedule(): void {
    if (!running) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    const delay =
      consecutiveFailures === 0
        ? config.sweepIntervalMs
        : Math.min(config.maxBackoffMs, config.initialBackoffMs * 2 ** Math.min(consecutiveFailures - 1, 30));
    timer = timers.setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
  }

  // Passes run one after another. Callers share the pass that has not started yet, so each caller
  // gets a pass that starts after its call (its commit is visible to it) without piling up passes.
  function flush(): Promise<RelayPass> {
    if (waiting) return waiting;
    const next = chain.then(() => {
      waiting = undefined;
      return pass();
    });
    waiting = next;
    chain = next.finally(schedule);
    return next;
  }

  return {
    flush,
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
