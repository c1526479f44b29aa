/**
 * A counting semaphore: at most `permits` tasks run at once, the rest wait in order.
 */

/** Bounds the concurrency of async tasks. */
export class Semaphore {
  #available: number;
  readonly #queue: (() => void)[] = [];

  /** @param permits - tasks allowed to run at once (at least 1) */
  constructor(permits: number) {
    this.#available = Math.max(1, Math.floor(permits));
  }

  /** Runs `task` once a permit is free, and frees it when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#available > 0) this.#available--;
    else await new Promise<void>((resolve) => this.#queue.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#available++;
    }
  }
}
