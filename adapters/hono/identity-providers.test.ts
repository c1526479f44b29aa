import type { Identity } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { identityFromHeader, identityFromSessionUser } from './identity-providers.ts';

async function identityOf(
  provider: (c: never) => Identity | Promise<Identity>,
  init: RequestInit = {},
  user?: unknown,
): Promise<Identity> {
  const app = new Hono();
  app.get('/', async (c) => {
    if (user !== undefined) c.set('user' as never, user as never);
    return c.json(await provider(c as never));
  });
  return (await (await app.request('/', init)).json()) as Identity;
}

describe('identityFromHeader', () => {
  it('reads the header into IDENTITY_TYPE_SUB', async () => {
    expect(
      await identityOf(identityFromHeader('X-User-ID'), { headers: { 'x-user-id': ' alice ' } }),
    ).toEqual({
      type: 'IDENTITY_TYPE_SUB',
      value: 'alice',
    });
  });

  it('is IDENTITY_TYPE_NONE without the header or with a blank one', async () => {
    expect(await identityOf(identityFromHeader())).toEqual({ type: 'IDENTITY_TYPE_NONE' });
    expect(await identityOf(identityFromHeader(), { headers: { 'X-User-ID': '  ' } })).toEqual({
      type: 'IDENTITY_TYPE_NONE',
    });
  });

  it('refuses a name that is not a header name', () => {
    expect(() => identityFromHeader('X User')).toThrow(/name/);
  });
});

describe('identityFromSessionUser', () => {
  it("uses the session user's sub", async () => {
    expect(await identityOf(identityFromSessionUser(), {}, { sub: 'u-1', email: 'a@example.org' })).toEqual({
      type: 'IDENTITY_TYPE_SUB',
      value: 'u-1',
    });
  });

  it('is IDENTITY_TYPE_NONE without a user or without a sub', async () => {
    expect(await identityOf(identityFromSessionUser())).toEqual({ type: 'IDENTITY_TYPE_NONE' });
    expect(await identityOf(identityFromSessionUser(), {}, { email: 'a@example.org' })).toEqual({
      type: 'IDENTITY_TYPE_NONE',
    });
  });

  it('reads the user where it is told to', async () => {
    const provider = identityFromSessionUser(async (c) => ({ sub: c.req.query('who') }));
    expect(await identityOf(provider, {}, undefined)).toEqual({ type: 'IDENTITY_TYPE_NONE' });
  });
});

describe('identityFromHeader under @hono/node-server', () => {
  it("reads Node's parsed headers, with the same value as the Fetch headers", async () => {
    const { serve } = await import('@hono/node-server');
    // The header is read from `c.env.incoming` (node-server's documented bindings) when present.
    const app = new Hono().get('/', (c) => {
      expect((c.env as { incoming?: { headers?: object } }).incoming?.headers).toBeTypeOf('object');
      return c.json(identityFromHeader('X-User-ID')(c));
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-user-id': 'carol' } });
      expect(await res.json()).toEqual({ type: 'IDENTITY_TYPE_SUB', value: 'carol' });
      const none = await fetch(`http://127.0.0.1:${port}/`);
      expect(await none.json()).toEqual({ type: 'IDENTITY_TYPE_NONE' });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
