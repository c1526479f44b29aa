import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from './errors.ts';
import { headerIdentity, headerKey } from './header-identity.ts';
import { ANONYMOUS } from './identity.ts';

describe('headerIdentity', () => {
  it('takes a value with nothing to trim as it is', () => {
    expect(headerIdentity('c0ffee00-1234')).toEqual({ type: 'IDENTITY_TYPE_SUB', value: 'c0ffee00-1234' });
    expect(headerIdentity('a b')).toEqual({ type: 'IDENTITY_TYPE_SUB', value: 'a b' });
  });

  it('trims what String.prototype.trim trims, at either end, Unicode spaces included', () => {
    for (const space of [' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff']) {
      expect(headerIdentity(`${space}alice`), JSON.stringify(space)).toEqual({
        type: 'IDENTITY_TYPE_SUB',
        value: 'alice',
      });
      expect(headerIdentity(`alice${space}`), JSON.stringify(space)).toEqual({
        type: 'IDENTITY_TYPE_SUB',
        value: 'alice',
      });
    }
  });

  it('keeps a value that ends in a character outside ASCII but not a space', () => {
    expect(headerIdentity('élodie')).toEqual({ type: 'IDENTITY_TYPE_SUB', value: 'élodie' });
    expect(headerIdentity('josé')).toEqual({ type: 'IDENTITY_TYPE_SUB', value: 'josé' });
  });

  it('is anonymous without a value, or with a blank one', () => {
    for (const blank of [undefined, '', ' ', '\t \u00a0']) expect(headerIdentity(blank)).toBe(ANONYMOUS);
  });
});

describe('headerKey', () => {
  it('is the name in lower case, as a parsed headers object holds it', () => {
    expect(headerKey('X-User-ID')).toBe('x-user-id');
    const headers: Record<string, string> = Object.fromEntries([
      ['x-user-id', 'alice'],
      ['__proto__', 'own'],
      ['123', 'digits'],
    ]);
    const keys = ['X-User-ID', '__proto__', '123'].map(headerKey);
    expect(keys.map((key) => headers[key])).toEqual(['alice', 'own', 'digits']);
  });

  it('refuses what is not a header name, naming it', () => {
    for (const name of ['', 'X User', 'x:y', 'é', 42, undefined]) {
      expect(() => headerKey(name), String(name)).toThrow(AuthzConfigError);
    }
    expect(() => headerKey('X User')).toThrow('"X User" is not an HTTP header name');
  });
});
