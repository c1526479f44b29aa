/**
 * A clock tests move by hand.
 */
import type { Clock } from '../ports/clock.ts';

/** A {@link Clock} that only moves when told. */
export class ManualClock implements Clock {
  #now: number;

  /** @param start - initial time in ms since the epoch (default 1,700,000,000,000) */
  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#now += ms;
  }
}
