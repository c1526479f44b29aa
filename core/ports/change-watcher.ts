/**
 * The change-watcher port: "something that decisions rest on has changed" (relations, policies),
 * told to whoever keeps what was derived from it — a decision cache, above all. The same idea as
 * node-casbin's watcher: the source of changes (a directory's change feed, a message channel
 * between replicas) calls back; the listener clears its caches. Implemented by the engine's
 * PostgreSQL relation store (its change log) and by applications that relay directory writes.
 */

/** What a watcher tells its listeners about a change. */
export interface ChangeNotice {
  /**
   * How far the source has come, when it counts its changes (e.g. the directory's change-log
   * version this process's copy now holds): rising, never falling. Absent when it does not.
   */
  readonly position?: number;
}

/** Called once per change (or group of changes) a watcher learns of. */
export type ChangeListener = (notice: ChangeNotice) => void;

/** A source of change notices. */
export interface ChangeWatcher {
  /**
   * Calls `listener` after every change from now on, once the change is visible to the readers of
   * this process (so a decision made after the call sees it).
   *
   * @returns a function that ends the subscription
   */
  subscribe(listener: ChangeListener): () => void;
}

/** A {@link ChangeWatcher} that is told of changes through {@link ChangeNotifier.notify}. */
export interface ChangeNotifier extends ChangeWatcher {
  /** Tells every listener; a listener that throws does not keep the others from being told. */
  notify(notice?: ChangeNotice): void;
}

/**
 * A watcher to tell of changes by hand (as node-casbin's `watcher.update()`): the source calls
 * `notify`, every subscriber hears it.
 *
 * @param onListenerError called with what a listener threw (default: ignored)
 * @example
 * const changes = createChangeNotifier();
 * const config = createAuthzConfig({ …, decisionCache: { ttlSeconds: 60 }, changeWatcher: changes });
 * await directory.setRelation(share);
 * changes.notify(); // every cached decision is forgotten
 */
export function createChangeNotifier(onListenerError?: (error: unknown) => void): ChangeNotifier {
  const listeners = new Set<ChangeListener>();
  return {
    subscribe(listener) {
      // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
      const entry: ChangeListener = (notice) => listener(notice);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    notify(notice = {}) {
      for (const listener of [...listeners]) {
        try {
          listener(notice);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
  };
}
