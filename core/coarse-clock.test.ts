import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coarseClock } from './coarse-clock.ts';
import { DecisionCache } from './decision-cache.ts';

describe('coarseClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the system clock once, then answers that reading until its timer fires', () => {
    const clock = coarseClock();
    const read = vi.spyOn(Date, 'now');
    expect(clock.now()).toBe(1_000_000);
    vi.setSystemTime(1_000_005); // the time moves on, no timer has run yet
    expect(clock.now()).toBe(1_000_000);
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1); // the reading's timer fires
    expect(clock.now()).toBe(1_000_006);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads again after maxReads readings even when no timer could run', () => {
    const clock = coarseClock({ maxReads: 3 });
    expect([clock.now(), clock.now(), clock.now()]).toEqual([1_000_000, 1_000_000, 1_000_000]);
    vi.setSystemTime(1_000_002);
    expect(clock.now()).toBe(1_000_002);
  });

  it('holds a reading for resolutionMs', () => {
    const clock = coarseClock({ resolutionMs: 10 });
    clock.now();
    vi.setSystemTime(1_000_009);
    vi.advanceTimersByTime(0);
    expect(clock.now()).toBe(1_000_000);
    vi.advanceTimersByTime(10);
    expect(clock.now()).toBe(1_000_019);
  });

  it('never keeps the process alive: its timer is unreferenced', () => {
    const unref = vi.fn();
    const timeout = vi.spyOn(globalThis, 'setTimeout').mockReturnValue({ unref } as never);
    coarseClock().now();
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(unref).toHaveBeenCalledTimes(1);
  });

  it('reads the system clock every time where timers are numbers (edge workers, browsers)', () => {
    const timeout = vi.spyOn(globalThis, 'setTimeout').mockReturnValue(7 as never);
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const clock = coarseClock();
    clock.now();
    expect(clear).toHaveBeenCalledWith(7);
    vi.setSystemTime(1_000_003);
    expect(clock.now()).toBe(1_000_003);
    vi.setSystemTime(1_000_004);
    expect(clock.now()).toBe(1_000_004);
    expect(timeout).toHaveBeenCalledTimes(1);
  });

  it('reads the system clock every time where there are no timers', () => {
    vi.stubGlobal('setTimeout', undefined);
    try {
      const clock = coarseClock();
      clock.now();
      vi.setSystemTime(1_000_003);
      expect(clock.now()).toBe(1_000_003);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a decision cache on the default clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 2_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires an entry at its TTL, to the millisecond', () => {
    const cache = new DecisionCache({ ttlSeconds: 1 });
    vi.advanceTimersByTime(5); // whatever reading an earlier test left is forgotten
    cache.set('k', true);
    vi.advanceTimersByTime(999);
    expect(cache.get('k')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cache.get('k')).toBeUndefined();
  });
});
