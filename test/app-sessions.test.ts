/**
 * Sign-in, sessions and what is left outside authorization, over HTTP against the whole
 * application: session expiry and logout seen by the API, the callback's state check, session
 * regeneration, and the excluded paths (/health, sign-in routes, /openapi.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../app/auth/index.ts';
import { apiClient } from './support/api-client.ts';
import { Browser } from './support/browser.ts';
import { openLoginForm, submitLoginForm } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DAY_MS = 86_400_000;

describe('sessions of the application', () => {
  let app: TestApp;
  let now = Date.now();
  let privateId: number;
  let publicId: number;

  beforeAll(async () => {
    app = await startTestApp({ clock: { now: () => now } });
    const alice = apiClient(await app.signIn('alice'));
    privateId = (await alice('POST', '/api/documents', { name: 'Diary' })).body.id;
    publicId = (await alice('POST', '/api/documents', { name: 'Notice', is_public: true })).body.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('treats an expired session as no session: 401 where a user is needed, public still readable', async () => {
    const client = await app.signIn('alice');
    const alice = apiClient(client);
    const start = now;
    try {
      now = start + DAY_MS - 1000;
      expect((await alice('GET', `/api/documents/${privateId}`)).status).toBe(200);
      const [cookie] = client.browser.jar.find(SESSION_COOKIE);
      now = start + DAY_MS;
      expect((await alice('GET', `/api/documents/${privateId}`)).status).toBe(401);
      client.browser.jar.put(cookie!);
      const expired = await alice('POST', '/api/documents', { name: 'Too late' });
      expect(expired).toMatchObject({ status: 401, body: { detail: 'Sign-in required' } });
      expect((await alice('GET', `/api/documents/${publicId}`)).status).toBe(200);
    } finally {
      now = start;
    }
  });

  it('ends the session at logout; the old cookie no longer reaches anything', async () => {
    const client = await app.signIn('alice');
    const [cookie] = client.browser.jar.find(SESSION_COOKIE);
    const logout = await client.fetch('/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toMatch(/\/logout\?.*post_logout_redirect_uri=/);
    const replay = new Browser();
    replay.jar.put(cookie!);
    expect((await replay.request(`${app.url}/api/documents/${privateId}`)).status).toBe(401);
    expect(await (await replay.request(`${app.url}/api/documents`)).json()).toEqual([
      expect.objectContaining({ id: publicId }),
    ]);
  });

  it('answers 400 Invalid state when the callback state differs from the one of the sign-in', async () => {
    const browser = new Browser();
    const form = await openLoginForm(app.stack.appBaseUrl, browser);
    const done = await submitLoginForm(
      browser,
      form,
      { username: 'bob', password: app.stack.password },
      (next) => next.pathname === '/auth/callback',
    );
    const callback = new URL(done.hops.at(-1)!.location!);
    callback.searchParams.set('state', 'forged-state');
    const res = await browser.request(callback);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Invalid state' });
    expect((await browser.request(`${app.url}/api/folders`)).status).toBe(401);
    const cold = await new Browser().request(`${app.url}/auth/callback?state=x&code=y`);
    expect(cold.status).toBe(400);
  });

  it('regenerates the session at every sign-in', async () => {
    const first = await app.signIn('bob');
    const [before] = first.browser.jar.find(SESSION_COOKIE);
    const second = await app.signIn('bob');
    const [after] = second.browser.jar.find(SESSION_COOKIE);
    expect(after!.value).not.toBe(before!.value);
    expect(after).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
  });

  it('leaves /health, the sign-in routes and /openapi.json outside authorization', async () => {
    const anonymous = new Browser();
    // Sign-ins enqueue the users' directory objects; the sweep (driven here) delivers them.
    await app.running.documentApp.relay.flush();
    const health = await anonymous.request(`${app.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      directory_outbox: { pending: 0 },
    });
    expect((await anonymous.request(`${app.url}/login`)).status).toBe(302);
    const spec = (await (await anonymous.request(`${app.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(Object.keys(spec.paths).sort()).toEqual([
      '/api/documents',
      '/api/documents/{id}',
      '/api/documents/{id}/access',
      '/api/documents/{id}/access-log',
      '/api/documents/{id}/files',
      '/api/documents/{id}/files/{file_id}',
      '/api/documents/{id}/group-shares',
      '/api/documents/{id}/group-shares/{group_id}',
      '/api/documents/{id}/owner',
      '/api/documents/{id}/permissions',
      '/api/documents/{id}/versions',
      '/api/documents/{id}/versions/{version}',
      '/api/documents/{id}/versions/{version}/restore',
      '/api/folders',
      '/api/folders/{id}',
      '/api/folders/{id}/contents',
      '/api/folders/{id}/group-shares/{group_id}',
      '/api/folders/{id}/owner',
      '/api/folders/{id}/shares',
      '/api/folders/{id}/shares/{email}',
      '/api/groups',
      '/api/groups/{id}',
      '/api/groups/{id}/members',
      '/api/groups/{id}/members/{email}',
      '/api/search',
      '/api/shares',
      '/api/shares/{doc_id}/{email}',
      '/api/trash',
      '/api/trash/{id}',
      '/api/trash/{id}/restore',
      '/auth/callback',
      '/health',
      '/login',
      '/logout',
    ]);
    expect(spec.paths['/api/documents']?.post?.responses).toHaveProperty('201');
    // Exclusions are anchored: a look-alike path is still authorized (and unknown: 404).
    expect((await anonymous.request(`${app.url}/healthz`)).status).toBe(404);
  });
});
