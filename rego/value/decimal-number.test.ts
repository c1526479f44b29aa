import { describe, expect, it } from 'vitest';
import { DecimalNumber, decimalParts } from './decimal-number.ts';
import { lookup, makeObject, objectGet, SetValue, toJson } from './index.ts';
import { canonicalKey, compare, equal } from './order.ts';
import { isNumber, isObject, kindOf, numberText } from './value.ts';

const third = new DecimalNumber(1 / 3, '0.33333333333333333334');
const one = new DecimalNumber(1, '1.0');

describe('numbers carried with OPA text', () => {
  it('are numbers, not objects, written with their text and read as their double', () => {
    expect(kindOf(third)).toBe('number');
    expect(isNumber(third)).toBe(true);
    expect(isObject(third)).toBe(false);
    expect(numberText(one)).toBe('1.0');
    expect(toJson([third, one])).toEqual([1 / 3, 1]);
    expect(Number(third)).toBe(1 / 3);
  });

  it('have no members: selecting "value" in one is undefined, as in any number', () => {
    expect(lookup(third, 'value')).toBeUndefined();
    expect(lookup(one, 'value')).toBeUndefined();
    expect(lookup(makeObject([['value', one]]), 'value')).toBe(one);
  });

  it('read a decimal text exactly', () => {
    expect(decimalParts('-1.50e+3')).toEqual({ negative: true, digits: '15', exponent: 4 });
    expect(decimalParts('0.0010')).toEqual({ negative: false, digits: '1', exponent: -2 });
    expect(decimalParts('1E2')).toEqual(decimalParts('100'));
  });

  it('compare exactly, as OPA compares decimals: 1.0 is 1, 1 / 3 is not its double', () => {
    expect(equal(one, 1)).toBe(true);
    expect(equal(new DecimalNumber(2.5, '2.50'), 2.5)).toBe(true);
    expect(equal(third, 1 / 3)).toBe(false);
    expect(compare(third, 1 / 3)).toBe(1);
    expect(compare(new DecimalNumber(-1 / 3, '-0.33333333333333333334'), -1 / 3)).toBe(-1);
    expect(compare(third, 0.5)).toBe(-1);
    expect(equal(new DecimalNumber(10n ** 400n, '1e400'), 10n ** 400n)).toBe(true);
  });

  it('share the key of the double they equal, and only then', () => {
    expect(canonicalKey(one)).toBe(canonicalKey(1));
    expect(canonicalKey(new DecimalNumber(1e-7, '1e-07'))).toBe(canonicalKey(1e-7));
    expect(canonicalKey(third)).not.toBe(canonicalKey(1 / 3));
    expect(canonicalKey(third)).not.toBe(canonicalKey('~0.33333333333333333334e0'));
    expect(new SetValue([one, 1]).size).toBe(1);
    expect(new SetValue([third, 1 / 3]).size).toBe(2);
    expect(objectGet(makeObject([[one, 'a']]), 1)).toBe('a');
  });

  it('compute their text when first read, in a subclass', () => {
    let computed = 0;
    class Counted extends DecimalNumber {
      protected override computeText(): string {
        computed++;
        return '0.7083333333333333333';
      }
    }
    const lazy = new Counted(0.7083333333333334);
    expect(computed).toBe(0);
    expect(lazy.text).toBe('0.7083333333333333333');
    expect(lazy.text).toBe('0.7083333333333333333');
    expect(computed).toBe(1);
  });
});
