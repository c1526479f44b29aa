import { describe, expect, it } from 'vitest';
import { makeObject, numberText, SetValue } from '../value/index.ts';
import { call, failure } from './test-support.ts';

describe('type built-ins', () => {
  it.each([
    [null, 'null'],
    [true, 'boolean'],
    [100, 'number'],
    [2n ** 70n, 'number'],
    ['x', 'string'],
    [[1], 'array'],
    [new SetValue([1]), 'set'],
    [{ a: 1 }, 'object'],
    [makeObject([[1, 2]]), 'object'],
  ])('type_name(%s) = %s', (v, want) => {
    expect(call('type_name', v)).toBe(want);
    expect(call(`is_${want}`, v)).toBe(true);
    expect(call(want === 'string' ? 'is_number' : 'is_string', v)).toBe(false);
  });
});

describe('cast built-ins', () => {
  it.each([
    [null, 0],
    [true, 1],
    [false, 0],
    [-4.5, -4.5],
    ['3', 3],
    ['+12', 12],
    ['.5', 0.5],
    ['12345678901234567890', 12345678901234567890n],
    // Go's float syntax, as OPA's ParseFloat check accepts it (what OPA v1.15.2 and v1.22.2
    // computed with these): underscores between digits, hexadecimal with a binary exponent.
    ['1_000', 1000],
    ['1_0.5', 10.5],
    ['1e1_0', 10_000_000_000],
    ['0_17', 17],
    ['1.', 1],
    ['0x1p-2', 0.25],
    ['0x1.8p1', 3],
    ['-0X_1P+2', -4],
    ['0x.8p1', 1],
  ])('to_number(%s) = %s', (v, want) => {
    expect(call('to_number', v)).toBe(want);
  });

  it('keeps the text of a float, as OPA keeps a json.Number', () => {
    const n = call('to_number', '-1.5e3');
    expect(Number(n)).toBe(-1500);
    expect(numberText(n as number)).toBe('-1.5e3');
  });

  it('refuses what Go cannot parse', () => {
    expect(failure('to_number', 'broken')).toEqual({
      code: 'eval_builtin_error',
      message: 'to_number: strconv.ParseFloat: parsing "broken": invalid syntax',
    });
    for (const text of ['1__000', '_1', '1_', '1_.5', '0x1', '0x1p', '0x_p1', '0b101', '0o17', '00x1']) {
      expect(failure('to_number', text).message, text).toBe(
        `to_number: strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax`,
      );
    }
    expect(failure('to_number', '1e400').message).toBe(
      'to_number: strconv.ParseFloat: parsing "1e400": value out of range',
    );
    expect(failure('to_number', 'Inf')).toEqual({
      code: 'eval_type_error',
      message: 'to_number: operand 1 must be valid number string but got string',
    });
    expect(failure('to_number', [1]).message).toBe(
      'to_number: operand 1 must be one of {null, boolean, number, string} but got array',
    );
  });

  it('implements the deprecated casts', () => {
    expect(call('cast_array', new SetValue([2, 1]))).toEqual([1, 2]);
    expect(call('cast_set', [1, 1]) instanceof SetValue).toBe(true);
    expect([call('cast_null', null), call('cast_boolean', false), call('cast_string', 's')]).toEqual([
      null,
      false,
      's',
    ]);
    expect(failure('cast_null', {})).toEqual({
      code: 'eval_type_error',
      message: 'cast_null: operand 1 must be null but got object',
    });
    expect(failure('cast_boolean', 1).code).toBe('eval_type_error');
    expect(failure('cast_object', []).code).toBe('eval_type_error');
  });
});
