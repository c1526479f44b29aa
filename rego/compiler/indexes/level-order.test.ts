import { describe, expect, it } from 'vitest';
import { levelOrder } from './level-order.ts';

const use = (ref: string, count: number, line: number) => ({ ref, count, location: { line, column: 3 } });
/** A function argument: no location in OPA's index. */
const arg = (ref: string, count: number) => ({ ref, count, location: undefined });

describe("the order of OPA's index levels", () => {
  it('puts a reference used more often first when the sort meets it in place', () => {
    expect(levelOrder([use('a', 1, 1), use('b', 2, 2)])).toEqual(['b', 'a']);
    expect(levelOrder([use('a', 1, 1), use('b', 1, 2), use('c', 1, 3)])).toEqual(['a', 'b', 'c']);
  });

  it('reads each count by the position its reference started at, as OPA v1.15.2 does', () => {
    // input.s, input.v[3], input.v[2] once each, input.missing twice (in that order of first use):
    // OPA leaves input.missing third, not first (a sort by count would put it first).
    const order = levelOrder([use('s', 1, 4), use('v3', 1, 5), use('v2', 1, 9), use('missing', 2, 14)]);
    expect(order).toEqual(['s', 'v3', 'missing', 'v2']);
    // input.s, input.missing, input.v[2] twice, input.v[1]: the count of the second position
    // compares against the first reference moved there.
    expect(levelOrder([use('s', 1, 7), use('missing', 1, 10), use('v2', 2, 11), use('v1', 1, 14)])).toEqual([
      's',
      'v2',
      'missing',
      'v1',
    ]);
  });

  it('puts an argument after every located reference of its count, as Go compares a missing location', () => {
    expect(levelOrder([use('v1', 1, 3), arg('x', 1), use('s', 1, 4), use('v2', 1, 5)])).toEqual([
      'v1',
      's',
      'v2',
      'x',
    ]);
    // Used more often, it still comes first; two arguments keep their order.
    expect(levelOrder([use('a', 1, 1), arg('x', 2)])).toEqual(['x', 'a']);
    expect(levelOrder([arg('x', 1), arg('y', 1), use('a', 1, 9)])).toEqual(['a', 'x', 'y']);
  });
});
