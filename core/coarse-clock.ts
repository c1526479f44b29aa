/**
 * The system clock as the decision cache's hits read it: read at most once per short interval
 * while it is asked, the reading answered again in between. `Date.now()` leaves JavaScript for
 * the runtime's C++ on every call; on a server, whose requests find little of that code in the
 * processor's caches, it was about a sixth of the cache lines the Fastify plugin's hit brought
 * back into them (`npm run bench -- fastify-instructions`).
 */
import type { Clock } from './ports/clock.ts';

/** The longest a reading is answered again. */
const LONGEST_MS = 1_000;
/** The part of a TTL a reading may lag behind: an entry is served at most 1 % of it late. */
const PART_OF_TTL = 0.01;

/** The interval of a cache whose entries live `ttlMs`: 1 % of it, at most a second. */
export function readingInterval(ttlMs: number): number {
  return Math.min(LONGEST_MS, ttlMs * PART_OF_TTL);
}

/**
 * A reading of `Date.now()` answered again until a timer of `intervalMs` forgets it: the timer
 * is set when the system clock is read, and only when a reading is asked for, so an idle cache
 * sets none. The timer is unreferenced (it never keeps a process alive); where timers cannot be
 * unreferenced (Deno, Cloudflare Workers) or set (a Worker's global scope), every call reads the
 * system clock, as without this clock.
 *
 * @example
 * const clock = new CoarseClock(600);
 * clock.now(); // Date.now(), answered again for the next 600 ms
 */
export class CoarseClock implements Clock {
  readonly #intervalMs: number;
  #reading: number | undefined = undefined;
  /** `false` once a timer could not be set or unreferenced: then every call reads the clock. */
  #timers = true;
  readonly #forget = (): void => {
    this.#reading = undefined;
  };

  /** @param intervalMs - how long a reading is answered again (milliseconds, > 0) */
  constructor(intervalMs: number) {
    this.#intervalMs = intervalMs;
  }

  /** Milliseconds since the epoch, at most `intervalMs` old (and a little more under load). */
  now(): number {
    const reading = this.#reading;
    if (reading !== undefined) return reading;
    const now = Date.now();
    if (this.#timers) this.#keep(now);
    return now;
  }

  #keep(now: number): void {
    let timer: unknown;
    try {
      timer = setTimeout(this.#forget, this.#intervalMs);
    } catch {
      this.#timers = false;
      return;
    }
    const unref = (timer as { unref?: unknown } | undefined)?.unref;
    if (typeof unref !== 'function') {
      clearTimeout(timer as number);
      this.#timers = false;
      return;
    }
    unref.call(timer);
    this.#reading = now;
  }
}
