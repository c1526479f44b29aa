import { describe, expect, it } from 'vitest';
import { appendTokens, KnownKeys, type Token } from './known-keys.ts';

const tokensOf = (value: unknown): Token[] | undefined => {
  const out: Token[] = [];
  return appendTokens(value, out) ? out : undefined;
};

describe('appendTokens', () => {
  it('reads members in their own order: the sequence still tells the value, so it is found again', () => {
    const known = new KnownKeys(10);
    const value = { b: 1, a: { d: 2, c: [null, true] } };
    known.remember(tokensOf(value)!, 'k');
    expect(known.findValue({ b: 1, a: { d: 2, c: [null, true] } })).toBe('k');
    expect(known.findValue({ a: { c: [null, true], d: 2 }, b: 1 })).toBe(undefined);
    for (const other of [
      { b: 1 },
      { b: 1, a: { d: 2, c: [null] } },
      { b: 1, a: { d: 2, c: [null, true] }, e: 0 },
    ]) {
      expect(known.findValue(other), JSON.stringify(other)).toBe(undefined);
    }
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

  it('reads values without JSON form as JSON writes them: members left out, items and non-finite numbers null', () => {
    const skip = (): void => {};
    expect(tokensOf({ a: 1, u: undefined, f: skip, s: Symbol('s') })).toEqual(tokensOf({ a: 1 }));
    expect(tokensOf([undefined, skip, Number.NaN, Number.POSITIVE_INFINITY])).toEqual(
      tokensOf([null, null, null, null]),
    );
    expect(tokensOf({ n: Number.NaN })).toEqual(tokensOf({ n: null }));
    expect(tokensOf({ u: undefined })).not.toEqual(tokensOf({ u: null }));
  });

  it("reads an object's own members only, as JSON does: inherited enumerable ones are not part of the value", () => {
    const inherited = Object.assign(Object.create({ role: 'admin' }) as Record<string, unknown>, { id: '1' });
    expect(JSON.stringify(inherited)).toBe('{"id":"1"}');
    expect(tokensOf(inherited)).toEqual(tokensOf({ id: '1' }));
    const known = new KnownKeys(10);
    known.remember(tokensOf({ id: '1', role: 'admin' })!, 'k');
    expect(known.findValue(inherited)).toBe(undefined);
  });

  it('tells own members by the original hasOwnProperty, whatever an application puts in its place', () => {
    const original = Object.prototype.hasOwnProperty;
    const inherited = Object.assign(Object.create({ role: 'admin' }) as Record<string, unknown>, { id: '1' });
    const own = tokensOf({ id: '1' });
    const known = new KnownKeys(10);
    known.remember(tokensOf({ id: '1', role: 'admin' })!, 'k');
    try {
      Object.prototype.hasOwnProperty = () => true;
      expect(tokensOf(inherited)).toEqual(own);
      expect(known.findValue(inherited)).toBe(undefined);
    } finally {
      Object.prototype.hasOwnProperty = original;
    }
    expect(known.findValue({ id: '1', role: 'admin' })).toBe('k');
  });

  it('declines what it does not remember: toJSON, BigInt, deep nesting, a bare value without JSON form', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    for (const value of [{ d: new Date(0) }, { b: 1n }, deep, undefined]) {
      expect(tokensOf(value)).toBe(undefined);
    }
  });
});

describe('KnownKeys', () => {
  it('never pairs a member with the wrong key: a getter that removes a later member is not remembered', () => {
    const known = new KnownKeys(10);
    known.remember(tokensOf({ a: 1, b: 3 })!, 'k');
    // It is { a: 1, c: 3 } once read; its values paired with the keys read before would say { a: 1, b: 3 }.
    const shifting = {
      get a() {
        delete (this as { b?: number }).b;
        return 1;
      },
      b: 2,
      c: 3,
    };
    expect(known.findValue(shifting)).toBe(undefined);
    expect(
      tokensOf({
        a: 1,
        get b() {
          return 3;
        },
      }),
    ).toEqual(tokensOf({ a: 1, b: 3 }));
  });

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

  it('finds keys that share long stretches and part ways inside them, in any order remembered', () => {
    const known = new KnownKeys(10_000);
    const sequenceOf = (caller: number, doc: number): Token[] => [
      'SUB',
      `user-${caller}`,
      'app.GET.docs.__id',
      'allowed',
      'id',
      `${doc}`,
      'city',
      doc % 3 === 0 ? 'Lyon' : 'Paris',
    ];
    const pairs: [number, number][] = [];
    for (let caller = 0; caller < 12; caller++) for (let doc = 0; doc < 12; doc++) pairs.push([caller, doc]);
    // Remembered in an order that splits stretches at every depth, found in another.
    const shuffled = pairs.map((p, i) => [p, (i * 37) % pairs.length] as const).sort((a, b) => a[1] - b[1]);
    for (const [[caller, doc]] of shuffled) known.remember(sequenceOf(caller, doc), `k${caller}.${doc}`);
    for (const [caller, doc] of pairs) expect(known.find(sequenceOf(caller, doc))).toBe(`k${caller}.${doc}`);
    expect(known.find(sequenceOf(1, 1).slice(0, 6))).toBe(undefined);
    expect(known.find([...sequenceOf(1, 1), 'more'])).toBe(undefined);
    expect(known.find(sequenceOf(12, 1))).toBe(undefined);
  });

  it('finds a key while a getter of the value read remembers another that splits the way it walks', () => {
    const known = new KnownKeys(100);
    known.remember(tokensOf({ a: 'x', b: 'y', c: 'z' })!, 'k1');
    const reading = {
      a: 'x',
      get b() {
        // Parts from k1's sequence right where this walk is.
        known.remember(tokensOf({ a: 'x', b: 'other', c: 'z' })!, 'k2');
        return 'y';
      },
      c: 'z',
    };
    expect(known.findValue(reading)).toBe('k1');
    expect(known.findValue({ a: 'x', b: 'other', c: 'z' })).toBe('k2');
    expect(known.findValue({ a: 'x', b: 'y', c: 'z' })).toBe('k1');
  });

  it('forgets everything once it holds its limit', () => {
    const known = new KnownKeys(2);
    known.remember(['a'], 'ka');
    known.remember(['b'], 'kb');
    known.remember(['c'], 'kc');
    expect([known.find(['a']), known.find(['b']), known.find(['c'])]).toEqual([undefined, undefined, 'kc']);
  });

  it('finds a tuple exactly as the array of its values, and nothing that differs in any of them', () => {
    const known = new KnownKeys(100);
    const tuples: [string | null, string | null, string | null, string | null, unknown][] = [
      ['SUB', 'alice', 'app.GET.x', 'allowed', { id: '1', location: { city: 'Lyon' } }],
      ['SUB', 'alice', 'app.GET.x', 'allowed', { id: '2', location: { city: 'Lyon' } }],
      ['SUB', 'bob', 'app.GET.x', 'allowed', { id: '1', location: { city: 'Lyon' } }],
      ['SUB', 'alice', 'app.GET.y', 'allowed', { id: '1', location: { city: 'Lyon' } }],
      ['SUB', 'alice', 'app.GET.x', 'visible', { id: '1', location: { city: 'Lyon' } }],
      ['NONE', null, 'app.GET.x', 'allowed', { id: '1', location: { city: 'Lyon' } }],
      ['SUB', 'alice', 'app.GET.x', 'allowed', { id: '1', location: { city: 'Paris' } }],
      ['SUB', 'alice', 'app.GET.x', 'allowed', undefined],
    ];
    tuples.forEach((tuple, i) => {
      known.remember(tokensOf(tuple)!, `k${i}`);
    });
    tuples.forEach((tuple, i) => {
      const copy = structuredClone(tuple);
      expect(known.findTuple(copy[0], copy[1], copy[2], copy[3], copy[4])).toBe(`k${i}`);
      expect(known.findValue(copy)).toBe(`k${i}`);
    });
    expect(
      known.findTuple('SUB', 'carol', 'app.GET.x', 'allowed', { id: '1', location: { city: 'Lyon' } }),
    ).toBe(undefined);
    expect(known.findTuple('SUB', 'alice', 'app.GET.x', 'allowed', { id: '1' })).toBe(undefined);
  });

  it('finds tuples again after each change: a split at their first value, a reset at the limit', () => {
    const known = new KnownKeys(3);
    const alice = ['SUB', 'alice', 'app.GET.x', 'allowed', { id: '1' }] as const;
    const anonymous = ['NONE', null, 'app.GET.x', 'allowed', { id: '1' }] as const;
    expect(known.findTuple(...alice)).toBe(undefined);
    known.remember(tokensOf(alice)!, 'a');
    expect(known.findTuple(...alice)).toBe('a');
    known.remember(tokensOf(anonymous)!, 'n');
    expect(known.findTuple(...alice)).toBe('a');
    expect(known.findTuple(...anonymous)).toBe('n');
    known.remember(tokensOf('not a tuple')!, 's');
    expect(known.findTuple(...alice)).toBe('a');
    known.remember(tokensOf(['SUB', 'bob', 'app.GET.x', 'allowed', {}])!, 'b');
    expect(known.findTuple(...alice)).toBe(undefined);
    expect(known.findTuple('SUB', 'bob', 'app.GET.x', 'allowed', {})).toBe('b');
  });
});
