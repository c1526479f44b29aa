import { describe, expect, it } from 'vitest';
import { releaseBuiltins } from '../test-support.ts';

const { call, failure } = releaseBuiltins('v1.22.2');

describe('uri.parse (OPA v1.22)', () => {
  it('returns the non-empty components, raw_path beside the path', () => {
    expect(call('uri.parse', 'https://user@example.com:8080/a%2Fb?q=1&r#top')).toEqual({
      scheme: 'https',
      hostname: 'example.com',
      port: '8080',
      path: '/a/b',
      raw_path: '/a%2Fb',
      raw_query: 'q=1&r',
      fragment: 'top',
    });
    expect(call('uri.parse', 'mailto:user@example.com')).toEqual({ scheme: 'mailto' });
    expect(call('uri.parse', '')).toEqual({});
    expect(call('uri.parse', 'http://[fe80::1%25en0]:80/')).toEqual({
      scheme: 'http',
      hostname: 'fe80::1%en0',
      port: '80',
      path: '/',
      raw_path: '/',
    });
  });

  it('decodes escapes into UTF-8 text and keeps the written path when it is not the default escaping', () => {
    expect(call('uri.parse', 'http://h/%F0%9F%98%80')).toMatchObject({ path: '/😀', raw_path: '/😀' });
    expect(call('uri.parse', 'http://h/a%21b')).toMatchObject({ path: '/a!b', raw_path: '/a!b' });
    expect(call('uri.parse', 'http://h/a%3Fb')).toMatchObject({ path: '/a?b', raw_path: '/a?b' });
    expect(call('uri.parse', 'http://h/a%41b')).toMatchObject({ path: '/aAb', raw_path: '/a%41b' });
  });

  it.each([
    ['http://exa%6dple.com/', 'uri.parse: parse "http://exa%6dple.com/": invalid URL escape "%6d"'],
    ['http://a<b@example.com/', 'uri.parse: parse "http://a<b@example.com/": net/url: invalid userinfo'],
    ['http://example.com:٣٤/', 'uri.parse: parse "http://example.com:٣٤/": invalid port ":٣٤" after host'],
    ['http://a:b:80/', 'uri.parse: parse "http://a:b:80/": invalid port ":b:80" after host'],
    ['http://[1.2.3.4]/', 'uri.parse: parse "http://[1.2.3.4]/": invalid IP-literal'],
    ['http://[::1/', 'uri.parse: parse "http://[::1/": missing \']\' in host'],
    [':x', 'uri.parse: parse ":x": missing protocol scheme'],
    ['a:b/c:d', undefined],
    ['1a:b', 'uri.parse: parse "1a:b": first path segment in URL cannot contain colon'],
    ['http://h/\t', 'uri.parse: parse "http://h/\\t": net/url: invalid control character in URL'],
    ['http://h/#%zz', 'uri.parse: parse "http://h/#%zz": invalid URL escape "%zz"'],
    ['http://h/%zz#f', 'uri.parse: parse "http://h/%zz": invalid URL escape "%zz"'],
  ])('refuses %j as Go does', (text, message) => {
    if (message === undefined) expect(call('uri.parse', text)).toEqual({ scheme: 'a' });
    else expect(failure('uri.parse', text)).toEqual({ code: 'eval_builtin_error', message });
  });

  it('lets other schemes list several hosts, as Go does for database URLs', () => {
    expect(call('uri.parse', 'postgres://a:1,b:2/db')).toMatchObject({ hostname: 'a:1,b', port: '2' });
  });
});

describe('uri.is_valid (OPA v1.22)', () => {
  it('is true for what uri.parse reads, false for the empty string, errors and non-strings', () => {
    expect(
      [
        'https://example.com/path?q=1',
        'http://foo]bar/',
        '',
        'http://[invalid',
        'http://user name@h/',
        1,
      ].map((v) => call('uri.is_valid', v)),
    ).toEqual([true, true, false, false, false, false]);
  });
});
