import { describe, expect, it } from 'vitest';
import { authorizationHeader, credentialsFromEnv } from './credentials.ts';
import { checkHostUrl } from './host-url.ts';

describe('credentialsFromEnv', () => {
  it('builds Basic from WIKI_USERNAME + WIKI_API_TOKEN and Bearer from WIKI_BEARER_TOKEN', () => {
    const basic = credentialsFromEnv({ WIKI_USERNAME: 'me@example.com', WIKI_API_TOKEN: 'tok' });
    expect(authorizationHeader(basic)).toBe(`Basic ${Buffer.from('me@example.com:tok').toString('base64')}`);
    expect(authorizationHeader(credentialsFromEnv({ WIKI_BEARER_TOKEN: 'oauth' }))).toBe('Bearer oauth');
  });

  it('refuses missing, partial, empty or ambiguous credentials with the variable named', () => {
    expect(() => credentialsFromEnv({})).toThrow(/set WIKI_USERNAME and WIKI_API_TOKEN/);
    expect(() => credentialsFromEnv({ WIKI_USERNAME: 'me' })).toThrow(/WIKI_API_TOKEN is not/);
    expect(() => credentialsFromEnv({ WIKI_API_TOKEN: 't' })).toThrow(/WIKI_USERNAME is not/);
    expect(() => credentialsFromEnv({ WIKI_USERNAME: 'me', WIKI_API_TOKEN: ' ' })).toThrow(
      /WIKI_API_TOKEN is set but empty/,
    );
    expect(() => credentialsFromEnv({ WIKI_BEARER_TOKEN: 'b', WIKI_USERNAME: 'me' })).toThrow(/not both/);
  });
});

describe('checkHostUrl', () => {
  it('accepts https and strips the trailing slash', () => {
    expect(checkHostUrl('https://example.atlassian.net/wiki/')).toBe('https://example.atlassian.net/wiki');
  });

  it('refuses http, except on loopback with the explicit allowance', () => {
    expect(() => checkHostUrl('http://wiki.example.com')).toThrow(/must use https/);
    expect(() => checkHostUrl('http://wiki.example.com', true)).toThrow(/must use https/);
    expect(() => checkHostUrl('http://127.0.0.1:8090')).toThrow(/--allow-http-loopback/);
    expect(checkHostUrl('http://127.0.0.1:8090/wiki', true)).toBe('http://127.0.0.1:8090/wiki');
    expect(checkHostUrl('http://[::1]:8090', true)).toBe('http://[::1]:8090');
  });

  it('refuses credentials, queries and other schemes in the address', () => {
    expect(() => checkHostUrl('https://u:p@example.com')).toThrow(/must not contain credentials/);
    expect(() => checkHostUrl('https://example.com/?x=1')).toThrow(/query/);
    expect(() => checkHostUrl('ftp://example.com')).toThrow(/must use https/);
    expect(() => checkHostUrl('not a url')).toThrow(/not a URL/);
  });
});
