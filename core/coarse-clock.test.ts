import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoarseClock, readingInterval } from './coarse-clock.ts';
import { DecisionCache } from './decision-cache.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CoarseClock', () => {
  it('answers one reading until its interval has passed, then reads the system clock again', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = new CoarseClock(500);
    expect(clock.now()).toBe(1_000_000);
    vi.advanceTimersByTime(499);
    expect(clock.now()).toBe(1_000_000);
    vi.advanceTimersByTime(1);
    expect(clock.now()).toBe(1_000_500);
  });

  it('sets no timer while nobody asks for the time', () => {
    vi.useFakeTimers();
    const clock = new CoarseClock(500);
    expect(vi.getTimerCount()).toBe(0);
    clock.now();
    clock.now();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the system clock on every call where timers cannot be unreferenced (Deno, Workers)', () => {
    const cleared: unknown[] = [];
    vi.stubGlobal('setTimeout', () => 7);
    vi.stubGlobal('clearTimeout', (id: unknown) => cleared.push(id));
    const now = vi.spyOn(Date, 'now').mockReturnValueOnce(1).mockReturnValueOnce(2);
    const clock = new CoarseClock(500);
    expect([clock.now(), clock.now()]).toEqual([1, 2]);
    expect(cleared).toEqual([7]); // the one timer set is cleared, none after it
    now.mockRestore();
  });

  it('reads the system clock on every call where timers cannot be set (a Worker global scope)', () => {
    vi.stubGlobal('setTimeout', () => {
      throw new Error('Disallowed operation called within global scope');
    });
    const now = vi.spyOn(Date, 'now').mockReturnValueOnce(1).mockReturnValueOnce(2);
    const clock = new CoarseClock(500);
    expect([clock.now(), clock.now()]).toEqual([1, 2]);
    now.mockRestore();
  });

  it('lags 1 % of a TTL, at most a second', () => {
    expect(readingInterval(60_000)).toBe(600);
    expect(readingInterval(3_600_000)).toBe(1_000);
    expect(readingInterval(50)).toBe(0.5);
  });
});

describe('DecisionCache on the system clock', () => {
  it('serves an entry at most 1 % of its TTL past its expiry', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new DecisionCache({ ttlSeconds: 10 }); // readings at most 100 ms old
    cache.set('k', true);
    vi.advanceTimersByTime(9_950);
    expect(cache.get('k')).toBe(true); // the reading of 9.95 s, answered until 10.05 s
    vi.advanceTimersByTime(90);
    expect(cache.get('k')).toBe(true); // at 10.04 s
    vi.advanceTimersByTime(10); // the reading is forgotten at 10.05 s
    expect(cache.get('k')).toBeUndefined();
    expect(cache.getStale('k')).toBe(true);
  });

  it('checks an expiry against the exact time once no hit came for an interval', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new DecisionCache({ ttlSeconds: 10 });
    cache.set('k', true);
    vi.advanceTimersByTime(10_000);
    expect(cache.get('k')).toBeUndefined();
  });
});
