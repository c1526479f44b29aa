import { MissingPoliciesError } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authzMiddleware } from './middleware.ts';
import { requireRebacAllowed } from './rebac-guards.ts';
import { skipMiddleware } from './route-match.ts';
import { scanRoutes } from './route-scan.ts';
import { testConfig } from './test-config.ts';
import { validatePoliciesFromApp } from './validate-policies.ts';

function application() {
  const { config } = testConfig();
  const documents = new Hono()
    .get('/', (c) => c.text('list'))
    .post('/', (c) => c.text('created'))
    .get('/:id', requireRebacAllowed(config, 'document', 'can_read'), (c) => c.text('doc'))
    .put('/:id', (c) => c.text('updated'));
  const v2 = new Hono().get('/items/:item_id', (c) => c.text('item'));
  const app = new Hono();
  app.use('*', authzMiddleware(config, { excludePaths: ['/health'] }));
  app.use('/api/*', async (_c, next) => next());
  app.get('/health', (c) => c.text('ok'));
  app.get(
    '/public',
    skipMiddleware((c) => c.text('public')),
  );
  app.get('/api/documents', (c) => c.text('duplicate registration'));
  app.route('/api/documents', documents);
  app.route('/api/admin', new Hono().route('/v2', v2));
  app.on(['GET', 'HEAD'], '/api/shares/:doc_id/:email', (c) => c.text('share'));
  app.all('/api/ping', (c) => c.text('pong'));
  return app;
}

describe('scanRoutes', () => {
  it('lists handlers with their policy paths, without middleware, duplicates, skipped or excluded routes', () => {
    const routes = scanRoutes(application(), { policyPathRoot: 'webapp', excludePaths: ['/health'] });
    expect(routes.map((r) => `${r.method} ${r.path} ${r.policyPath}`)).toEqual([
      'GET /api/documents webapp.GET.api.documents',
      'POST /api/documents webapp.POST.api.documents',
      'GET /api/documents/:id webapp.GET.api.documents.__id',
      'PUT /api/documents/:id webapp.PUT.api.documents.__id',
      'GET /api/admin/v2/items/:item_id webapp.GET.api.admin.v2.items.__item_id',
      'GET /api/shares/:doc_id/:email webapp.GET.api.shares.__doc_id.__email',
      'GET /api/ping webapp.GET.api.ping',
      'POST /api/ping webapp.POST.api.ping',
      'PUT /api/ping webapp.PUT.api.ping',
      'PATCH /api/ping webapp.PATCH.api.ping',
      'DELETE /api/ping webapp.DELETE.api.ping',
      'OPTIONS /api/ping webapp.OPTIONS.api.ping',
    ]);
  });

  it('keeps excluded routes when no exclusion is given', () => {
    const paths = scanRoutes(application(), { policyPathRoot: 'webapp' }).map((r) => r.path);
    expect(paths).toContain('/health');
    expect(paths).not.toContain('/public');
  });
});

describe('validatePoliciesFromApp', () => {
  const everything = scanRoutes(application(), { policyPathRoot: 'webapp', excludePaths: ['/health'] }).map(
    (r) => r.policyPath,
  );

  it('is valid when every route has a policy', () => {
    const result = validatePoliciesFromApp(application(), {
      policyPathRoot: 'webapp',
      policies: everything,
      excludePaths: ['/health'],
    });
    expect(result).toEqual({ valid: true, missingPolicies: [], collisions: [] });
  });

  it('lists the missing policies with method and path', () => {
    const { config } = testConfig();
    const result = validatePoliciesFromApp(application(), {
      config,
      policies: everything.filter((p) => !p.includes('documents')),
      excludePaths: ['/health'],
    });
    expect(result.valid).toBe(false);
    expect(result.missingPolicies).toContainEqual({
      policyPath: 'webapp.GET.api.documents.__id',
      method: 'GET',
      path: '/api/documents/:id',
    });
    expect(result.missingPolicies).toHaveLength(4);
  });

  it('throws stating the count with failOnMissing', () => {
    const run = () =>
      validatePoliciesFromApp(application(), { policyPathRoot: 'webapp', policies: [], failOnMissing: true });
    expect(run).toThrow(MissingPoliciesError);
    expect(run).toThrow(/^13 policies are missing/);
  });
});
