import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './request-pacer.ts';
import { backoffDelay, type RetryPolicy, retryAfterMs, retryableStatus } from './retry-policy.ts';

const policy: RetryPolicy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

describe('retry policy', () => {
  it('doubles the backoff each retry up to the cap, with jitter in the upper half', () => {
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelay(retry, policy, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelay(retry, policy, () => 0.999_999))).toEqual(
      [100, 200, 400, 800, 1000].map((ms) => expect.closeTo(ms, 2)),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('retries 429 always, 5xx only for idempotent calls, client errors never', () => {
    expect(retryableStatus(429)).toBe('always');
    expect(retryableStatus(503)).toBe('idempotent');
    expect(retryableStatus(409)).toBe('never');
    expect(retryableStatus(401)).toBe('never');
  });
});

describe('createRequestPacer', () => {
  it('spaces request starts to the rate and never waits at rate 0', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const pace = createRequestPacer(10, { now: () => now }, async (ms) => {
      waits.push(ms);
    });
    await Promise.all([pace(), pace(), pace()]);
    expect(waits).toEqual([100, 200]);
    now += 1_000;
    await pace();
    expect(waits).toEqual([100, 200]);
    const unlimited = createRequestPacer(0, { now: () => now }, async () => {
      throw new Error('must not wait');
    });
    await unlimited();
  });
});
