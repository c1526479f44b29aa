import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from './errors.ts';
import { compilePathExclusions, pathOfUrl } from './path-exclusions.ts';

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

  it('answers as its anchored expressions do, literal or not, alone or mixed', () => {
    const lists: string[][] = [
      ['/health'],
      ['/health', '/login'],
      ['/health', '/auth/.*'],
      ['/health', '/login', '/auth/.*', '/a|/b'],
      ['/auth/.*'],
      [''],
      ["/caf%C3%A9,x;y:z@w=v!u'&~_-"],
    ];
    const paths = [
      '',
      '/',
      '/health',
      '/healthz',
      '/Health',
      '/health/',
      '/login',
      '/auth/x',
      '/a',
      '/b',
      '/ab',
    ];
    paths.push("/caf%C3%A9,x;y:z@w=v!u'&~_-", '/health\n');
    for (const list of lists) {
      const excluded = compilePathExclusions(list);
      for (const path of paths) {
        const expected = list.some((source) => new RegExp(`^(?:${source})$`).test(path));
        expect([list, path, excluded.matches(path)]).toEqual([list, path, expected]);
      }
    }
    const insensitive = compilePathExclusions([/\/health/i]);
    expect(insensitive.matches('/HEALTH')).toBe(true);
  });

  it('answers for a URL as for its path (before any `?`), literal or not', () => {
    const lists: string[][] = [[], ['/health'], ['/health', '/login'], ['/health', '/auth/.*'], ['']];
    const urls = ['', '?', '/health', '/health?', '/health?probe=1', '/health/?x', '/healthz?x', '/healt?h'];
    urls.push('/health#x', '/login?next=/health', '/auth/x?y', '/x?/health', '/health?a?b');
    for (const list of lists) {
      const excluded = compilePathExclusions(list);
      for (const url of urls) {
        const expected = excluded.matches(pathOfUrl(url));
        expect([list, url, excluded.matchesUrl(url)]).toEqual([list, url, expected]);
      }
    }
    expect(compilePathExclusions(['/health']).matchesUrl('/health?probe=1')).toBe(true);
    expect(compilePathExclusions([/\/health/i]).matchesUrl('/HEALTH?x')).toBe(true);
  });

  it('takes the path of a URL before its first `?`', () => {
    expect(pathOfUrl('/a/b?c=d?e')).toBe('/a/b');
    expect(pathOfUrl('/a/b')).toBe('/a/b');
    expect(pathOfUrl('?x')).toBe('');
  });
});
