import { AuthzConfigError, type Identity } from '@gatehousejs/core';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkRelations } from './check-relations.ts';
import { identityFromHeader, identityFromSessionUser } from './identity-providers.ts';

async function identityOf(
  provider: (r: FastifyRequest) => Identity | Promise<Identity>,
  headers: Record<string, string> = {},
  user?: unknown,
): Promise<Identity> {
  const app = Fastify();
  app.get('/', async (r) => {
    if (user !== undefined) (r as FastifyRequest & { user?: unknown }).user = user;
    return provider(r);
  });
  return (await app.inject({ url: '/', headers })).json();
}

describe('identityFromHeader', () => {
  it('reads the header into IDENTITY_TYPE_SUB, and is IDENTITY_TYPE_NONE without it or when blank', async () => {
    expect(await identityOf(identityFromHeader('X-User-ID'), { 'x-user-id': ' alice ' })).toEqual({
      type: 'IDENTITY_TYPE_SUB',
      value: 'alice',
    });
    expect(await identityOf(identityFromHeader())).toEqual({ type: 'IDENTITY_TYPE_NONE' });
    expect(await identityOf(identityFromHeader(), { 'X-User-ID': '  ' })).toEqual({
      type: 'IDENTITY_TYPE_NONE',
    });
  });

  it('refuses a name that is not a header name', () => {
    expect(() => identityFromHeader('X User')).toThrow(/name/);
  });
});

describe('identityFromSessionUser', () => {
  it("uses request.user's sub, and is IDENTITY_TYPE_NONE without a user or a sub", async () => {
    expect(await identityOf(identityFromSessionUser(), {}, { sub: 'u-1' })).toEqual({
      type: 'IDENTITY_TYPE_SUB',
      value: 'u-1',
    });
    expect(await identityOf(identityFromSessionUser())).toEqual({ type: 'IDENTITY_TYPE_NONE' });
    expect(await identityOf(identityFromSessionUser(), {}, { email: 'a@example.org' })).toEqual({
      type: 'IDENTITY_TYPE_NONE',
    });
  });

  it('reads the user where it is told to', async () => {
    const provider = identityFromSessionUser((r) => ({ sub: r.headers['x-session-sub'] }));
    expect(await identityOf(provider, { 'x-session-sub': 'u-2' })).toEqual({
      type: 'IDENTITY_TYPE_SUB',
      value: 'u-2',
    });
  });
});

describe('checkRelations', () => {
  it('is a configuration error without any configuration', async () => {
    const app = Fastify();
    let thrown: unknown;
    app.get('/x', async (r) => {
      thrown = await checkRelations(r, 'document', '1', ['can_read']).catch((e: unknown) => e);
      return 'done';
    });
    await app.inject({ url: '/x' });
    expect(thrown).toBeInstanceOf(AuthzConfigError);
  });
});
