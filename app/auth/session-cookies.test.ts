import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readCookie, SESSION_COOKIE, writeCookie } from './session-cookies.ts';

const policy = { secret: 'a-secret-of-the-test', secure: false };

/** An app that signs a cookie on `/set` and reads it back on `/get`. */
function cookieApp() {
  const app = new Hono();
  app.get('/set', async (c) => {
    await writeCookie(c, policy, SESSION_COOKIE, 'token-1', 60);
    return c.text('set');
  });
  app.get('/get', (c) => c.text(readCookie(c, policy, SESSION_COOKIE) ?? '(none)'));
  return app;
}

const signedCookie = async (app: Hono) => {
  const res = await app.request('/set');
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
};
const read = async (app: Hono, cookie: string) => (await app.request('/get', { headers: { cookie } })).text();

describe('signed cookies', () => {
  it('reads back the value it signed', async () => {
    const app = cookieApp();
    expect(await read(app, await signedCookie(app))).toBe('token-1');
  });

  it('refuses a changed value, a changed or missing signature and another secret', async () => {
    const app = cookieApp();
    const cookie = await signedCookie(app);
    const [name, signed] = cookie.split('=', 2) as [string, string];
    const [value, signature] = decodeURIComponent(signed).split('.') as [string, string];
    const variants = [
      `${name}=${encodeURIComponent(`token-2.${signature}`)}`,
      `${name}=${encodeURIComponent(`${value}.${signature.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))}`)}`,
      `${name}=${encodeURIComponent(`${value}.${signature.slice(0, -1)}`)}`,
      `${name}=${encodeURIComponent(`${value}.${signature}x`)}`,
      `${name}=${value}`,
      `${name}=`,
    ];
    for (const variant of variants) expect(await read(app, variant), variant).toBe('(none)');
    const other = new Hono();
    other.get('/get', (c) =>
      c.text(readCookie(c, { ...policy, secret: 'another' }, SESSION_COOKIE) ?? '(none)'),
    );
    expect(await read(other, cookie)).toBe('(none)');
  });
});
