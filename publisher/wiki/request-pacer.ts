/**
 * Spaces request starts so that at most `ratePerSecond` begin per second, as the wiki's rate
 * limits ask; concurrent callers take consecutive slots.
 */
import type { Clock } from '@gatehousejs/core';

/** Waits for the next request slot. */
export type RequestPacer = () => Promise<void>;

/**
 * Creates a pacer; a rate of 0 never waits.
 *
 * @param sleep waits the given milliseconds (injectable so tests never really wait)
 */
export function createRequestPacer(
  ratePerSecond: number,
  clock: Clock,
  sleep: (ms: number) => Promise<void>,
): RequestPacer {
  if (ratePerSecond <= 0) return async () => {};
  const interval = 1000 / ratePerSecond;
  let next = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock.now();
    const slot = Math.max(now, next);
    next = slot + interval;
    if (slot > now) await sleep(slot - now);
  };
}
