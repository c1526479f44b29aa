import { describe, expect, it } from 'vitest';
import { SetValue } from '../value/index.ts';
import { call, failure, releaseBuiltins } from './test-support.ts';

describe('string search and slice built-ins', () => {
  it('joins arrays and sets', () => {
    expect(call('concat', '/', ['', 'foo', 'bar', '0', 'baz'])).toBe('/foo/bar/0/baz');
    expect(call('concat', ',', new SetValue(['3', '1', '2']))).toBe('1,2,3');
    expect(failure('concat', ',', ['a', 1]).message).toBe(
      'concat: operand 2 must be array of strings but got array containing number',
    );
  });

  it('tests containment, prefixes and suffixes', () => {
    expect([call('contains', 'abcdefgh', 'defg'), call('contains', 'abcdefgh', 'ac')]).toEqual([true, false]);
    expect([call('startswith', 'abcdefgh', 'abcd'), call('endswith', 'abcdefgh', 'fgh')]).toEqual([
      true,
      true,
    ]);
  });

  it('finds positions in code points', () => {
    expect(call('indexof', 'abcabcabcdefgh', 'cde')).toBe(8);
    expect(call('indexof', 'abcdefgh', 'xyz')).toBe(-1);
    expect(call('indexof', 'skön var våren', 'vår')).toBe(9);
    expect(call('indexof', '🍧🍨🧁🍰🍮', '🍮')).toBe(4);
    expect(call('indexof_n', '😇😀😇😀😇😀', '😀')).toEqual([1, 3, 5]);
    expect(call('indexof_n', 'aaa', 'aa')).toEqual([0, 1]);
    expect(failure('indexof', 'x', '')).toEqual({
      code: 'eval_builtin_error',
      message: 'indexof: empty search character',
    });
  });

  it.each([
    ['abcdefgh', 2, 3, 'cde'],
    ['åäö', 0, 2, 'åä'],
    ['aåäö', 2, -1, 'äö'],
    ['abcdefghåäö', 2, 10000, 'cdefghåäö'],
    ['åäö', 3, -1, ''],
    ['a😀b', 1, 1, '😀'],
  ])('substring(%j, %s, %s) = %j', (s, start, length, want) => {
    expect(call('substring', s, start, length)).toBe(want);
  });

  it('refuses a negative offset', () => {
    expect(failure('substring', 'åäö', -1, -1)).toEqual({
      code: 'eval_builtin_error',
      message: 'substring: negative offset',
    });
  });

  // What OPA v1.15.2 and v1.22.2 answer: a float literal beyond 2^53 is no integer operand.
  it('refuses a float literal beyond 2^53 as an integer operand', () => {
    const want = {
      code: 'eval_type_error',
      message: 'substring: operand 2 must be integer number but got floating-point number',
    };
    expect(failure('substring', 'abc', 1e20, 1)).toEqual(want);
    expect(failure('array.slice', [1, 2], -1e20, 1e20)).toEqual({
      ...want,
      message: 'array.slice: operand 2 must be integer number but got floating-point number',
    });
    expect(call('substring', 'abc', 2 ** 53 - 1, 1)).toBe('');
  });

  it('splits on a delimiter or into code points', () => {
    expect(call('split', 'a.b.c', '.')).toEqual(['a', 'b', 'c']);
    expect(call('split', 'foo', '.')).toEqual(['foo']);
    expect(call('split', 'a😀', '')).toEqual(['a', '😀']);
  });

  it('maps case per code point, as Go does', () => {
    expect(call('upper', 'AbCdEf')).toBe('ABCDEF');
    expect(call('lower', 'ÅÄÖ')).toBe('åäö');
    expect(call('upper', 'straße')).toBe('STRAßE');
  });

  it('formats integers in bases 2, 8, 10 and 16, truncating fractions', () => {
    expect([call('format_int', 15.5, 16), call('format_int', -15.9, 16), call('format_int', 8, 2)]).toEqual([
      'f',
      '-f',
      '1000',
    ]);
    expect(releaseBuiltins('v1.15.2').call('format_int', 18446744073709551617n, 10)).toBe(
      '18446744073709551616',
    );
    expect(releaseBuiltins('v1.22.2').call('format_int', 18446744073709551617n, 10)).toBe(
      '18446744073709551617',
    );
    // A float literal (`-1e308`) goes through a 64-bit float in both releases.
    expect(call('format_int', 123456789012345678901234567890n, 16)).toBe('18ee90ff6c373e0ee00000000');
    expect(releaseBuiltins('v1.22.2').call('format_int', -1e308, 16)).toMatch(/^-8e679c2f5e44ff8f0+$/);
    expect(failure('format_int', 4.1, 199)).toEqual({
      code: 'eval_type_error',
      message: 'format_int: operand 2 must be one of {2, 8, 10, 16}',
    });
  });

  it('counts and reverses', () => {
    expect(call('strings.count', 'hello hello hello world', 'hello')).toBe(3);
    expect(call('strings.count', 'abc', '')).toBe(4);
    expect(call('strings.reverse', 'a😀b')).toBe('b😀a');
  });

  it('matches any prefix or suffix over strings, arrays and sets', () => {
    expect(call('strings.any_prefix_match', ['a/b/c', 'e/f/g'], ['d/', 'e/f/g'])).toBe(true);
    expect(call('strings.any_prefix_match', 'a/b/c', new SetValue(['g/', 'd/']))).toBe(false);
    expect(call('strings.any_suffix_match', ['aa/bb/cc'], 'b/cc')).toBe(true);
    expect(failure('strings.any_prefix_match', [1, 2], ['f/']).message).toBe(
      'strings.any_prefix_match: operand 1 must be array of strings but got array containing number',
    );
    expect(failure('strings.any_suffix_match', ['a'], 1).message).toBe(
      'strings.any_suffix_match: operand 2 must be one of {string, set, array} but got number',
    );
  });
});
