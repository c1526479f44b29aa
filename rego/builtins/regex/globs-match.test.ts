import { describe, expect, it } from 'vitest';
import { call, failure } from '../test-support.ts';

describe('regex.globs_match', () => {
  it.each([
    ['a.a.[0-9]+z', '.b.b2359825792*594823z', true],
    ['[a-z]+', '[0-9]*', false],
    ['a*', 'b*', false], // only the empty string matches both, and it does not count
    ['a+b+', 'aab', true],
    ['[a-c]+x', 'b*[wx]', true],
    ['ab*c', 'a.+', true],
    ['\\.', 'x', false],
    ['', '', true],
  ])('regex.globs_match(%j, %j) = %s', (a, b, want) => {
    expect(call('regex.globs_match', a, b)).toBe(want);
  });

  it('refuses malformed patterns with the position', () => {
    expect(failure('regex.globs_match', 'pqrs]', '[a-b]+')).toEqual({
      code: 'eval_builtin_error',
      message:
        "regex.globs_match: input:pqrs], pos:5, set-close ']' with no preceding '[': the input provided is invalid",
    });
    expect(failure('regex.globs_match', '[a-', 'a').code).toBe('eval_builtin_error');
  });
});
