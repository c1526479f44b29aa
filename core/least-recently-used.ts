/**
 * A strictly bounded map that evicts its least recently used entry: a `Map` kept in use order (a
 * read moves the entry to the end; the first entry is the least recent). The decision cache's store.
 */

/**
 * Entries by string key, at most `maxSize`.
 *
 * @example
 * const recent = new LeastRecentlyUsed<number>(2);
 * recent.set('a', 1); recent.set('b', 2); recent.get('a'); recent.set('c', 3); // 'b' evicted
 */
export class LeastRecentlyUsed<V> {
  readonly #entries = new Map<string, V>();
  readonly #maxSize: number;

  /** @param maxSize - most entries held (an integer ≥ 1) */
  constructor(maxSize: number) {
    this.#maxSize = maxSize;
  }

  /** The value under `key`, marked as the most recently used; `undefined` when absent. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** The value under `key` without marking it used. */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Stores `value` as the most recently used entry, evicting the least recent one when full. */
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#maxSize) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /** Removes one entry. */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Number of entries held, never above `maxSize`. */
  get size(): number {
    return this.#entries.size;
  }

  /** Removes every entry. */
  clear(): void {
    this.#entries.clear();
  }
}
