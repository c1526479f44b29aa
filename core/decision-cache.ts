/**
 * The decision cache: booleans keyed by {@link decisionCacheKey}, each with its own TTL, strictly
 * bounded in size (least recently used evicted first), expired entries kept — within the same
 * bound — as stale values for the circuit breaker's fallback.
 */
import { CoarseClock, readingInterval } from './coarse-clock.ts';
import { LeastRecentlyUsed } from './least-recently-used.ts';
import { numberField, type OptionInput, type OptionOutput, optionObject } from './option-schema.ts';
import { parseOptions } from './options.ts';
import { type Clock, systemClock } from './ports/clock.ts';

/** Options of {@link DecisionCache}; the schema holds the defaults. */
export const DecisionCacheOptionsSchema = optionObject({
  /**
   * Seconds a decision is served from the cache (default 60). On the system clock, a hit compares
   * the expiry with a reading at most 1 % of this old (at most a second).
   */
  ttlSeconds: numberField({ positive: true }).default(60),
  /** Most entries held, fresh and stale together; the bound is strict (default 1000). */
  maxSize: numberField({ integer: true, min: 1 }).default(1000),
  /** Seconds after expiry an entry may still serve the fallback as a stale value (default 300). */
  staleTtlSeconds: numberField({ min: 0 }).default(300),
});
/** Options accepted by {@link DecisionCache}. */
export type DecisionCacheOptions = OptionInput<typeof DecisionCacheOptionsSchema>;
/** Resolved options of {@link DecisionCache}. */
export type DecisionCacheConfig = OptionOutput<typeof DecisionCacheOptionsSchema>;

/** A cache entry: the decision and when it expires (milliseconds since the epoch). */
export interface DecisionCacheEntry {
  readonly value: boolean;
  readonly expiresAt: number;
}

/**
 * An entry as held, with a slot for what its hits answer: when nothing records decisions, the
 * evaluation keeps there the frozen decision record it answers every hit of the entry with (one
 * per entry instead of one per hit), set on the first hit. Storing the key again makes a new
 * entry, with an empty slot.
 */
export interface HeldDecisionEntry extends DecisionCacheEntry {
  hit: object | undefined;
}

/**
 * Cached decisions with a per-entry TTL and a strict size bound.
 *
 * @example
 * const cache = new DecisionCache({ ttlSeconds: 30, maxSize: 10_000 });
 * cache.set(key, true);
 * cache.get(key); // true until 30 s have passed
 */
export class DecisionCache {
  /** The resolved options. */
  readonly options: DecisionCacheConfig;
  readonly #entries: LeastRecentlyUsed<HeldDecisionEntry>;
  readonly #clock: Clock;
  /** The clock a hit compares expiries with. */
  readonly #hitClock: Clock;
  #generation = 0;

  /**
   * @param options - `{ ttlSeconds = 60, maxSize = 1000, staleTtlSeconds = 300 }`
   * @param deps - `clock` (default the system clock)
   * @throws {AuthzConfigError} naming the field when an option is invalid
   */
  constructor(options: DecisionCacheOptions = {}, deps: { clock?: Clock } = {}) {
    this.options = parseOptions(DecisionCacheOptionsSchema, options, 'decisionCache');
    this.#clock = deps.clock ?? systemClock;
    // Hits read the system clock through a coarse clock: a reading at most 1 % of the TTL old (at
    // most a second). Its timer fires at most once per interval; one firing every millisecond
    // cost a Fastify server under load 0.48 µs of CPU per request more than `Date.now()` on each
    // hit. An injected clock is read on every hit, as it is asked.
    this.#hitClock =
      this.#clock === systemClock
        ? new CoarseClock(readingInterval(this.options.ttlSeconds * 1000))
        : this.#clock;
    this.#entries = new LeastRecentlyUsed(this.options.maxSize);
  }

  /** The unexpired decision under `key`, or `undefined` (a miss). */
  get(key: string): boolean | undefined {
    return this.fresh(key)?.value;
  }

  /** The unexpired entry under `key` (marked as the most recently used), or `undefined` (a miss). */
  fresh(key: string): HeldDecisionEntry | undefined {
    const entry = this.#entries.get(key);
    return entry !== undefined && entry.expiresAt > this.#hitClock.now() ? entry : undefined;
  }

  /** The decision under `key`, fresh or expired less than `staleTtlSeconds` ago. */
  getStale(key: string): boolean | undefined {
    const entry = this.#entries.peek(key);
    if (entry === undefined) return undefined;
    if (this.#clock.now() >= entry.expiresAt + this.options.staleTtlSeconds * 1000) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Counts {@link DecisionCache.clear} calls: a decision asked for before a clear and answered after
   * it may rest on what the clear was for, so it is stored only when the generation is unchanged.
   */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Stores a decision that expires `ttlSeconds` from now, evicting the least recent entry when full.
   *
   * @param since - the {@link DecisionCache.generation} read before the decision was asked for:
   *   when the cache was cleared since, the decision is not stored
   */
  set(key: string, value: boolean, since?: number): void {
    if (since !== undefined && since !== this.#generation) return;
    this.#entries.set(key, {
      value,
      expiresAt: this.#clock.now() + this.options.ttlSeconds * 1000,
      hit: undefined,
    });
  }

  /** Removes one entry. */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Number of entries held (fresh and stale); never above `maxSize`. */
  get size(): number {
    return this.#entries.size;
  }

  /** Removes every entry, and keeps decisions asked for before from being stored. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
