import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../test/support/browser.ts';
import { startTestStack, type TestStack } from '../../test/support/dev-stack.ts';
import { submitPageForm } from '../../test/support/page-form.ts';
import { type ServedApp, serveApp } from '../../test/support/serve-app.ts';
import { openLoginForm, SignInError, signIn, submitLoginForm } from '../../test/support/sign-in.ts';
import { connectDatabase, type Database, migrate } from '../db/index.ts';
import { type AuthEnv, createAuth, LOGIN_COOKIE, SESSION_COOKIE, sessionIdentity } from './index.ts';

const DAY_MS = 86_400_000;
const quiet = { warn: () => {} };

describe('sign-in and sessions against the development provider', () => {
  let stack: TestStack;
  let sql: Database;
  let served: ServedApp;
  let now = Date.now();
  const clock = { now: () => now };

  function buildApp(overrides: { singleLogout?: boolean; issuer?: string } = {}) {
    const auth = createAuth({
      sql,
      ...stack.services.oidc,
      ...overrides,
      appBaseUrl: stack.appBaseUrl,
      sessionSecret: stack.services.sessionSecret,
      clock,
      log: quiet,
    });
    const app = new OpenAPIHono<AuthEnv>();
    app.use('*', auth.session);
    app.route('/', auth.routes);
    app.get('/me', (c) => {
      const user = c.get('user');
      return user ? c.json(user) : c.json({ detail: 'Not signed in' }, 401);
    });
    app.get('/identity', (c) => c.json(sessionIdentity(c)));
    return app;
  }

  /** Runs the flow up to (not including) the callback; returns the callback URL the provider chose. */
  async function upToCallback(browser: Browser, username = 'alice') {
    const form = await openLoginForm(stack.appBaseUrl, browser);
    const done = await submitLoginForm(
      browser,
      form,
      { username, password: stack.password },
      (next) => next.pathname === '/auth/callback',
    );
    return new URL(done.hops.at(-1)!.location!);
  }

  const me = (browser: Browser) => browser.request(`${stack.appBaseUrl}/me`);

  beforeAll(async () => {
    stack = await startTestStack();
    sql = await connectDatabase(stack.services.databaseUrl);
    await migrate(sql);
    served = await serveApp(buildApp(), stack.appPort);
  });
  afterAll(async () => {
    await served?.close();
    await sql?.end();
    await stack?.stop();
  });

  it('signs alice, bob and charlie in through the login form and stores them as users', async () => {
    for (const user of stack.users) {
      const client = await signIn(stack.appBaseUrl, { username: user.username, password: stack.password });
      const res = await client.fetch('/me');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ sub: user.sub, email: user.email, name: user.name });
      const identity = await (await client.fetch('/identity')).json();
      expect(identity).toEqual({ type: 'IDENTITY_TYPE_SUB', value: user.sub });
    }
    const rows = await sql`SELECT id, email, name FROM users ORDER BY email`;
    expect(rows.map((r) => r.email)).toEqual(['alice@example.com', 'bob@example.com', 'charlie@example.com']);
  });

  it('sets a signed, HttpOnly, Secure, SameSite=Lax session cookie for 24 hours', async () => {
    const client = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password });
    const [cookie] = client.browser.jar.find(SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.expiresAt! - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect(cookie!.expiresAt! - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect(client.browser.jar.find(LOGIN_COOKIE)).toEqual([]);
    expect(client.hops.find((h) => h.url.pathname === '/login')).toBeDefined();
    const login = await client.browser.request(`${stack.appBaseUrl}/login`);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await client.fetch('/me')).headers.get('cache-control')).toBeNull();
    const [row] = await sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${cookie!.value}`;
    expect(row!.n).toBe(0);
  });

  it('answers anonymous requests with no user and IDENTITY_TYPE_NONE', async () => {
    const browser = new Browser();
    expect((await me(browser)).status).toBe(401);
    expect(await (await browser.request(`${stack.appBaseUrl}/identity`)).json()).toEqual({
      type: 'IDENTITY_TYPE_NONE',
    });
  });

  it('refuses a wrong password at the provider; the application never sees a callback', async () => {
    const attempt = signIn(stack.appBaseUrl, { username: 'alice', password: 'wrong' });
    await expect(attempt).rejects.toBeInstanceOf(SignInError);
    await expect(attempt).rejects.toThrow(/Invalid username or password/);
  });

  it('answers 400 Invalid state for a changed state, a missing sign-in cookie or a forged one', async () => {
    const browser = new Browser();
    const callback = await upToCallback(browser);
    const changed = new URL(callback);
    changed.searchParams.set('state', 'forged-state');
    const res = await browser.request(changed);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Invalid state' });
    // The attempt is used up: the genuine callback no longer works either.
    expect((await browser.request(callback)).status).toBe(400);

    const other = new Browser();
    const genuine = await upToCallback(other);
    const stranger = await new Browser().request(genuine);
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toEqual({ detail: 'Invalid state' });
    const [login] = other.jar.find(LOGIN_COOKIE);
    other.jar.put({ ...login!, value: `${login!.value.split('.')[0]}.AAAA` });
    expect((await other.request(genuine)).status).toBe(400);
    expect((await me(other)).status).toBe(401);
  });

  it('refuses a replayed callback', async () => {
    const browser = new Browser();
    const callback = await upToCallback(browser);
    const [login] = browser.jar.find(LOGIN_COOKIE);
    expect((await browser.request(callback)).status).toBe(302);
    browser.jar.put(login!);
    const replay = await browser.request(callback);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: 'Invalid state' });
  });

  it('rejects an ID token whose nonce does not match, and a code exchanged with the wrong PKCE verifier', async () => {
    for (const field of ['nonce', 'codeVerifier']) {
      const browser = new Browser();
      const callback = await upToCallback(browser);
      const replacement = field === 'nonce' ? 'another-nonce' : 'w'.repeat(43);
      await sql`
        UPDATE sessions SET pending_login = jsonb_set(pending_login, ${[field]}, ${sql.json(replacement)})
        WHERE pending_login->>'state' = ${callback.searchParams.get('state')}`;
      const res = await browser.request(callback);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'Sign-in could not be verified' });
      expect((await me(browser)).status).toBe(401);
    }
  });

  it('reports a refusal by the provider', async () => {
    const browser = new Browser();
    const callback = await upToCallback(browser);
    const refused = new URL('/auth/callback', stack.appBaseUrl);
    refused.searchParams.set('error', 'access_denied');
    refused.searchParams.set('state', callback.searchParams.get('state')!);
    const res = await browser.request(refused);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Sign-in was not completed: access_denied' });
  });

  it('regenerates the session at sign-in: the previous session cookie stops working', async () => {
    const client = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    const [first] = client.browser.jar.find(SESSION_COOKIE);
    // Same browser again: the provider remembers alice and skips the form; the app still starts afresh.
    const again = await signIn(stack.appBaseUrl, { username: 'alice', browser: client.browser });
    expect(again.hops.some((h) => h.url.pathname.startsWith('/interaction/'))).toBe(false);
    const [second] = client.browser.jar.find(SESSION_COOKIE);
    expect(second!.value).not.toBe(first!.value);
    expect(await (await me(client.browser)).json()).toMatchObject({ email: 'alice@example.com' });
    const old = new Browser();
    old.jar.put(first!);
    expect((await me(old)).status).toBe(401);
  });

  it('enforces expiry on the server, whatever the cookie says', async () => {
    const client = await signIn(stack.appBaseUrl, { username: 'charlie', password: stack.password });
    const start = now;
    try {
      now = start + DAY_MS - 1000;
      expect((await client.fetch('/me')).status).toBe(200);
      const [cookie] = client.browser.jar.find(SESSION_COOKIE);
      now = start + DAY_MS;
      const expired = await client.fetch('/me');
      expect(expired.status).toBe(401);
      // A client that ignores Max-Age and keeps sending the cookie is refused all the same.
      client.browser.jar.put(cookie!);
      expect((await client.fetch('/me')).status).toBe(401);
    } finally {
      now = start;
    }
  });

  it('ends the session at logout: the old cookie is refused afterwards', async () => {
    const client = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    const [cookie] = client.browser.jar.find(SESSION_COOKIE);
    const res = await client.fetch('/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${stack.services.oidc.issuer}/logout\\?`));
    expect(client.browser.jar.find(SESSION_COOKIE)).toEqual([]);
    const replay = new Browser();
    replay.jar.put(cookie!);
    expect((await me(replay)).status).toBe(401);
  });

  it('returns to local paths only after sign-in (no open redirect)', async () => {
    const cases: [string, string][] = [
      ['/me?tab=1', '/me?tab=1'],
      ['https://evil.example/', '/'],
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['/.//evil.example', '/'],
      ['/..//evil.example', '/'],
      ['/a/..//evil.example', '/'],
      ['/%2e//evil.example', '/'],
      ['/%2E%2E//evil.example', '/'],
      ['/././/evil.example', '/'],
    ];
    for (const [returnTo, expected] of cases) {
      const client = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password, returnTo });
      const callback = client.hops.find((h) => h.url.pathname === '/auth/callback');
      expect(callback!.location).toBe(expected);
    }
  });

  it('answers a malformed callback query with 400 and a message', async () => {
    const res = await new Browser().request(`${stack.appBaseUrl}/auth/callback?state=a&state=b`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: expect.stringContaining('state') });
  });

  it('single logout (the default) sends the browser to {issuer}/logout, back to /signed-out', async () => {
    const res = await buildApp().request('/logout');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${stack.services.oidc.issuer}/logout`);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${stack.appBaseUrl}/signed-out`);
    const page = await new Browser().navigate(location);
    expect(page.response.status).toBe(200);
  });

  it('says when only the local session ended (SINGLE_LOGOUT=false)', async () => {
    const res = await buildApp({ singleLogout: false }).request('/logout');
    expect(res.headers.get('location')).toBe('/signed-out?provider=kept');
  });

  it('after sign-out, signing in again asks for the password; a local sign-out would not', async () => {
    const alice = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    const logout = await alice.browser.navigate(new URL('/logout', stack.appBaseUrl));
    const confirmed = await submitPageForm(alice.browser, await logout.response.text(), logout.url, {
      name: 'logout',
      value: 'yes',
    });
    expect(confirmed.hops.at(-1)?.url.href).toBe(`${stack.appBaseUrl}/signed-out`);
    await confirmed.response.body?.cancel();
    await expect(openLoginForm(stack.appBaseUrl, alice.browser)).resolves.toMatchObject({ html: /password/ });

    // Without single logout the provider's session outlives the application's: the next sign-in
    // in the same browser goes through without the form.
    const bob = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password });
    const local = await buildApp({ singleLogout: false }).request('/logout');
    expect(local.headers.get('location')).toBe('/signed-out?provider=kept');
    const again = await signIn(stack.appBaseUrl, { username: 'bob', browser: bob.browser });
    expect(again.hops.some((hop) => hop.url.pathname.startsWith('/interaction'))).toBe(false);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const app = buildApp({ issuer: 'http://127.0.0.1:1' });
    const res = await app.request('/login');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'The identity provider is unavailable' });
  });

  it('refuses a session secret shorter than 32 bytes', () => {
    expect(() =>
      createAuth({ sql, ...stack.services.oidc, appBaseUrl: stack.appBaseUrl, sessionSecret: 'too-short' }),
    ).toThrow(/32 bytes/);
  });
});
