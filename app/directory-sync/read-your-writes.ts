/**
 * Read-your-writes across replicas: a caller whose last write is in effect at directory position
 * `p` (on the replica that answered it) sends `p` with its next request; the replica that gets it
 * first brings its own view of the directory up to `p` — usually one read of the change log, as
 * the write committed before it was answered — at most for `maxWaitMs`, after which the request is
 * refused as "try again" rather than decided on an older view.
 */
import type { DirectoryReplica } from './directory-replica.ts';

/** How long a request waits by default for this replica to catch up with the caller's last write. */
export const DEFAULT_MAX_WAIT_MS = 2_000;

/** Between two reads of the change log while a position is not reached (a notice ends it sooner). */
const RETRY_MS = 50;

/** Waiting for the caller's last write. */
export interface ReadYourWrites {
  /**
   * Resolves `true` once this replica's view holds `position` (at once when it already does),
   * `false` when `maxWaitMs` passed first.
   */
  reach(position: number): Promise<boolean>;
}

/**
 * @param options `replica`; `maxWaitMs` (default 2,000)
 * @example
 * const freshness = readYourWrites({ replica });
 * if (!(await freshness.reach(seenPosition))) throw unavailable('try again');
 */
export function readYourWrites(options: {
  readonly replica: DirectoryReplica;
  readonly maxWaitMs?: number;
}): ReadYourWrites {
  const { replica } = options;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  // Resolves on the view's next change notice, or after `ms`, whichever comes first.
  const nextNotice = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      const unsubscribe = replica.changes.subscribe(done);
    });
  const readLog = (deadline: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      // The store's reads are shared: many callers waiting cost one read of the log.
      replica
        .catchUp()
        .catch(() => {})
        .finally(() => {
          clearTimeout(timer);
          resolve();
        });
    });
  return {
    async reach(position) {
      if (position <= replica.position()) return true;
      const deadline = Date.now() + maxWaitMs;
      while (Date.now() < deadline) {
        await readLog(deadline);
        if (position <= replica.position()) return true;
        await nextNotice(Math.min(RETRY_MS, deadline - Date.now()));
      }
      return position <= replica.position();
    },
  };
}
