import { MissingPoliciesError } from '@gatehousejs/core';
import { createMemoryRelationStore } from '@gatehousejs/engine';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
} from '@gatehousejs/engine/node';
import { postgres } from '@gatehousejs/engine/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/index.ts';
import { createLocationClient } from '../location/index.ts';
import { type AppDeps, createApp } from './index.ts';

describe('createApp', () => {
  // Never connected: the requests below need no database (no session cookie, no data).
  const sql = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1, connect_timeout: 1 });
  let engine: EmbeddedDecisionService;
  let deps: AppDeps;

  beforeAll(async () => {
    const store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
    engine = await createEmbeddedDecisionService({ policiesDir: 'policies', store });
    deps = {
      sql,
      decisionService: engine,
      directory: store,
      graph: store,
      policyPackages: engine.packages,
      auth: createAuth({
        sql,
        issuer: 'http://127.0.0.1:1',
        clientId: 'gatehouse-app',
        clientSecret: 'not-used',
        appBaseUrl: 'http://127.0.0.1:8000',
        sessionSecret: 's'.repeat(32),
      }),
      location: createLocationClient({ url: 'http://127.0.0.1:1' }),
      logger: { warn: () => {}, error: () => {} },
    };
  });
  afterAll(async () => {
    await engine?.close();
    await sql.end({ timeout: 0 });
  });

  it('refuses to build when a route has no policy, naming how many and which', () => {
    const packages = engine.packages.filter((p) => p !== 'webapp.DELETE.api.shares.__doc_id.__email');
    expect(() => createApp({ ...deps, policyPackages: packages })).toThrow(MissingPoliciesError);
    expect(() => createApp({ ...deps, policyPackages: packages })).toThrow(
      /1 polic.*webapp\.DELETE\.api\.shares\.__doc_id\.__email/s,
    );
  });

  it('serves the description without authorization, and authorizes every /api route', async () => {
    const { app, close } = createApp(deps);
    try {
      const spec = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths)).toContain('/api/shares/{doc_id}/{email}');
      const folders = await app.request('/api/folders');
      expect(folders.status).toBe(401);
      expect(await folders.json()).toEqual({ detail: 'Sign-in required' });
      expect((await app.request('/api/nowhere')).status).toBe(404);
      expect((await app.request('/api/documents', { method: 'POST', body: '{}' })).status).toBe(401);
    } finally {
      await close();
    }
  });

  it('reports on /health, for a load balancer, the directory and the decision circuit of this replica', async () => {
    const unreachable = {
      ...deps.directory,
      getRelations: async () => {
        throw new Error('directory unreachable (injected)');
      },
    };
    const { app, close } = createApp({ ...deps, directory: unreachable });
    try {
      const health = await app.request('/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: 'unavailable',
        directory: 'unavailable',
        decision_service: { breaker: 'closed' },
      });
    } finally {
      await close();
    }
  });
});
