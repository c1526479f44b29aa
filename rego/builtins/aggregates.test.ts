import { describe, expect, it } from 'vitest';
import { SetValue } from '../value/index.ts';
import { call, failure } from './test-support.ts';

describe('aggregate built-ins', () => {
  it('counts elements, keys and code points', () => {
    expect(call('count', [1, 2, 3])).toBe(3);
    expect(call('count', { a: 1, b: 2 })).toBe(2);
    expect(call('count', new SetValue([1, 1, 2]))).toBe(2);
    expect(call('count', 'åäö')).toBe(3);
    expect(call('count', '😇😀')).toBe(2);
  });

  it('counts each invalid UTF-8 byte of decoded data as one character, like Go', () => {
    expect(
      call('count', call('base64.decode', '2E84ZuPUd7zfvCZSNEchVpDEIj6PL7JfLpIqyxVG16k=') as string),
    ).toBe(30);
  });

  it.each([null, 5, true])('refuses to count %j', (v) => {
    expect(failure('count', v)).toEqual({
      code: 'eval_type_error',
      message: `count: operand 1 must be one of {array, object, set, string} but got ${v === null ? 'null' : typeof v}`,
    });
  });

  it('sums and multiplies exactly', () => {
    expect(call('sum', [49649733057, 1])).toBe(49649733058);
    expect(call('sum', [9_007_199_254_740_991, 9_007_199_254_740_991])).toBe(18_014_398_509_481_982n);
    expect(call('sum', new SetValue([1, 2, 3, 4]))).toBe(10);
    expect(call('sum', [0.5, 0.25])).toBe(0.75);
    expect(call('sum', [])).toBe(0);
    expect(call('product', [1, 2, 3, 4])).toBe(24);
    expect(call('product', [])).toBe(1);
    expect(failure('sum', [1, 'a']).message).toBe(
      'sum: operand 1 must be array of numbers but got array containing string',
    );
    expect(failure('sum', 'a').message).toBe('sum: operand 1 must be one of {set, array} but got string');
  });

  it('finds extremes in OPA order, undefined for empty collections', () => {
    expect(call('max', [1, 2, 3, 4])).toBe(4);
    expect(call('min', [3, 2, 1, 4, 6, -7, 10])).toBe(-7);
    expect(call('max', [1, 'a', null])).toBe('a');
    expect(call('max', [])).toBeUndefined();
    expect(call('min', new SetValue())).toBeUndefined();
  });

  it('sorts arrays and sets', () => {
    expect(call('sort', [4, 3, 'b', null, 2, 1])).toEqual([null, 1, 2, 3, 4, 'b']);
    expect(call('sort', new SetValue([3, 1, 2]))).toEqual([1, 2, 3]);
  });

  it('implements the deprecated all and any', () => {
    expect([call('all', [true, true]), call('all', [true, 1]), call('all', [])]).toEqual([true, false, true]);
    expect([call('any', [false, true]), call('any', new SetValue()), call('any', [1])]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
