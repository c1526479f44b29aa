import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createFastifyAuthzConfig } from './fastify-config.ts';
import { authzPlugin } from './plugin.ts';

describe('createFastifyAuthzConfig', () => {
  it('gives an inline identity provider a typed FastifyRequest', async () => {
    const service = new InMemoryDecisionService({
      rules: { 'webapp.GET.notes': (q) => q.identity.value === 'alice' },
    });
    const authz = createFastifyAuthzConfig({
      policyPathRoot: 'webapp',
      decisionService: service,
      identityProvider: (request) => {
        expectTypeOf(request.headers).toBeObject();
        const user = request.headers['x-user'];
        return typeof user === 'string'
          ? { type: 'IDENTITY_TYPE_SUB', value: user }
          : { type: 'IDENTITY_TYPE_NONE' };
      },
    });
    const app = Fastify();
    await app.register(authzPlugin, { config: authz });
    app.get('/notes', async () => 'ok');
    expect((await app.inject({ url: '/notes', headers: { 'x-user': 'alice' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/notes', headers: { 'x-user': 'bob' } })).statusCode).toBe(403);
    await app.close();
  });
});
