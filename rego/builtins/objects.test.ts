import { describe, expect, it } from 'vitest';
import { makeObject, SetValue } from '../value/index.ts';
import { call, callJson, failure } from './test-support.ts';

describe('object built-ins', () => {
  it('gets a key or a path with a default', () => {
    expect(call('object.get', { a: 'b' }, 'a', 'c')).toBe('b');
    expect(call('object.get', { a: 'b' }, 'c', 'c')).toBe('c');
    // OPA v1.15.2: a null value is a value, not a missing key.
    expect(callJson('object.get', { c: null }, 'c', 0)).toBeNull();
    expect(callJson('object.get', { c: { d: null } }, ['c', 'd'], 0)).toBeNull();
    expect(callJson('object.get', { c: null }, ['c', 'd'], 0)).toBe(0);
    expect(call('object.get', { a: { b: 'c' } }, 'b', true)).toBe(true);
    expect(call('object.get', { a: { b: [1, 2] } }, ['a', 'b', 1], 0)).toBe(2);
    expect(call('object.get', { a: { b: 1 } }, ['a', 'x'], 'none')).toBe('none');
    expect(callJson('object.get', { a: 1 }, [], 0)).toEqual({ a: 1 });
    expect(call('object.get', makeObject([[1, 'one']]), 1, 'x')).toBe('one');
  });

  it('lists keys', () => {
    expect(callJson('object.keys', { b: 1, a: 2 })).toEqual(['a', 'b']);
  });

  it('removes keys given as an array, a set or an object', () => {
    expect(callJson('object.remove', { a: 1, b: { c: 3 }, d: 4 }, ['d', 'b'])).toEqual({ a: 1 });
    expect(callJson('object.remove', { a: 1, b: { c: 3 }, d: 4 }, { b: 1, d: '' })).toEqual({ a: 1 });
    expect(callJson('object.remove', { a: 1 }, new SetValue(['z']))).toEqual({ a: 1 });
    expect(failure('object.remove', ['a'], new SetValue(['a']))).toEqual({
      code: 'eval_type_error',
      message: 'object.remove: operand 1 must be object but got array',
    });
    expect(failure('object.remove', { a: 1 }, 'foo').message).toBe(
      'object.remove: operand 2 must be one of {object, set, array} but got string',
    );
  });

  it('filters keys', () => {
    expect(callJson('object.filter', { a: { b: 7 }, e: 9 }, new SetValue(['a']))).toEqual({ a: { b: 7 } });
    expect(callJson('object.filter', { a: 1, b: 2, c: 3, e: 9 }, { a: 'foo', e: '' })).toEqual({
      a: 1,
      e: 9,
    });
    expect(callJson('object.filter', { a: 7 }, [])).toEqual({});
    expect(failure('object.filter', false, ['a']).message).toBe(
      'object.filter: operand 1 must be object but got boolean',
    );
  });

  it('merges objects recursively, the right side winning', () => {
    expect(
      callJson('object.union', { a: { b: { c: 1 } }, e: 1 }, { a: { b: 'foo', b1: 'bar' }, d: 7, e: 17 }),
    ).toEqual({ a: { b: 'foo', b1: 'bar' }, d: 7, e: 17 });
    expect(callJson('object.union', { a: { x: 1 } }, { a: { y: 2 } })).toEqual({ a: { x: 1, y: 2 } });
    expect(callJson('object.union_n', [{ a: { b: 2 } }, { a: 4 }, { a: { c: 3 } }])).toEqual({ a: { c: 3 } });
    expect(callJson('object.union_n', [])).toEqual({});
    expect(failure('object.union', [1], {}).message).toBe(
      'object.union: operand 1 must be object but got array',
    );
    expect(failure('object.union_n', [{}, 1]).message).toBe(
      'object.union_n: operand 1 must be array of objects but got array containing number',
    );
  });

  it('tests subsets of objects, sets and arrays', () => {
    expect(call('object.subset', { a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
    expect(call('object.subset', { a: new SetValue([1, 2]) }, { a: new SetValue([2]) })).toBe(true);
    expect(call('object.subset', { a: 1 }, { a: 2 })).toBe(false);
    expect(call('object.subset', [1, 2, 3, 4], [2, 3])).toBe(true);
    expect(call('object.subset', [1, 2, 3, 4], [2, 4])).toBe(false);
    expect(call('object.subset', [1, 2, 3], new SetValue([3, 1]))).toBe(true);
    expect(failure('object.subset', 1, 2).code).toBe('eval_type_error');
  });
});
