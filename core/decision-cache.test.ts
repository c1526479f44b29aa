import { describe, expect, it } from 'vitest';
import { DecisionCache } from './decision-cache.ts';
import { AuthzConfigError } from './errors.ts';
import { ManualClock } from './testing/manual-clock.ts';

describe('DecisionCache', () => {
  it('serves an entry until its TTL passes, then only as a stale value', () => {
    const clock = new ManualClock();
    const cache = new DecisionCache({ ttlSeconds: 10, staleTtlSeconds: 60 }, { clock });
    cache.set('k', true);
    clock.advance(9_999);
    expect(cache.get('k')).toBe(true);
    clock.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.getStale('k')).toBe(true);
    clock.advance(60_000);
    expect(cache.getStale('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a TTL per entry', () => {
    const clock = new ManualClock();
    const cache = new DecisionCache({ ttlSeconds: 10 }, { clock });
    cache.set('old', false);
    clock.advance(5_000);
    cache.set('new', true);
    clock.advance(6_000);
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new')).toBe(true);
  });

  it('never holds more than maxSize entries and evicts the least recently used', () => {
    const cache = new DecisionCache({ maxSize: 3 });
    for (const k of ['a', 'b', 'c']) cache.set(k, true);
    cache.get('a');
    cache.set('d', false);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(true);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, true);
    expect(cache.size).toBe(3);
  });

  it('bounds stale entries with the same limit', () => {
    const clock = new ManualClock();
    const cache = new DecisionCache({ ttlSeconds: 1, maxSize: 2 }, { clock });
    cache.set('a', true);
    cache.set('b', true);
    clock.advance(2_000);
    cache.set('c', false);
    expect(cache.size).toBe(2);
    expect(cache.getStale('a')).toBeUndefined();
    expect(cache.getStale('b')).toBe(true);
  });

  it('forgets everything on clear', () => {
    const cache = new DecisionCache();
    cache.set('a', true);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getStale('a')).toBeUndefined();
  });

  it('keeps a decision asked for before a clear from being stored after it', () => {
    const cache = new DecisionCache();
    const before = cache.generation;
    cache.clear();
    cache.set('a', true, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', false, cache.generation);
    expect(cache.get('a')).toBe(false);
  });

  it('rejects invalid options naming the field', () => {
    expect(() => new DecisionCache({ ttlSeconds: 0 })).toThrow(/decisionCache\.ttlSeconds/);
    expect(() => new DecisionCache({ maxSize: 0 })).toThrow(AuthzConfigError);
    expect(() => new DecisionCache({ maxSize: 1.5 })).toThrow(/decisionCache\.maxSize/);
  });
});
