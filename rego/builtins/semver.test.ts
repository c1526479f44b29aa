import { describe, expect, it } from 'vitest';
import { call, failure } from './test-support.ts';

describe('semver built-ins', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.0', '1.0.1', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.11', '1.0.0-beta.2', 1],
    ['1.0.0+build.1', '1.0.0+build.2', 0],
  ])('semver.compare(%j, %j) = %s', (a, b, want) => {
    expect(call('semver.compare', a, b)).toBe(want);
  });

  it('validates versions', () => {
    expect([
      call('semver.is_valid', '1.2.3-rc.1+sha.5'),
      call('semver.is_valid', 'v1.0.0'),
      call('semver.is_valid', 1),
    ]).toEqual([true, true, false]);
    expect(call('semver.compare', 'v1.0.0-rc.1', '1.2.3')).toBe(-1);
    expect(failure('semver.compare', '1.0', '1.0.0').message).toBe(
      'semver.compare: operand 1: string "1.0" is not a valid SemVer',
    );
  });

  it('checks both operand types before parsing either, as OPA does', () => {
    expect(failure('semver.compare', '1e3', ['x']).message).toBe(
      'semver.compare: operand 2 must be string but got array',
    );
  });
});
