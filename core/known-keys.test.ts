import { describe, expect, it } from 'vitest';
import { appendTokens, KnownKeys, type Token } from './known-keys.ts';

const tokensOf = (value: unknown): Token[] | undefined => {
  const out: Token[] = [];
  return appendTokens(value, out) ? out : undefined;
};

describe('appendTokens', () => {
  it('reads objects in sorted key order, so key order never matters', () => {
    expect(tokensOf({ b: 1, a: { d: 2, c: [null, true] } })).toEqual(
      tokensOf({ a: { c: [null, true], d: 2 }, b: 1 }),
    );
  });

  it('keeps apart values whose text would read alike', () => {
    const values = [
      { a: '1' },
      { a: 1 },
      { a: ['1'] },
      { a: { 1: 1 } },
      ['a', '1'],
      { a: null },
      { a: 'null' },
    ];
    const sequences = values.map(tokensOf);
    for (let i = 0; i < values.length; i++) {
      for (let j = i + 1; j < values.length; j++) {
        const known = new KnownKeys(10);
        known.remember(sequences[i]!, `k${i}`);
        expect(
          known.find(sequences[j]!),
          `${JSON.stringify(values[i])} vs ${JSON.stringify(values[j])}`,
        ).toBe(undefined);
      }
    }
  });

  it('declines what it does not remember: non-finite numbers, undefined, toJSON, BigInt, deep nesting', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    for (const value of [{ n: Number.NaN }, { u: undefined }, { d: new Date(0) }, { b: 1n }, deep]) {
      expect(tokensOf(value)).toBe(undefined);
    }
  });
});

describe('KnownKeys', () => {
  it('finds each remembered sequence, across shared prefixes and split tails', () => {
    const known = new KnownKeys(100);
    const sequences: Token[][] = [['a', 'b', 'c'], ['a', 'b', 'd'], ['a', 'x'], ['b'], ['a', 'b', 'e', 'f']];
    sequences.forEach((s, i) => {
      known.remember(s, `k${i}`);
    });
    sequences.forEach((s, i) => {
      expect(known.find(s)).toBe(`k${i}`);
    });
    expect(known.find(['a', 'b'])).toBe(undefined);
    expect(known.find(['a', 'b', 'e', 'g'])).toBe(undefined);
    expect(known.find(['a', 'c'])).toBe(undefined);
  });

  it('forgets everything once it holds its limit', () => {
    const known = new KnownKeys(2);
    known.remember(['a'], 'ka');
    known.remember(['b'], 'kb');
    known.remember(['c'], 'kc');
    expect([known.find(['a']), known.find(['b']), known.find(['c'])]).toEqual([undefined, undefined, 'kc']);
  });
});
