import { AuthzConfigError, DecisionServiceError } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authzGate } from './authz-gate.ts';
import type { HonoAuthzConfig } from './context-vars.ts';
import { type AuthzMiddlewareOptions, authzMiddleware } from './middleware.ts';
import { skipMiddleware } from './route-match.ts';
import { as, testConfig } from './test-config.ts';

/** Installs the global authorization on an app: the middleware, registered first, or the gate. */
type Install = (server: Hono, config: HonoAuthzConfig, options?: AuthzMiddlewareOptions) => void;

const INSTALLS: [string, Install][] = [
  ['authzMiddleware', (server, config, options) => void server.use('*', authzMiddleware(config, options))],
  ['authzGate', (server, config, options) => void authzGate(server, config, options)],
];

function app(
  install: Install,
  options: Parameters<typeof testConfig>[0] = {},
  exclude: string[] = ['/health'],
) {
  const t = testConfig(options);
  const api = new Hono();
  api.get('/documents/:id', (c) => c.json({ id: c.req.param('id') }));
  api.delete('/documents/:id', (c) => c.json({ deleted: c.req.param('id') }));
  const server = new Hono();
  install(server, t.config, { excludePaths: exclude });
  server.get('/health', (c) => c.text('ok'));
  server.get('/healthz', (c) => c.text('ok'));
  server.get('/api/health-x', (c) => c.text('ok'));
  server.get(
    '/public',
    skipMiddleware((c) => c.text('public')),
  );
  server.get('/api/user-profiles/', (c) => c.text('profiles'));
  server.on('PURGE', '/api/cache', (c) => c.text('purged'));
  server.route('/api', api);
  return { ...t, server };
}

// The gate keeps the middleware's semantics: the same cases run against both.
describe.each(INSTALLS)('global authorization with %s', (_name, install) => {
  it('allows when the policy of the matched route pattern allows', async () => {
    const t = app(install);
    t.service.setRule('webapp.GET.api.documents.__id', (q) => q.identity.value === 'alice');
    const res = await t.server.request('/api/documents/42', as('alice'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: '42' });
    expect(t.service.queries[0]?.policyPath).toBe('webapp.GET.api.documents.__id');
  });

  it('denies with 403 and a JSON detail naming the policy path', async () => {
    const t = app(install);
    t.service.setRule('webapp.DELETE.api.documents.__id', () => false);
    const res = await t.server.request('/api/documents/42', { method: 'DELETE', ...as('bob') });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ detail: 'Access denied: webapp.DELETE.api.documents.__id' });
  });

  it('anchors exclusions to the whole path', async () => {
    const t = app(install);
    expect((await t.server.request('/health')).status).toBe(200);
    expect((await t.server.request('/healthz')).status).toBe(403);
    expect((await t.server.request('/api/health-x')).status).toBe(403);
    expect(t.service.queries.map((q) => q.policyPath)).toEqual([
      'webapp.GET.healthz',
      'webapp.GET.api.health_x',
    ]);
  });

  it('authorizes HEAD as GET', async () => {
    const t = app(install);
    t.service.setRule('webapp.GET.api.documents.__id', (q) => q.identity.value === 'alice');
    expect((await t.server.request('/api/documents/1', { method: 'HEAD', ...as('alice') })).status).toBe(200);
    expect((await t.server.request('/api/documents/1', { method: 'HEAD', ...as('bob') })).status).toBe(403);
    expect(t.audit.map((r) => [r.method, r.policyPath])).toEqual([
      ['HEAD', 'webapp.GET.api.documents.__id'],
      ['HEAD', 'webapp.GET.api.documents.__id'],
    ]);
  });

  it('lets no method bypass authorization', async () => {
    const t = app(install);
    const purge = await t.server.request('/api/cache', { method: 'PURGE', ...as('alice') });
    expect(purge.status).toBe(403);
    expect(await purge.json()).toEqual({ detail: 'Access denied: webapp.PURGE.api.cache' });
    t.service.setRule('webapp.PURGE.api.cache', () => true);
    expect((await t.server.request('/api/cache', { method: 'PURGE', ...as('alice') })).status).toBe(200);
  });

  it('uses the route pattern for encoded paths and ids', async () => {
    const t = app(install);
    t.service.setRule('webapp.GET.api.documents.__id', () => true);
    const slash = await t.server.request('/api/documents/a%2Fb', as('alice'));
    expect(await slash.json()).toEqual({ id: 'a/b' });
    const encodedStatic = await t.server.request('/api/%64ocuments/7', as('alice'));
    expect(encodedStatic.status).toBe(200);
    expect(t.service.queries.map((q) => q.policyPath)).toEqual([
      'webapp.GET.api.documents.__id',
      'webapp.GET.api.documents.__id',
    ]);
  });

  it('does not let an encoded path slip through an exclusion to another route', async () => {
    const t = app(install, {}, ['/health']);
    const res = await t.server.request('/%68ealthz', as('alice'));
    expect(res.status).toBe(403);
  });

  it('derives trailing-slash routes without an empty segment', async () => {
    const t = app(install);
    t.service.setRule('webapp.GET.api.user_profiles', () => true);
    expect((await t.server.request('/api/user-profiles/', as('alice'))).status).toBe(200);
  });

  it('exempts routes marked with skipMiddleware', async () => {
    const t = app(install);
    expect(await (await t.server.request('/public')).text()).toBe('public');
    expect(t.service.calls).toBe(0);
  });

  it('leaves requests no route answers to the 404 handler', async () => {
    const t = app(install);
    expect((await t.server.request('/nowhere', as('alice'))).status).toBe(404);
    expect(t.service.calls).toBe(0);
  });

  it('authorizes middleware-shaped responders such as mounted apps', async () => {
    const t = testConfig();
    const server = new Hono();
    install(server, t.config);
    server.mount('/legacy', () => new Response('legacy'));
    expect((await server.request('/legacy/x', as('alice'))).status).toBe(403);
    t.service.setRule('webapp.GET.legacy.__wildcard', () => true);
    expect(await (await server.request('/legacy/x', as('alice'))).text()).toBe('legacy');
  });

  it('answers 503 with a clear detail when the service is down and there is no breaker', async () => {
    const t = app(install);
    t.service.failWith(new DecisionServiceError('service_unavailable', 'refused'));
    const res = await t.server.request('/api/documents/1', as('alice'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Authorization service unavailable/);
  });

  it('lets the fallback decide with a breaker: a stale allow, otherwise 403', async () => {
    const t = app(install, {
      decisionCache: { ttlSeconds: 1 },
      circuitBreaker: { failureThreshold: 1 },
      resourceContextProvider: (c) => c.req.param(),
    });
    t.service.setRule('webapp.GET.api.documents.__id', () => true);
    expect((await t.server.request('/api/documents/1', as('alice'))).status).toBe(200);
    t.clock.advance(5_000);
    t.service.failWith(new DecisionServiceError('deadline_exceeded', 'slow'));
    expect((await t.server.request('/api/documents/1', as('alice'))).status).toBe(200);
    expect((await t.server.request('/api/documents/2', as('alice'))).status).toBe(403);
  });

  it('answers each caller and document from its own cache entry, never from another one', async () => {
    const t = app(install, {
      decisionCache: { ttlSeconds: 60 },
      resourceContextProvider: (c) => ({ id: c.req.param('id'), location: { city: 'Lyon' } }),
    });
    t.service.setRule(
      'webapp.GET.api.documents.__id',
      (q) => q.identity.value === 'alice' && q.resourceContext.id === '1',
    );
    const expected: [string, string, number][] = [
      ['alice', '1', 200],
      ['bob', '1', 403],
      ['alice', '2', 403],
      ['alice1', '1', 403],
      ['alic', '1', 403],
      ['alice', '11', 403],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [user, id, status] of expected) {
        const res = await t.server.request(`/api/documents/${id}`, as(user));
        expect([round, user, id, res.status]).toEqual([round, user, id, status]);
      }
    }
    // Asked once each: every later request was a hit on its own entry.
    expect(t.service.calls).toBe(expected.length);
  });

  it('shows the matched route parameters to the resource context provider', async () => {
    const t = app(install, { resourceContextProvider: (c) => ({ ...c.req.param(), method: c.req.method }) });
    t.service.setRule('webapp.GET.api.documents.__id', (q) => q.resourceContext.id === '7');
    expect((await t.server.request('/api/documents/7', as('alice'))).status).toBe(200);
    expect((await t.server.request('/api/documents/8', as('alice'))).status).toBe(403);
    expect(t.service.queries[0]?.resourceContext).toEqual({ id: '7', method: 'GET' });
  });

  it('denies (never 500) when the policy does not exist', async () => {
    const t = app(install);
    const res = await t.server.request('/api/documents/1', as('alice'));
    expect(res.status).toBe(403);
    expect(t.audit[0]).toMatchObject({ outcome: 'error', error: 'policy_not_found' });
    expect(t.errors).toHaveLength(1);
  });

  it('rejects an invalid exclusion at construction, naming it', () => {
    const { config } = testConfig();
    const invalid = () => install(new Hono(), config, { excludePaths: ['/ok', '(('] });
    expect(invalid).toThrow(AuthzConfigError);
    expect(invalid).toThrow(/excludePaths\[1\]/);
  });

  it('warns at construction about an exclusion written as an anchored prefix', () => {
    const t = testConfig();
    install(new Hono(), t.config, { excludePaths: ['^/token/', '/health'] });
    expect(t.warnings).toEqual([
      expect.stringContaining('excludePaths[0] "^/token/" matches whole paths only'),
    ]);
  });

  it('covers routes of nested sub-apps with their prefixes', async () => {
    const t = testConfig();
    const v2 = new Hono().get('/items/:item_id', (c) => c.text(c.req.param('item_id')));
    const admin = new Hono().route('/v2', v2);
    const server = new Hono();
    install(server, t.config);
    server.route('/admin', admin);
    t.service.setRule('webapp.GET.admin.v2.items.__item_id', () => true);
    expect(await (await server.request('/admin/v2/items/9', as('alice'))).text()).toBe('9');
  });
});

describe('authzMiddleware in a sub-app', () => {
  it('lets a sub-app error handler replace the 403 body', async () => {
    const t = testConfig();
    const api = new Hono();
    api.onError((err, c) => c.json({ wrapped: err.message }, 418));
    api.use('*', authzMiddleware(t.config));
    api.get('/things/:id', (c) => c.text('thing'));
    api.get(
      '/open',
      skipMiddleware((c) => c.text('open')),
    );
    const server = new Hono().route('/api', api);
    // Routed through a sub-app with an error handler, each handler is wrapped (Hono's composed
    // handler): the route is still seen as a handler, and its skip mark still found.
    expect(await (await server.request('/api/open')).text()).toBe('open');
    t.service.setRule('webapp.GET.api.things.__id', (q) => q.identity.value === 'alice');
    expect((await server.request('/api/things/1', as('alice'))).status).toBe(200);
    const denied = await server.request('/api/things/1', as('bob'));
    expect(denied.status).toBe(418);
    expect(await denied.json()).toEqual({ wrapped: 'Access denied: webapp.GET.api.things.__id' });
  });
});
