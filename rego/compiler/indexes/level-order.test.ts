import { describe, expect, it } from 'vitest';
import { levelOrder } from './level-order.ts';

const use = (ref: string, count: number, line: number) => ({ ref, count, line, column: 3 });

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
});
