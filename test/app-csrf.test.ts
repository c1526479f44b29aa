/**
 * Cross-site request forgery, route by route: every state-changing route the application serves —
 * read from its route table, so that a route added later is covered without editing this file —
 * is refused with 403 when a browser says another origin sent it (a foreign site, another port of
 * the same host, a sibling subdomain seen as `Sec-Fetch-Site: same-site`, an opaque `null`
 * origin), with the victim's session cookie attached and whether or not there is a body. The two
 * body-less API routes the JSON rule never protected are shown to change nothing when forged, and
 * to work when sent from the application's own origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('cross-site request forgery on every unsafe route', () => {
  let app: TestApp;
  let aliceClient: SignedInClient;
  let alice: ApiCall;
  let liveId: number;
  let trashedId: number;

  /** A concrete path for a route pattern (`:id{[0-9]+}`, `:v`, `:email` …). */
  const concrete = (pattern: string) =>
    pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
      if (name === 'id' || name === 'doc_id') return String(pattern.includes('trash') ? trashedId : liveId);
      if (name === 'email') return 'bob@example.com';
      return '1';
    });

  const forgeries = (): Record<string, string>[] => {
    const ownPort = Number(new URL(app.url).port);
    return [
      { origin: 'https://evil.example' },
      { origin: `http://127.0.0.1:${ownPort === 65535 ? 65534 : ownPort + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
  };

  beforeAll(async () => {
    app = await startTestApp();
    aliceClient = await app.signIn('alice');
    alice = apiClient(aliceClient);
    const live = await alice('POST', '/api/documents', { name: 'Live', content: 'first' });
    liveId = live.body.id;
    expect((await alice('PUT', `/api/documents/${liveId}`, { content: 'second' })).status).toBe(200);
    trashedId = (await alice('POST', '/api/documents', { name: 'Trashed' })).body.id;
    expect((await alice('DELETE', `/api/documents/${trashedId}`)).status).toBe(204);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses every unsafe route of the route table from another origin, with and without a body', async () => {
    const routes = app.running.documentApp.app.routes
      .filter((r) => UNSAFE.has(r.method))
      .map((r) => `${r.method} ${r.path}`);
    const inventory = [...new Set(routes)];
    // The table is read, not guessed: the routes this file was written for are among them.
    expect(inventory).toEqual(
      expect.arrayContaining([
        'POST /api/trash/:id/restore',
        'POST /api/documents/:id/versions/:version/restore',
        'PUT /api/documents/:id',
        'DELETE /api/shares/:doc_id/:email',
      ]),
    );
    expect(inventory.length).toBeGreaterThan(25);
    const accepted: string[] = [];
    for (const route of inventory) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = concrete(pattern);
      for (const headers of forgeries()) {
        for (const body of [undefined, '{}', 'a=1']) {
          const res = await aliceClient.fetch(path, {
            method,
            headers: {
              ...headers,
              ...(body ? { 'content-type': body === '{}' ? 'application/json' : 'text/plain' } : {}),
            },
            body,
          });
          const text = await res.text();
          if (res.status !== 403 || !/(Cross-origin request refused|not sent from this site)/.test(text)) {
            accepted.push(`${route} ${JSON.stringify(headers)} body=${body ?? 'none'} → ${res.status}`);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    // Every unsafe route × forged origin headers × with and without a body: a few hundred requests.
  }, 120_000);

  it('changes nothing when the body-less restores are forged, and restores from its own origin', async () => {
    for (const headers of forgeries()) {
      const trash = await aliceClient.fetch(`/api/trash/${trashedId}/restore`, { method: 'POST', headers });
      expect(trash.status).toBe(403);
      const version = await aliceClient.fetch(`/api/documents/${liveId}/versions/1/restore`, {
        method: 'POST',
        headers,
      });
      expect(version.status).toBe(403);
    }
    expect((await alice('GET', `/api/documents/${trashedId}`)).status).toBe(404);
    expect((await alice('GET', `/api/documents/${liveId}`)).body.content).toBe('second');

    const own = { origin: new URL(app.url).origin, 'sec-fetch-site': 'same-origin' };
    const restored = await aliceClient.fetch(`/api/trash/${trashedId}/restore`, {
      method: 'POST',
      headers: own,
    });
    expect(restored.status).toBe(200);
    const reverted = await aliceClient.fetch(`/api/documents/${liveId}/versions/1/restore`, {
      method: 'POST',
      headers: own,
    });
    expect(reverted.status).toBe(200);
    expect((await alice('GET', `/api/documents/${liveId}`)).body.content).toBe('first');
    // A program (no browser headers) is no forgery: it carries no one else's cookies.
    expect((await alice('PUT', `/api/documents/${liveId}`, { content: 'third' })).status).toBe(200);
  });

  it('marks every JSON answer nosniff', async () => {
    for (const path of [
      '/api/documents',
      `/api/documents/${liveId}`,
      '/api/documents/999999',
      '/health',
      '/openapi.json',
    ]) {
      const res = await aliceClient.fetch(path);
      expect(res.headers.get('content-type'), path).toMatch(/json/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const refused = await aliceClient.fetch(`/api/documents/${liveId}`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
