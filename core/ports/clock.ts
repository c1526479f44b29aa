/**
 * Time as a port, so that TTLs and breaker timeouts are tested without waiting.
 */

/** A source of the current time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The system clock. */
export const systemClock: Clock = Object.freeze({ now: () => Date.now() });
