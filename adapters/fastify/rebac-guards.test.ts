import { createAuthzConfig } from '@gatehousejs/core';
import { InMemoryDecisionService, recordingLogger } from '@gatehousejs/core/testing';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { identityFromHeader } from './identity-providers.ts';
import { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';

describe('relationship guards on a route without their parameter', () => {
  it('fail the route with 500 and an error naming route and parameter, asking nobody', async () => {
    const service = new InMemoryDecisionService({ rules: { 'webapp.check': () => true } });
    const errors: string[] = [];
    const config = createAuthzConfig<FastifyRequest>({
      policyPathRoot: 'webapp',
      decisionService: service,
      identityProvider: identityFromHeader('X-User-ID'),
      logger: recordingLogger([], errors),
    });
    const app = Fastify();
    app.get(
      '/docs/:docId',
      { preHandler: requireRebacAllowed(config, 'document', 'can_read') },
      async () => 'doc',
    );
    app.get(
      '/docs/:id/pages/:page',
      { preHandler: requireRebacHierarchy(config, [['page', 'pageId', 'can_read']]) },
      async () => 'page',
    );
    const doc = await app.inject({ url: '/docs/7', headers: { 'X-User-ID': 'alice' } });
    expect(doc.statusCode).toBe(500);
    expect(doc.json()).toEqual({
      detail:
        'Server misconfiguration: an authorization guard reads a route parameter this route does not have',
    });
    expect((await app.inject({ url: '/docs/7/pages/2', headers: { 'X-User-ID': 'alice' } })).statusCode).toBe(
      500,
    );
    expect(errors).toEqual([
      expect.stringContaining(
        'requireRebacAllowed(document, can_read): route GET /docs/:docId has no parameter "id"',
      ),
      expect.stringContaining(
        'requireRebacHierarchy: route GET /docs/:id/pages/:page has no parameter "pageId"',
      ),
    ]);
    expect(service.queries).toHaveLength(0);
    await app.close();
  });
});
