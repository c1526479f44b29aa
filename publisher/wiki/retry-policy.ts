/**
 * When and how long to wait before retrying a request: exponential backoff with jitter, and
 * `Retry-After` (seconds or an HTTP date) honoured up to a limit.
 */

/** Retry limits, in milliseconds. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly retries: number;
  /** First backoff; it doubles with each retry. */
  readonly baseDelayMs: number;
  /** Longest backoff. */
  readonly maxDelayMs: number;
  /** Longest `Retry-After` waited out; a longer one fails the request at once. */
  readonly maxRetryAfterMs: number;
}

/**
 * The backoff before retry number `retry` (0 for the first retry): half of the capped exponential
 * delay plus a random part of the other half ("equal jitter"), so delays grow yet clients spread out.
 *
 * @param random a source of numbers in [0, 1)
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return capped / 2 + random() * (capped / 2);
}

/**
 * Reads a `Retry-After` header: delay seconds or an HTTP date. Returns milliseconds, or
 * `undefined` when absent or unreadable.
 *
 * @example
 * retryAfterMs('3', Date.now()); // 3000
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Which failed responses are retried: 429 always (nothing was done), 5xx only for idempotent calls. */
export function retryableStatus(status: number): 'always' | 'idempotent' | 'never' {
  if (status === 429) return 'always';
  if (status === 500 || status === 502 || status === 503 || status === 504) return 'idempotent';
  return 'never';
}
