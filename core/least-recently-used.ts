/**
 * A strictly bounded map that evicts its least recently used entry: a `Map` from key to a node
 * of a doubly linked list kept in use order (a read moves the node to the front; the last node
 * is the least recent). The decision cache's store. A read relinks two nodes and allocates
 * nothing: deleting and re-inserting a `Map` entry on every read (to keep the `Map`'s own order)
 * leaves holes that make V8 rebuild the table every few reads of a small cache.
 */

/** One entry, linked to its neighbours in use order. */
interface Entry<V> {
  readonly key: string;
  value: V;
  /** The next more recently used entry (towards the front). */
  newer: Entry<V> | undefined;
  /** The next less recently used entry (towards the back). */
  older: Entry<V> | undefined;
}

/**
 * Entries by string key, at most `maxSize`.
 *
 * @example
 * const recent = new LeastRecentlyUsed<number>(2);
 * recent.set('a', 1); recent.set('b', 2); recent.get('a'); recent.set('c', 3); // 'b' evicted
 */
export class LeastRecentlyUsed<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxSize: number;
  /** The most recently used entry. */
  #newest: Entry<V> | undefined;
  /** The least recently used entry (evicted first). */
  #oldest: Entry<V> | undefined;

  /** @param maxSize - most entries held (an integer ≥ 1) */
  constructor(maxSize: number) {
    this.#maxSize = maxSize;
  }

  /** The value under `key`, marked as the most recently used; `undefined` when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry !== this.#newest) {
      this.#unlink(entry);
      this.#pushNewest(entry);
    }
    return entry.value;
  }

  /** The value under `key` without marking it used. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Stores `value` as the most recently used entry, evicting the least recent one when full. */
  set(key: string, value: V): void {
    const known = this.#entries.get(key);
    if (known !== undefined) {
      known.value = value;
      if (known !== this.#newest) {
        this.#unlink(known);
        this.#pushNewest(known);
      }
      return;
    }
    const entry: Entry<V> = { key, value, newer: undefined, older: undefined };
    this.#entries.set(key, entry);
    this.#pushNewest(entry);
    if (this.#entries.size > this.#maxSize) {
      const oldest = this.#oldest as Entry<V>;
      this.#unlink(oldest);
      this.#entries.delete(oldest.key);
    }
  }

  /** Removes one entry. */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#unlink(entry);
    this.#entries.delete(key);
  }

  /** Number of entries held, never above `maxSize`. */
  get size(): number {
    return this.#entries.size;
  }

  /** Removes every entry. */
  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
    this.#oldest = undefined;
  }

  #unlink(entry: Entry<V>): void {
    const { newer, older } = entry;
    if (newer === undefined) this.#newest = older;
    else newer.older = older;
    if (older === undefined) this.#oldest = newer;
    else older.newer = newer;
    entry.newer = undefined;
    entry.older = undefined;
  }

  #pushNewest(entry: Entry<V>): void {
    const newest = this.#newest;
    entry.older = newest;
    if (newest === undefined) this.#oldest = entry;
    else newest.newer = entry;
    this.#newest = entry;
  }
}
