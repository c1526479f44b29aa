/**
 * The adapter contract's cases for the global authorization: the policy of the matched route
 * pattern (whatever the path's encoding, HEAD as GET, any method), anchored exclusions, skipped
 * routes, 403 with the policy path, and 401 for an anonymous caller.
 */
import { expect, it } from 'vitest';
import { type ContractStarter, denied } from './adapter-contract-app.ts';

/** Registers the cases (inside the suite's `describe`). */
export function middlewareCases(start: ContractStarter): void {
  it('allows by the policy of the matched route pattern, and denies with 403 and its path', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/api/documents/42', 'alice')).toMatchObject({
      status: 200,
      body: { id: '42' },
    });
    const bob = await app.request('GET', '/api/documents/42', 'bob');
    expect(bob.status).toBe(403);
    expect(bob.contentType).toContain('application/json');
    expect(bob.body).toEqual(denied('webapp.GET.api.documents.__id'));
    expect(await app.request('DELETE', '/api/documents/42', 'alice')).toMatchObject({
      status: 403,
      body: denied('webapp.DELETE.api.documents.__id'),
    });
  });

  it('anchors exclusions to the whole path, encoded or not', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/health')).toMatchObject({ status: 200, body: 'ok' });
    expect(await app.request('GET', '/healthz', 'alice')).toMatchObject({
      status: 403,
      body: denied('webapp.GET.healthz'),
    });
    expect((await app.request('GET', '/%68ealthz', 'alice')).status).toBe(403);
  });

  it('authorizes HEAD as GET', async () => {
    const { app } = await start();
    expect((await app.request('HEAD', '/api/documents/1', 'alice')).status).toBe(200);
    expect((await app.request('HEAD', '/api/documents/1', 'bob')).status).toBe(403);
  });

  it('lets no method bypass authorization', async () => {
    const { app } = await start();
    expect(await app.request('PURGE', '/api/cache', 'bob')).toMatchObject({
      status: 403,
      body: denied('webapp.PURGE.api.cache'),
    });
    expect(await app.request('PURGE', '/api/cache', 'alice')).toMatchObject({
      status: 200,
      body: 'purged',
    });
  });

  it('decides by the route pattern, whatever the encoding of the path', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/api/documents/a%2Fb', 'alice')).toMatchObject({
      status: 200,
      body: { id: 'a/b' },
    });
    expect(await app.request('GET', '/api/%64ocuments/7', 'alice')).toMatchObject({
      status: 200,
      body: { id: '7' },
    });
    expect((await app.request('GET', '/api/%64ocuments/7', 'bob')).status).toBe(403);
  });

  it('leaves skipped routes alone, and requests no route answers to the 404 handler', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/public')).toMatchObject({ status: 200, body: 'public' });
    expect((await app.request('GET', '/nowhere', 'alice')).status).toBe(404);
  });

  it('answers 401 to an anonymous request where the policy wants a user', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/api/documents/1')).toMatchObject({
      status: 401,
      body: { detail: 'Sign-in required: webapp.GET.api.documents.__id' },
    });
  });
}
