/**
 * Bounded parallelism: at most `limit` tasks run at once, the rest wait their turn in order.
 */

/** Runs a task when a slot is free. */
export type TaskLimit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Creates a limiter.
 *
 * @example
 * const limit = createTaskLimit(4);
 * await Promise.all(pages.map((page) => limit(() => upload(page))));
 */
export function createTaskLimit(limit: number): TaskLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finishing task hands its slot straight to the next waiting one, so no newcomer can slip in.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
