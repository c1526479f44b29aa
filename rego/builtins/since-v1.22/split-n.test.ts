import { describe, expect, it } from 'vitest';
import { releaseBuiltins } from '../test-support.ts';

const { call, failure } = releaseBuiltins('v1.22.2');

describe('strings.split_n (OPA v1.22)', () => {
  it.each([
    ['a.b.c.d', '.', 2, ['a', 'b']],
    ['a.b.c.d', '.', 10, ['a', 'b', 'c', 'd']],
    ['a.b.c.d', '.', 0, []],
    ['a.b.c.d', '.', -2, ['c', 'd']],
    ['a.b.c.d', '.', -10, ['a', 'b', 'c', 'd']],
    ['abc', ',', 1, ['abc']],
    ['', '.', 2, ['']],
    ['a😀b', '', 2, ['a', '😀']],
    ['a😀b', '', -1, ['b']],
  ])('splits %j at %j keeping %i fields', (text, delimiter, n, want) => {
    expect(call('strings.split_n', text, delimiter, n)).toEqual(want);
  });

  it('refuses a count that is not a 64-bit integer', () => {
    for (const n of [1.5, 2n ** 64n])
      expect(failure('strings.split_n', 'a.b', '.', n)).toEqual({
        code: 'eval_type_error',
        message: 'strings.split_n: operand 3 must be integer number but got floating-point number',
      });
  });
});
