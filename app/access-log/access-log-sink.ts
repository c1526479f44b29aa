/**
 * The audit sink of the access log: decisions about documents are queued in memory and written to
 * PostgreSQL in batches, off the request path. Writing never waits and never throws: a failing or
 * slow store delays entries (retried with the next batch) and, once the queue is full, drops the
 * oldest with a warning naming how many — it never blocks or fails a request.
 */
import type { AuditRecord, AuditSink, Logger } from '@gatehousejs/core';
import type { AccessLogEntry } from '../db/index.ts';
import { documentEntry } from './decision-entry.ts';

/** Where batches go (the access log repository's `append`). */
export interface AccessLogStore {
  append(entries: readonly AccessLogEntry[]): Promise<void>;
}

/** Timers of the sink (default: the real ones, not keeping the process alive). */
export interface SinkTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link createAccessLogSink}. */
export interface AccessLogSinkOptions {
  readonly store: AccessLogStore;
  readonly logger: Pick<Logger, 'warn'>;
  /**
   * Entries per statement (default 1000: a list's largest page, so that a list's entries commit in
   * one statement — each statement is a commit of its own).
   */
  readonly batchSize?: number;
  /** Longest wait before queued entries are written, in ms (default 1000). */
  readonly flushIntervalMs?: number;
  /** Most entries kept while the store fails (default 50 000); older ones are dropped. */
  readonly maxQueued?: number;
  readonly timers?: SinkTimers;
}

/** The access log's audit sink. */
export interface AccessLogSink extends AuditSink {
  /** Writes what is queued; resolves when done or failed (entries then stay queued). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is queued once more. */
  close(): Promise<void>;
  /** Entries waiting, and entries dropped since the start because the queue was full. */
  readonly stats: { readonly queued: number; readonly dropped: number };
}

/** Entries per statement unless set: as many as the largest page of a list decides. */
const DEFAULT_BATCH_SIZE = 1000;

const realTimers: SinkTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Creates the sink; pass it as the audit logger's sink.
 *
 * @example
 * const sink = createAccessLogSink({ store: repos.accessLog, logger });
 * createAuthzConfig({ …, auditLogger: { sink } });
 */
export function createAccessLogSink(options: AccessLogSinkOptions): AccessLogSink {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const interval = options.flushIntervalMs ?? 1000;
  const maxQueued = options.maxQueued ?? 50_000;
  const timers = options.timers ?? realTimers;
  let queue: AccessLogEntry[] = [];
  let dropped = 0;
  let timer: unknown;
  /** Whether the timer set is the one for a full batch (no wait). */
  let timerImmediate = false;
  let writing: Promise<void> | undefined;
  let failing = false;
  let closed = false;

  const schedule = (ms: number) => {
    if (closed) return;
    if (timer !== undefined) {
      // A full batch does not wait for the interval; one already set not to wait is kept (the
      // rows of a list past a full batch would otherwise each set a timer again).
      if (ms > 0 || timerImmediate) return;
      timers.clearTimeout(timer);
    }
    timerImmediate = ms === 0;
    timer = timers.setTimeout(() => {
      timer = undefined;
      timerImmediate = false;
      void flush();
    }, ms);
  };

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      try {
        await options.store.append(batch);
      } catch (error) {
        if (!failing)
          options.logger.warn(
            `access log: writing ${batch.length} entries failed, retrying: ${String(error)}`,
          );
        failing = true;
        schedule(interval);
        return;
      }
      if (failing) options.logger.warn('access log: writing works again');
      failing = false;
      queue = queue.slice(batch.length);
    }
  }

  function flush(): Promise<void> {
    writing ??= writeQueued().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  return {
    write(record: AuditRecord) {
      const entry = documentEntry(record);
      if (!entry) return;
      queue.push(entry);
      if (queue.length > maxQueued) {
        const excess = queue.length - maxQueued;
        queue = queue.slice(excess);
        if (dropped === 0 || (dropped + excess) % 1000 < excess) {
          options.logger.warn(`access log: the store is failing, ${dropped + excess} entries dropped so far`);
        }
        dropped += excess;
      }
      schedule(queue.length >= batchSize ? 0 : interval);
    },
    flush,
    async close() {
      closed = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      timerImmediate = false;
      await writing;
      await flush();
    },
    get stats() {
      return { queued: queue.length, dropped };
    },
  };
}
