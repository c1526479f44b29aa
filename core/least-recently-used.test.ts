import { describe, expect, it } from 'vitest';
import { LeastRecentlyUsed } from './least-recently-used.ts';

describe('LeastRecentlyUsed', () => {
  it('evicts the least recently used entry when full', () => {
    const recent = new LeastRecentlyUsed<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    expect(recent.get('a')).toBe(1);
    recent.set('c', 3);
    expect([recent.peek('a'), recent.peek('b'), recent.peek('c')]).toEqual([1, undefined, 3]);
    expect(recent.size).toBe(2);
  });

  it('does not mark an entry used on peek', () => {
    const recent = new LeastRecentlyUsed<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.peek('a');
    recent.set('c', 3);
    expect(recent.peek('a')).toBeUndefined();
  });

  it('replaces a value without growing, and deletes and clears', () => {
    const recent = new LeastRecentlyUsed<number>(3);
    recent.set('a', 1);
    recent.set('a', 2);
    expect([recent.get('a'), recent.size]).toEqual([2, 1]);
    recent.set('b', 3);
    recent.delete('a');
    expect(recent.size).toBe(1);
    recent.clear();
    expect(recent.size).toBe(0);
  });

  it('keeps the use order through reads, replacements and deletions in the middle', () => {
    const recent = new LeastRecentlyUsed<number>(3);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('c', 3);
    recent.get('a'); // order, least recent first: b c a
    recent.set('b', 20); // c a b
    recent.delete('a'); // c b
    recent.set('d', 4); // c b d
    recent.get('c'); // b d c
    recent.set('e', 5); // b evicted: d c e
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => recent.peek(k))).toEqual([undefined, undefined, 3, 4, 5]);
    recent.set('f', 6); // d evicted
    recent.set('g', 7); // c evicted
    expect(['c', 'd', 'e', 'f', 'g'].map((k) => recent.peek(k))).toEqual([undefined, undefined, 5, 6, 7]);
    recent.clear();
    recent.set('h', 8);
    expect([recent.get('h'), recent.size]).toEqual([8, 1]);
  });
});
