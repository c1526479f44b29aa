/**
 * A clock read from the system at most once per millisecond: the decision cache's default. Its
 * every hit compares an entry's expiry with the time, and `Date.now()` is a call into the engine's
 * runtime that costs more than the rest of the comparison (the prior art: lru-cache's
 * `ttlResolution`).
 */
import type { Clock } from './ports/clock.ts';

/** How a {@link coarseClock} reads the time and learns that it moved on. */
export interface CoarseClockOptions {
  /** Milliseconds a reading is held at most, by a timer (default 1). */
  readonly resolutionMs?: number;
  /**
   * Readings served from one system reading at most (default 1000): a synchronous stretch gives
   * no timer a chance to run, and this bounds how long it sees one time.
   */
  readonly maxReads?: number;
}

/**
 * A {@link Clock} that reads `Date.now()` once and answers that reading until its timer fires
 * (`resolutionMs`, unreferenced: it never keeps a process alive) or it answered `maxReads` times —
 * whichever comes first. So it is never behind by more than the resolution, or than the time of
 * `maxReads` readings without a pause; a TTL of seconds is kept to the millisecond.
 *
 * Only where a timer can be unreferenced (Node, Bun, Deno: a process whose timers run for as long
 * as it does). Elsewhere — edge workers and browsers, whose timers are numbers, and a worker may
 * drop a timer when the request that set it ends, which would leave a reading held until a later
 * request — it reads the system clock every time, as it does without timers.
 *
 * @example
 * const clock = coarseClock();
 * clock.now(); // Date.now()
 * clock.now(); // the same reading, for up to a millisecond or 1,000 readings
 */
export function coarseClock(options: CoarseClockOptions = {}): Clock {
  const { resolutionMs = 1, maxReads = 1000 } = options;
  let exact = typeof setTimeout !== 'function';
  let held = 0;
  let left = 0;
  const forget = (): void => {
    left = 0;
  };
  return {
    now(): number {
      if (left > 0) {
        left--;
        return held;
      }
      held = Date.now();
      if (exact) return held;
      const timer: unknown = setTimeout(forget, resolutionMs);
      const unref = (timer as { unref?: unknown } | null)?.unref;
      if (typeof timer === 'object' && typeof unref === 'function') {
        unref.call(timer);
        left = maxReads - 1;
      } else {
        clearTimeout(timer as number);
        exact = true;
      }
      return held;
    },
  };
}
