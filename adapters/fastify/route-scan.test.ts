import { AuthzConfigError, createAuthzConfig, MissingPoliciesError } from '@gatehousejs/core';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContractEngine, startContractEngine } from '../fixtures/contract-engine.ts';
import { identityFromHeader } from './identity-providers.ts';
import { authzPlugin } from './plugin.ts';
import { skipMiddleware } from './route-registry.ts';
import { isFastifyApp, scanRoutes } from './route-scan.ts';
import { validatePoliciesFromApp } from './validate-policies.ts';

const engines: ContractEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
});

async function application() {
  const engine = await startContractEngine();
  engines.push(engine);
  const config = createAuthzConfig<FastifyRequest>({
    policyPathRoot: 'webapp',
    decisionService: engine.service,
    identityProvider: identityFromHeader(),
  });
  const app = Fastify();
  await app.register(authzPlugin, { config, excludePaths: ['/health'] });
  app.get('/health', async () => 'ok');
  app.get(
    '/public',
    skipMiddleware(async () => 'public'),
  );
  app.get('/api/documents/:id', async () => 'doc');
  app.route({
    method: ['GET', 'DELETE'],
    url: '/api/documents/:id/shares/:email',
    handler: async () => null,
  });
  app.register(
    async (reports) => {
      reports.post('/:report-id/export', async () => null);
    },
    { prefix: '/api/reports' },
  );
  return { app, config, engine };
}

describe('scanRoutes', () => {
  it('lists every route once per method, with its prefix, without excluded or skipped routes', async () => {
    const { app } = await application();
    const routes = await scanRoutes(app, { policyPathRoot: 'webapp', excludePaths: ['/health'] });
    expect(routes.map((r) => `${r.method} ${r.path} ${r.policyPath}`)).toEqual([
      'GET /api/documents/:id webapp.GET.api.documents.__id',
      'GET /api/documents/:id/shares/:email webapp.GET.api.documents.__id.shares.__email',
      'DELETE /api/documents/:id/shares/:email webapp.DELETE.api.documents.__id.shares.__email',
      'POST /api/reports/:report-id/export webapp.POST.api.reports.__report_id.export',
    ]);
  });

  it('refuses an instance without authzPlugin, whose routes it cannot know', async () => {
    const app = Fastify();
    app.get('/x', async () => 'x');
    await expect(scanRoutes(app, { policyPathRoot: 'webapp' })).rejects.toThrow(AuthzConfigError);
  });

  it('tells Fastify instances from other values', () => {
    expect(isFastifyApp(Fastify())).toBe(true);
    expect(isFastifyApp({ routes: [], fetch() {} })).toBe(false);
    expect(isFastifyApp(null)).toBe(false);
  });
});

describe('validatePoliciesFromApp', () => {
  it('is valid when every route has a policy, and lists the missing ones otherwise', async () => {
    const { app, config, engine } = await application();
    const result = await validatePoliciesFromApp(app, {
      config,
      policies: engine.service.packages,
      excludePaths: ['/health'],
    });
    expect(result.valid).toBe(false);
    expect(result.missingPolicies).toContainEqual({
      policyPath: 'webapp.POST.api.reports.__report_id.export',
      method: 'POST',
      path: '/api/reports/:report-id/export',
    });
    expect(result.missingPolicies).toHaveLength(3);
    const all = (await scanRoutes(app, { policyPathRoot: 'webapp' })).map((r) => r.policyPath);
    expect(await validatePoliciesFromApp(app, { policyPathRoot: 'webapp', policies: all })).toEqual({
      valid: true,
      missingPolicies: [],
      collisions: [],
    });
  });

  it('throws stating the count with failOnMissing', async () => {
    const { app } = await application();
    const run = validatePoliciesFromApp(app, { policyPathRoot: 'webapp', policies: [], failOnMissing: true });
    await expect(run).rejects.toThrow(MissingPoliciesError);
    await expect(
      validatePoliciesFromApp(app, { policyPathRoot: 'webapp', policies: [], failOnMissing: true }),
    ).rejects.toThrow(/^5 policies are missing/);
  });
});
