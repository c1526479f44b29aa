import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../test/support/browser.ts';
import { loginFormAction, submitLoginForm } from '../../test/support/sign-in.ts';
import { DEV_USERS, type DevOidcProvider, startDevOidcProvider } from './index.ts';

const APP = 'http://127.0.0.1:1';
const CALLBACK = `${APP}/auth/callback`;
const toApp = (next: URL) => next.origin === APP;

describe('development OpenID provider over HTTP', () => {
  let op: DevOidcProvider;
  let rp: client.Configuration;

  beforeAll(async () => {
    op = await startDevOidcProvider({ port: 0, appBaseUrl: APP, userPassword: 's3cret-pass' });
    rp = await client.discovery(
      new URL(op.issuer),
      op.clientId,
      undefined,
      client.ClientSecretBasic(op.clientSecret),
      {
        execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
      },
    );
  });
  afterAll(() => op.stop());

  /** Starts an authorization request in a fresh browser and returns the login page. */
  async function openLogin(extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), verifier };
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const browser = new Browser();
    const page = await browser.navigate(url, {}, toApp);
    return { browser, page, html: await page.response.text(), checks };
  }

  it('publishes its discovery document on loopback with logout at {issuer}/logout', async () => {
    const meta = rp.serverMetadata();
    expect(op.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(meta.issuer).toBe(op.issuer);
    expect(meta.end_session_endpoint).toBe(`${op.issuer}/logout`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
  });

  it('signs a user in with the right password and issues a signed ID token with the profile claims', async () => {
    const { browser, page, html, checks } = await openLogin();
    expect(page.response.status).toBe(200);
    expect(html).toMatch(/name="username"/);
    expect(html).toMatch(/name="password"/);
    const done = await submitLoginForm(
      browser,
      { html, url: page.url },
      { username: 'bob', password: 's3cret-pass' },
      toApp,
    );
    const callback = new URL(done.hops.at(-1)!.location!, done.url);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    const bob = DEV_USERS.find((u) => u.username === 'bob')!;
    expect(tokens.claims()).toMatchObject({
      iss: op.issuer,
      aud: op.clientId,
      sub: bob.sub,
      email: 'bob@example.com',
      email_verified: true,
      name: bob.name,
    });
  });

  it('answers a wrong password or unknown user with the form again and a clear error', async () => {
    for (const credentials of [
      { username: 'alice', password: 'password' },
      { username: 'mallory', password: 's3cret-pass' },
      { username: '', password: '' },
    ]) {
      const { browser, page, html } = await openLogin();
      const done = await submitLoginForm(browser, { html, url: page.url }, credentials, toApp);
      expect(done.hops).toHaveLength(1);
      expect(done.response.status).toBe(401);
      const again = await done.response.text();
      expect(again).toContain('Invalid username or password.');
      expect(loginFormAction(again, done.url).href).toBe(loginFormAction(html, page.url).href);
    }
  });

  it('requires PKCE', async () => {
    const browser = new Browser();
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid', state: 'abc' });
    const done = await browser.navigate(url, {}, toApp);
    const back = new URL(done.hops.at(-1)!.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a redirect URI that was not registered, without redirecting', async () => {
    const browser = new Browser();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: 'http://127.0.0.1:2/evil',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const done = await browser.navigate(url);
    expect(done.response.status).toBe(400);
    expect(await done.response.text()).toContain('redirect_uri');
  });

  it('explains an unknown or expired interaction instead of failing', async () => {
    const res = await new Browser().request(`${op.url}/interaction/unknown-uid`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('expired');
  });

  it('ends the provider session at {issuer}/logout and returns to the registered address', async () => {
    const { browser, page, html } = await openLogin();
    await submitLoginForm(
      browser,
      { html, url: page.url },
      { username: 'alice', password: 's3cret-pass' },
      toApp,
    );
    const logout = new URL(`${op.issuer}/logout`);
    logout.searchParams.set('post_logout_redirect_uri', `${APP}/signed-out`);
    logout.searchParams.set('client_id', op.clientId);
    const confirm = await browser.navigate(logout, {}, toApp);
    const form = await confirm.response.text();
    expect(confirm.response.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1];
    expect(xsrf).toBeDefined();
    const done = await browser.navigate(
      new URL('/logout/confirm', op.issuer),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      },
      toApp,
    );
    expect(done.hops.at(-1)!.location).toBe(`${APP}/signed-out`);
    // Signed out at the provider: a new authorization request asks for the password again.
    const again = await browser.navigate(
      client.buildAuthorizationUrl(rp, {
        redirect_uri: CALLBACK,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      }),
      {},
      toApp,
    );
    expect(await again.response.text()).toMatch(/name="password"/);
  });
});

describe('development OpenID provider built off the start-up path', () => {
  it('listens before it is built: first requests wait for it, and prepare() builds it once', async () => {
    const op = await startDevOidcProvider({ port: 0, appBaseUrl: APP });
    try {
      const discovery = `${op.issuer}/.well-known/openid-configuration`;
      const responses = await Promise.all([
        fetch(discovery),
        fetch(discovery),
        op.prepare().then(() => fetch(discovery)),
      ]);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      const documents = await Promise.all(responses.map((r) => r.json() as Promise<{ jwks_uri: string }>));
      const keys = await Promise.all(
        documents.map(
          async (d) => ((await (await fetch(d.jwks_uri)).json()) as { keys: { kid: string }[] }).keys,
        ),
      );
      // One provider, one signing key: every request met the same build.
      expect(new Set(keys.map((k) => k[0]?.kid)).size).toBe(1);
    } finally {
      await op.stop();
    }
  });
});
