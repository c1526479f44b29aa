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

  it('warns about a pattern written as an anchored prefix, which excludes nothing below it', () => {
    const warnings: string[] = [];
    const excluded = compilePathExclusions(
      ['^/token/', '^/health$', '^/auth/.*', '/docs/'],
      'excludePaths',
      (m) => warnings.push(m),
    );
    expect(excluded.matches('/token/abc')).toBe(false);
    expect(warnings).toEqual([
      'excludePaths[0] "^/token/" matches whole paths only (every pattern is anchored at both ends), so it excludes nothing below it; to exclude every path that starts with it, write "/token/.*"',
    ]);
  });
});
