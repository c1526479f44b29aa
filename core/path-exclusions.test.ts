import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from './errors.ts';
import { compilePathExclusions } from './path-exclusions.ts';

describe('compilePathExclusions', () => {
  it('matches the whole path only', () => {
    const excluded = compilePathExclusions(['/health', '/auth/.*', /\/public\/[a-z]+/i]);
    expect(excluded.matches('/health')).toBe(true);
    expect(excluded.matches('/healthz')).toBe(false);
    expect(excluded.matches('/api/health-x')).toBe(false);
    expect(excluded.matches('/x/health')).toBe(false);
    expect(excluded.matches('/auth/callback')).toBe(true);
    expect(excluded.matches('/PUBLIC/Docs')).toBe(true);
    expect(excluded.matches('/public/docs/1')).toBe(false);
  });

  it('anchors alternations as a whole', () => {
    const excluded = compilePathExclusions(['/login|/logout']);
    expect(excluded.matches('/login')).toBe(true);
    expect(excluded.matches('/login/../api')).toBe(false);
    expect(excluded.matches('/api/logout')).toBe(false);
  });

  it('is stable for global regular expressions', () => {
    const excluded = compilePathExclusions([/\/health/g]);
    expect([excluded.matches('/health'), excluded.matches('/health')]).toEqual([true, true]);
  });

  it('names an invalid entry', () => {
    expect(() => compilePathExclusions(['/ok', '/bad('])).toThrow(AuthzConfigError);
    expect(() => compilePathExclusions(['/ok', '/bad('])).toThrow(/excludePaths\[1\]/);
    expect(() => compilePathExclusions([42 as never])).toThrow(/excludePaths\[0\]/);
  });
});
