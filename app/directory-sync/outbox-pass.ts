/**
 * One delivery of pending outbox entries to the directory, as the relay runs it under its lock:
 * entries in id order, at most `concurrency` directory writes at once, each change after every
 * earlier change that touches one of its objects (so the directory sees the changes of one object
 * in commit order), and a change whose earlier change of the same object failed is held back.
 * A directory that applies batches ({@link canApplyBatch}) gets each read of entries as one batch,
 * all or none in id order; when a batch fails, the pass goes on entry by entry (above) to find the
 * failing change and deliver the others.
 */
import type { RelationDirectory } from '@gatehousejs/core';
import { applyDirectoryWrite, canApplyBatch, Semaphore } from '@gatehousejs/core/adapter';
import type { DirectoryOutboxRepository, OutboxEntry } from '../db/index.ts';
import { objectsTouched } from './objects-touched.ts';

/** What {@link deliverPending} did. */
export interface Delivery {
  readonly delivered: number;
  readonly failed: number;
  /** Left pending because an earlier change to the same object failed. */
  readonly held: number;
  /** The reason of the last failure. */
  readonly lastError: string | undefined;
  /** Why a batch failed (the pass then went on entry by entry), if one did. */
  readonly batchError?: string;
}

/** What {@link deliverPending} works with. */
export interface DeliveryOptions {
  readonly outbox: DirectoryOutboxRepository;
  readonly directory: RelationDirectory;
  readonly batchSize: number;
  readonly concurrency: number;
  /** Deliver only the oldest pending entry (a probe while the directory was failing). */
  readonly onlyOldest?: boolean;
  readonly now: () => Date;
}

/**
 * Delivers what is pending (only the oldest entry with `onlyOldest`). Rejects only when the outbox
 * cannot be read or updated (the database is away); a directory failure is counted, not thrown.
 */
export async function deliverPending(options: DeliveryOptions): Promise<Delivery> {
  const { outbox, directory } = options;
  const semaphore = new Semaphore(options.concurrency);
  // Per object, the outcome of the last change scheduled for it: true when it was delivered.
  const tails = new Map<string, Promise<boolean>>();
  let delivered = 0;
  let failed = 0;
  let held = 0;
  let lastError: string | undefined;
  let after = 0;

  const schedule = (entry: OutboxEntry): Promise<unknown> => {
    const touched = objectsTouched(entry.change);
    const earlier = touched.map((key) => tails.get(key) ?? Promise.resolve(true));
    const outcome = Promise.all(earlier).then(async (oks) => {
      if (!oks.every(Boolean)) {
        held++;
        return false;
      }
      try {
        await semaphore.run(() => applyDirectoryWrite(directory, entry.change));
      } catch (error) {
        failed++;
        lastError = `outbox entry ${entry.id}: ${error instanceof Error ? error.message : String(error)}`;
        await outbox.markFailed(entry.id, lastError);
        return false;
      }
      delivered++;
      return true;
    });
    for (const key of touched) tails.set(key, outcome);
    return outcome.then((ok) => (ok ? entry.id : undefined));
  };

  // One batch write per read, until a batch fails: from then on, entry by entry, so that a change
  // whose object has a failed earlier change is held back rather than applied out of order.
  let batches = canApplyBatch(directory) && !options.onlyOldest;
  let batchError: string | undefined;
  const applyBatch = async (entries: readonly OutboxEntry[]): Promise<boolean> => {
    if (!batches || !canApplyBatch(directory) || entries.length === 0) return false;
    try {
      await directory.applyBatch(entries.map((entry) => entry.change));
      return true;
    } catch (error) {
      batches = false;
      batchError = `batch of outbox entries ${entries[0]?.id}–${entries.at(-1)?.id}: ${error instanceof Error ? error.message : String(error)}`;
      return false;
    }
  };
  const done = (): Delivery => ({
    delivered,
    failed,
    held,
    lastError,
    ...(batchError ? { batchError } : {}),
  });

  for (;;) {
    const entries = await outbox.listPending(options.onlyOldest ? 1 : options.batchSize, after);
    after = entries.at(-1)?.id ?? after;
    if (await applyBatch(entries)) {
      delivered += entries.length;
      await outbox.markDelivered(
        entries.map((entry) => entry.id),
        options.now(),
      );
      if (entries.length < options.batchSize) return done();
      continue;
    }
    const outcomes = await Promise.all(entries.map(schedule));
    const ids = outcomes.filter((id): id is number => typeof id === 'number');
    await outbox.markDelivered(ids, options.now());
    if (options.onlyOldest || entries.length < options.batchSize) return done();
  }
}
