/**
 * The pages' defences over HTTP against the real stack (no browser): security headers on every
 * kind of page answer while the API keeps its JSON, the style sheet's caching, the form token and
 * origin checks (forged posts refused with nothing changed), a new token for a new session, and
 * sign-out ending the session for an old cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './support/browser.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe("the pages' defences over HTTP", () => {
  let app: TestApp;
  let alice: SignedInClient;
  let bob: SignedInClient;
  let charlie: SignedInClient;
  let anonymous: Browser;

  const { get, tokenOf, post, createDocument } = pageRequests(() => app);

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, charlie] = await Promise.all([
      app.signIn('alice'),
      app.signIn('bob'),
      app.signIn('charlie'),
    ]);
    anonymous = new Browser();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sends the security headers on every page answer, no script anywhere, and keeps JSON for the API', async () => {
    const answers = [
      await get(alice, '/'),
      await get(alice, '/documents/new'),
      await get(alice, '/documents/2000000000'),
      await get(alice, '/nowhere'),
      await get(anonymous, '/documents/new'),
      await get(charlie, '/'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 404, 401, 403]);
    for (const answer of answers) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('script-src');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.html).toMatch(/^<!doctype html>/);
      expect(answer.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
      expect(answer.html).toMatch(/<header[^>]*>[\s\S]*<nav[^>]*>[\s\S]*<main[^>]*>[\s\S]*<h1>/);
    }
    const api = await get(anonymous, '/api/folders');
    expect(api.status).toBe(401);
    expect(JSON.parse(api.html)).toEqual({ detail: 'Sign-in required' });
    const missing = await get(alice, '/api/nowhere');
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serves the style sheet cached under its content hash, revalidated by ETag otherwise', async () => {
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec((await get(anonymous, '/')).html)?.[1] ?? '';
    expect(href).toMatch(/^\/assets\/app\.css\?v=[0-9a-f]{16}$/);
    const css = await anonymous.request(new URL(href, app.url));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await css.text()).toContain(':focus-visible');
    const etag = css.headers.get('etag') ?? '';
    const plain = await anonymous.request(new URL('/assets/app.css', app.url), {
      headers: { 'if-none-match': etag },
    });
    expect(plain.status).toBe(304);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect((await get(anonymous, '/assets/app.js')).status).toBe(404);
    // The denial page of a restricted user is styled too.
    expect((await charlie.fetch(href)).status).toBe(200);
  });

  it('refuses a form without the session token, with a wrong or foreign one, or from another origin', async () => {
    const before = (await app.repos.documents.list({ ownerId: app.stack.users[0]!.sub })).length;
    const bobsToken = await tokenOf(bob);
    const refused = [
      await post(alice, '/documents/new', { name: 'No token' }, { token: null }),
      await post(alice, '/documents/new', { name: 'Wrong token' }, { token: 'wrong' }),
      await post(alice, '/documents/new', { name: "Bob's token" }, { token: bobsToken }),
      await post(alice, '/documents/new', { name: 'Elsewhere' }, { origin: 'http://127.0.0.1:1' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    for (const res of refused) expect(res.html).toContain('The form was not accepted');
    expect(refused[3]?.html).toContain('not sent from this site (Origin http://127.0.0.1:1)');
    expect((await app.repos.documents.list({ ownerId: app.stack.users[0]!.sub })).length).toBe(before);

    const anonymousPost = await anonymous.request(new URL('/documents/new', app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: 'name=x&_csrf=x',
    });
    expect(anonymousPost.status).toBe(401);
    expect(await anonymousPost.text()).toContain('Your session has ended');
  });

  it('gives a new session a new token and refuses the old one', async () => {
    const first = await app.signIn('alice');
    const oldToken = await tokenOf(first);
    const second = await app.signIn('alice');
    expect(await tokenOf(second)).not.toBe(oldToken);
    expect((await post(second, '/documents/new', { name: 'Stale' }, { token: oldToken })).status).toBe(403);
  });

  it('ends the session on sign-out: the old cookie shows the sign-in prompt', async () => {
    const session = await app.signIn('alice');
    const id = await createDocument(session, { name: 'Private' });
    const cookie = session.browser.jar.header(new URL(app.url)) ?? '';
    expect((await session.fetch('/logout')).status).toBe(302);
    const replay = await fetch(new URL(`/documents/${id}`, app.url), { headers: { cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('Sign in to continue');
    const start = await fetch(new URL('/', app.url), { headers: { cookie } });
    expect(await start.text()).toContain('Gatehouse documents');
    // A form sent with the ended session: the sign-in prompt leads back to the form's page.
    for (const [action, back] of [
      [`/documents/${id}/edit`, `/documents/${id}/edit`],
      [`/documents/${id}/shares/revoke`, `/documents/${id}/shares`],
    ] as const) {
      const sent = await fetch(new URL(action, app.url), {
        method: 'POST',
        headers: { cookie, origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=x',
      });
      expect(sent.status).toBe(401);
      expect(await sent.text()).toContain(`href="/login?return_to=${encodeURIComponent(back)}"`);
    }
  });
});
