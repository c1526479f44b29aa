import { describe, expect, it } from 'vitest';
import {
  asValue,
  canonicalKey,
  compare,
  compareStrings,
  equal,
  fromJson,
  kindOf,
  makeObject,
  normalizeNumber,
  numberText,
  ObjectMap,
  objectEntries,
  objectGet,
  parseNumber,
  SetValue,
  toJson,
  type Value,
} from './index.ts';

describe('numbers', () => {
  it('keeps integers beyond 2^53 exact as bigints and safe ones as numbers', () => {
    expect(parseNumber('9007199254740993')).toBe(9007199254740993n);
    expect(parseNumber('42')).toBe(42);
    expect(parseNumber('-0')).toBe(0);
    expect(parseNumber('1.5e3')).toBe(1500);
    expect(normalizeNumber(10n)).toBe(10);
    expect(normalizeNumber(2 ** 60)).toBe(2n ** 60n);
  });

  it('reads exponent literals too large for a float as exact integers', () => {
    expect(parseNumber('2e308')).toBe(2n * 10n ** 308n);
    expect(parseNumber('1.5e400')).toBe(15n * 10n ** 399n);
    expect(parseNumber('1e-400')).toBe(0);
  });

  it('keeps a float literal beyond 2^53 a float, equal to the integer it denotes', () => {
    const float = parseNumber('1e21') as number;
    expect(float).toBe(1e21);
    expect(parseNumber('1e308')).toBe(1e308);
    expect(parseNumber('1000000000000000000000')).toBe(10n ** 21n);
    expect(equal(float, 10n ** 21n)).toBe(true);
    expect(equal(10n ** 21n, float)).toBe(true);
    expect(canonicalKey(float)).toBe(canonicalKey(10n ** 21n));
    expect(new SetValue([float, 10n ** 21n]).size).toBe(1);
    expect(objectGet(makeObject([[10n ** 21n, 'x']]), float)).toBe('x');
    expect(numberText(float)).toBe('1e21');
    expect(numberText(parseNumber('1e16') as number)).toBe('1e16');
    expect(numberText(0.1)).toBe('0.1');
    expect(numberText(9007199254740993n)).toBe('9007199254740993');
  });

  it('compares numbers across representations', () => {
    expect(equal(1, 1.0)).toBe(true);
    expect(compare(9007199254740993n, 9007199254740992n)).toBe(1);
    expect(compare(1, 9007199254740993n)).toBe(-1);
  });
});

describe('order and equality', () => {
  it('orders kinds as OPA does: null < boolean < number < string < array < object < set', () => {
    const sorted = [new SetValue([1]), { a: 1 }, [1], 'a', 1, true, null].sort(compare);
    expect(sorted.map((v) => kindOf(v))).toEqual([
      'null',
      'boolean',
      'number',
      'string',
      'array',
      'object',
      'set',
    ]);
  });

  it('compares strings by code point, not UTF-16 unit', () => {
    expect(compareStrings('\u{1F600}', '\uFFFF')).toBe(1);
    expect(compareStrings('a', 'b')).toBe(-1);
  });

  it('treats sets and objects structurally', () => {
    expect(equal(new SetValue([1, 2, 3]), new SetValue([3, 2, 1]))).toBe(true);
    expect(
      equal(
        { a: 1, b: [2] },
        makeObject([
          ['b', [2]],
          ['a', 1],
        ]),
      ),
    ).toBe(true);
    expect(equal({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(new SetValue([{ a: 1 }, { a: 1 }]).size).toBe(1);
  });

  it('gives equal values equal canonical keys and different values different ones', () => {
    expect(canonicalKey(new SetValue(['x', 1]))).toBe(canonicalKey(new SetValue([1, 'x'])));
    expect(canonicalKey('1')).not.toBe(canonicalKey(1));
    expect(canonicalKey([1, 2])).not.toBe(canonicalKey(new SetValue([1, 2])));
  });
});

describe('objects with non-string keys', () => {
  it('builds an ObjectMap as soon as one key is not a string', () => {
    const o = makeObject([
      [1, 'one'],
      ['a', 'x'],
    ]);
    expect(o).toBeInstanceOf(ObjectMap);
    expect(objectGet(o, 1)).toBe('one');
    expect(objectEntries(o).map(([k]) => k)).toEqual([1, 'a']);
  });

  it('ignores inherited properties of plain objects', () => {
    expect(objectGet({}, 'toString')).toBeUndefined();
    expect(objectGet(JSON.parse('{"__proto__": 1}'), '__proto__')).toBe(1);
  });
});

describe('JSON conversion', () => {
  it('accepts JSON as is, without copying', () => {
    const input = { a: [1, { b: 'c' }], d: null };
    expect(fromJson(input)).toBe(input);
  });

  it('normalizes unsafe integers to bigints', () => {
    const v = fromJson({ n: 2 ** 60 }) as Record<string, Value>;
    expect(v.n).toBe(2n ** 60n);
  });

  it('names the path of a non-JSON part', () => {
    expect(() => fromJson({ a: [1, () => 1] })).toThrow('$.a[1]: function is not a JSON value');
    expect(() => fromJson({ a: new Date(0) })).toThrow('$.a: Date is not a JSON value');
    expect(() => fromJson({ a: Number.NaN })).toThrow('$.a: number NaN is not finite');
    expect(() => fromJson([1, undefined, 3])).toThrow('$[1]: undefined is not a JSON value');
  });

  it('accepts engine values with asValue only', () => {
    const input = { s: new SetValue([1]) };
    expect(equal(asValue(input), makeObject([['s', new SetValue([1])]]))).toBe(true);
    expect(() => asValue({ s: new SetValue([(() => 1) as unknown as Value]) })).toThrow(
      '$.s[*]: function is not a JSON value',
    );
    expect(() => fromJson(input)).toThrow('SetValue is not a JSON value');
  });

  it('converts sets to sorted arrays and non-string keys to their JSON text', () => {
    expect(toJson(new SetValue([3, 1]))).toEqual([1, 3]);
    expect(toJson(makeObject([[[1, 2], 'x']]))).toEqual({ '[1,2]': 'x' });
    expect(toJson(2n ** 70n + 1n)).toBe((2n ** 70n + 1n).toString());
    expect(toJson(2n ** 70n)).toBe(2 ** 70);
  });
});
