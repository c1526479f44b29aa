import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.ts';

const app = new URL('http://127.0.0.1:8000/auth/callback');

describe('CookieJar (test support)', () => {
  it('sends a cookie only under its path, and to every port of the host like a browser', () => {
    const jar = new CookieJar();
    jar.store(app, ['login=abc; Path=/auth/callback; HttpOnly', 'session=xyz; Path=/; Secure; SameSite=Lax']);
    expect(jar.header(new URL('http://127.0.0.1:8000/auth/callback?code=1'))).toBe('login=abc; session=xyz');
    expect(jar.header(new URL('http://127.0.0.1:8000/auth/callbackx'))).toBe('session=xyz');
    expect(jar.header(new URL('http://127.0.0.1:9000/me'))).toBe('session=xyz');
    expect(jar.header(new URL('http://127.0.0.2:8000/'))).toBeUndefined();
  });

  it('keeps Secure cookies on loopback and https only', () => {
    const jar = new CookieJar();
    jar.store(new URL('http://docs.example.com/'), ['secure=1; Secure', 'plain=1']);
    expect(jar.header(new URL('http://docs.example.com/'))).toBe('plain=1');
  });

  it('drops a cookie on Max-Age=0 or an Expires in the past, and after its Max-Age', () => {
    const jar = new CookieJar();
    jar.store(app, ['a=1; Path=/', 'b=2; Path=/; Max-Age=10'], 1_000);
    jar.store(app, ['a=; Path=/; Max-Age=0'], 2_000);
    expect(jar.find('a')).toEqual([]);
    expect(jar.matching(new URL('http://127.0.0.1:8000/'), 10_999).map((c) => c.name)).toEqual(['b']);
    expect(jar.matching(new URL('http://127.0.0.1:8000/'), 11_000)).toEqual([]);
    jar.store(app, ['b=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.find('b')).toEqual([]);
  });
});
