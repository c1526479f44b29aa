import { describe, expect, it } from 'vitest';
import { SetValue } from '../value/index.ts';
import { call, callJson, failure } from './test-support.ts';

describe('array built-ins', () => {
  it('concatenates arrays', () => {
    expect(call('array.concat', [1, 2], [3, 4])).toEqual([1, 2, 3, 4]);
    expect(failure('array.concat', { a: 1 }, [3]).message).toBe(
      'array.concat: operand 1 must be array but got object',
    );
    expect(failure('array.concat', [1], { a: 1 }).message).toBe(
      'array.concat: operand 2 must be array but got object',
    );
  });

  it.each([
    [[1, 2, 3, 4, 5], 1, 3, [2, 3]],
    [[1, 2, 3], 0, 0, []],
    [[1, 2, 3, 4, 5], -4, -1, []],
    [[1, 2, 3, 4, 5], 4, 1, []],
    [[1, 2, 3, 4, 5], -1, 2, [1, 2]],
    [[1, 2, 3, 4, 5], 3, 6, [4, 5]],
    [[1, 2, 3], 1000, 2000, []],
  ])('slices %j from %s to %s', (arr, from, to, want) => {
    expect(call('array.slice', arr, from, to)).toEqual(want);
  });

  it('reverses arrays', () => {
    expect(call('array.reverse', [1, 2, 3])).toEqual([3, 2, 1]);
    expect(failure('array.reverse', {}).message).toBe(
      'array.reverse: operand 1 must be array but got object',
    );
  });
});

describe('set built-ins', () => {
  const s = (...xs: number[]) => new SetValue(xs);

  it('intersects and unites', () => {
    expect(callJson('and', s(1, 2, 3), s(2, 3, 4))).toEqual([2, 3]);
    expect(callJson('or', s(1, 2), s(2, 3))).toEqual([1, 2, 3]);
    expect(callJson('intersection', new SetValue([s(1, 2, 3), s(2, 3), s(3, 9)]))).toEqual([3]);
    expect(callJson('intersection', new SetValue())).toEqual([]);
    expect(callJson('union', new SetValue([s(1), s(2), s(1, 3)]))).toEqual([1, 2, 3]);
    expect(callJson('set_diff', s(1, 2, 3), s(2))).toEqual([1, 3]);
  });

  it('reports non-set operands', () => {
    expect(failure('and', s(1), [1]).message).toBe('and: operand 2 must be set but got array');
    expect(failure('union', new SetValue([1])).message).toBe(
      'union: operand 1 must be set of sets but got set containing number',
    );
  });
});

describe('comparison and membership built-ins', () => {
  it('compares in OPA order across kinds', () => {
    expect(call('lt', null, false)).toBe(true);
    expect(call('lt', 1, 'a')).toBe(true);
    expect(call('gt', [1], 'z')).toBe(true);
    expect(call('lte', 2n ** 60n, 2n ** 60n)).toBe(true);
    expect(call('gte', 2n ** 60n, 1.5)).toBe(true);
    expect(call('equal', new SetValue([1, 2]), new SetValue([2, 1]))).toBe(true);
    expect(call('neq', { a: 1 }, { a: 1.0 })).toBe(false);
  });

  it('tests membership in arrays, sets and object values, with keys', () => {
    expect(call('internal.member_2', 1, [1])).toBe(true);
    expect(call('internal.member_2', 1, { foo: 1 })).toBe(true);
    expect(call('internal.member_2', 'foo', 1)).toBe(false);
    expect(call('internal.member_3', 1, 'two', ['one', 'two'])).toBe(true);
    expect(call('internal.member_3', 'foo', 2, { foo: 1 })).toBe(false);
  });
});

describe('graph.reachable_paths', () => {
  it('lists the paths from each start node, stopping at cycles and unknown nodes', () => {
    const graph = { a: ['b'], b: ['c', 'x'], c: ['a'], d: [] };
    // x has no entry in the graph, so its path ends before it.
    expect(callJson('graph.reachable_paths', graph, ['a', 'd', 'zz'])).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['d'],
    ]);
    expect(failure('graph.reachable_paths', graph, 'a').code).toBe('eval_type_error');
  });
});

describe('array.flatten', () => {
  it('unpacks nested arrays one level and keeps other items', () => {
    expect(callJson('array.flatten', [1, [2, [3]], [], { a: [4] }])).toEqual([1, 2, [3], { a: [4] }]);
    expect(failure('array.flatten', { a: 1 }).code).toBe('eval_type_error');
  });
});
