import { describe, expect, it } from 'vitest';
import { call, failure } from '../test-support.ts';

describe('glob built-ins', () => {
  it.each([
    ['*.github.com', ['.'], 'api.github.com', true],
    ['*.github.com', ['.'], 'api.cdn.github.com', false],
    ['api.**.com', ['.'], 'api.cdn.github.com', true],
    ['*:github:com', [':'], 'api:github:com', true],
    ['[!abc]at', [], 'fat', true],
    ['[a-c]at', [], 'bat', true],
    ['[a-c]at', [], 'fat', false],
    ['[!a-c]at', [], 'bat', false],
    ['?at', [], 'at', false],
    ['?at', ['f'], 'bat', true],
    ['{cat,bat,[fr]at}', [], 'rat', true],
    ['{cat,bat,[fr]at}', [], 'mat', false],
    ['*', ['.'], 'foo', true],
    ['*', [], 'foo.bar', false],
    ['*', null, 'foo.bar', true],
    ['\\*x', [], '*x', true],
    ['a/**', ['/'], 'a/b/c', true],
    ['a/*', ['/'], 'a/b/c', false],
  ])('glob.match(%j, %j, %j) = %s', (pattern, delimiters, s, want) => {
    expect(call('glob.match', pattern, delimiters, s)).toBe(want);
  });

  it('reports bad patterns and delimiters', () => {
    expect(failure('glob.match', '[a', [], 'x')).toEqual({
      code: 'eval_builtin_error',
      message: 'glob.match: unexpected end of input',
    });
    expect(failure('glob.match', '*', 'x', 'x').message).toBe(
      'glob.match: operand 2 must be one of {array, null} but got string',
    );
    expect(failure('glob.match', '*', ['ab'], 'x').message).toBe(
      'glob.match: operand 2 must be array of runes but got array containing string',
    );
  });

  it('quotes meta characters', () => {
    expect(call('glob.quote_meta', '*.github.com')).toBe('\\*.github.com');
    expect(call('glob.quote_meta', '[x]{y}?\\')).toBe('\\[x\\]\\{y\\}\\?\\\\');
  });
});

describe('glob matching time', () => {
  it('stays linear on hostile input', () => {
    const hostile = 'a'.repeat(50_000);
    expect(call('glob.match', '**a**a**a**a**b', [], hostile)).toBe(false);
    expect(call('glob.match', '*a*a*a*a*b', null, hostile)).toBe(false);
  });
});
