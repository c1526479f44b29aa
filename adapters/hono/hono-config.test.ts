import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createHonoAuthzConfig } from './hono-config.ts';
import { authzMiddleware } from './middleware.ts';

describe('createHonoAuthzConfig', () => {
  it('gives an inline identity provider a typed Context', async () => {
    const service = new InMemoryDecisionService({
      rules: { 'webapp.GET.notes': (q) => q.identity.value === 'alice' },
    });
    const authz = createHonoAuthzConfig({
      policyPathRoot: 'webapp',
      decisionService: service,
      identityProvider: (c) => {
        expectTypeOf(c.req.header).toBeFunction();
        const user = c.req.header('X-User');
        return user ? { type: 'IDENTITY_TYPE_SUB', value: user } : { type: 'IDENTITY_TYPE_NONE' };
      },
    });
    const app = new Hono().use('*', authzMiddleware(authz)).get('/notes', (c) => c.text('ok'));
    expect((await app.request('/notes', { headers: { 'X-User': 'alice' } })).status).toBe(200);
    expect((await app.request('/notes', { headers: { 'X-User': 'bob' } })).status).toBe(403);
  });
});
