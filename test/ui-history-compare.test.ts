/**
 * Comparing versions over HTTP against the real stack: the latest version against the one before
 * it by default, any two chosen, the changed lines and a renamed document marked; bad and unknown
 * version numbers answered 400 and 404 by name; only signed-in readers — not another user, an
 * anonymous reader of a public document, or a document in the trash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('comparing versions', () => {
  let app: TestApp;
  let aliceClient: SignedInClient;
  let bobClient: SignedInClient;
  let alice: ApiCall;
  let id: number;
  const { get } = pageRequests(() => app);

  beforeAll(async () => {
    app = await startTestApp();
    [aliceClient, bobClient] = await Promise.all([app.signIn('alice'), app.signIn('bob')]);
    alice = apiClient(aliceClient);
    id = (
      await alice('POST', '/api/documents', {
        name: 'Minutes',
        content: 'one\ntwo\nthree\n',
        is_public: true,
      })
    ).body.id;
    await alice('PUT', `/api/documents/${id}`, { content: 'one\nTWO\nthree\n' });
    await alice('PUT', `/api/documents/${id}`, {
      name: 'Minutes (final)',
      content: 'one\nTWO\nthree\nfour\n',
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('compares the latest version with the one before by default, and any two chosen', async () => {
    const latest = await get(aliceClient, `/documents/${id}/compare`);
    expect(latest.status).toBe(200);
    expect(latest.html).toContain('<h1>Changes to Minutes (final): version 2 → 3</h1>');
    expect(latest.html).toContain('<ins>four</ins>');
    expect(latest.html).toContain('Renamed from <del>Minutes</del> to <ins>Minutes (final)</ins>.');
    const chosen = await get(aliceClient, `/documents/${id}/compare?from=1&to=2`);
    expect(chosen.html).toContain('<del>two</del>');
    expect(chosen.html).toContain('<ins>TWO</ins>');
    expect(chosen.html).not.toContain('Renamed');
    const same = await get(aliceClient, `/documents/${id}/compare?from=2&to=2`);
    expect(same.html).toContain('The texts are the same.');
    const history = await get(aliceClient, `/documents/${id}/history`);
    expect(history.html).toContain(`href="/documents/${id}/compare?from=2&amp;to=3"`);
  });

  it('answers bad and unknown versions by name, and only signed-in readers', async () => {
    const bad = await get(aliceClient, `/documents/${id}/compare?from=x`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('from: must be a version number');
    expect((await get(aliceClient, `/documents/${id}/compare?to=0`)).status).toBe(400);
    const unknown = await get(aliceClient, `/documents/${id}/compare?from=1&to=9`);
    expect(unknown.status).toBe(404);
    expect((await get(aliceClient, '/documents/2000000000/compare')).status).toBe(404);
    // A public document: bob reads it, anonymous readers see no history of who saved what.
    expect((await get(bobClient, `/documents/${id}/compare`)).status).toBe(200);
    const anonymous = await fetch(`${app.url}/documents/${id}/compare`);
    expect(anonymous.status).toBe(401);
    expect((await alice('PUT', `/api/documents/${id}`, { is_public: false })).status).toBe(200);
    expect((await get(bobClient, `/documents/${id}/compare`)).status).toBe(403);
    expect((await alice('DELETE', `/api/documents/${id}`)).status).toBe(204);
    expect((await get(aliceClient, `/documents/${id}/compare`)).status).toBe(404);
  });
});
