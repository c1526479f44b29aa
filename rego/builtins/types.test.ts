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
