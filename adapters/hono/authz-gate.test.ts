import { AuthzConfigError } from '@gatehousejs/core';
import { type Handler, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import { describe, expect, it } from 'vitest';
import { authzGate } from './authz-gate.ts';
import { identityFromHeader } from './identity-providers.ts';
import { as, testConfig } from './test-config.ts';

// The middleware's semantics, shared by the gate, are tested in middleware.test.ts and the
// adapter contract (hono.contract.test.ts); these are the gate's own.

const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe('authzGate', () => {
  it('hands an allowed request to Hono untouched, and answers a cache hit without a promise', async () => {
    const t = testConfig({ decisionCache: { ttlSeconds: 60 } });
    t.service.setRule('webapp.GET.api.documents.__id', () => true);
    const seen: Request[] = [];
    const app = authzGate(new Hono(), t.config);
    app.get('/api/documents/:id', (c) => {
      seen.push(c.req.raw);
      return c.text(c.req.param('id'));
    });
    const first = request('/api/documents/1', as('alice'));
    expect(await (await app.fetch(first)).text()).toBe('1');
    const second = request('/api/documents/1', as('alice'));
    const answer = app.fetch(second);
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).text()).toBe('1');
    expect(seen).toEqual([first, second]);
    expect(t.service.calls).toBe(1);
  });

  it('decides before any middleware of the app runs', async () => {
    const t = testConfig();
    t.service.setRule('webapp.GET.reports', (q) => q.identity.value === 'alice');
    const ran: string[] = [];
    const app = authzGate(new Hono(), t.config);
    app.use('*', async (c, next) => {
      ran.push(c.req.header('X-User-ID') ?? '');
      await next();
    });
    app.get('/reports', (c) => c.text('reports'));
    expect((await app.request('/reports', as('bob'))).status).toBe(403);
    expect((await app.request('/reports', as('alice'))).status).toBe(200);
    expect(ran).toEqual(['alice']);
  });

  it('authorizes routes added after it was installed: no route without a decision', async () => {
    const t = testConfig();
    const app = authzGate(new Hono(), t.config);
    app.get('/late', (c) => c.text('late'));
    expect((await app.request('/late', as('alice'))).status).toBe(403);
    expect(t.service.queries.map((q) => q.policyPath)).toEqual(['webapp.GET.late']);
  });

  it('answers denials through the app error handler, without a body for HEAD', async () => {
    const t = testConfig();
    const app = authzGate(new Hono(), t.config);
    app.onError((error, c) => c.json({ wrapped: error.message }, 418));
    app.get('/things/:id', (c) => c.text('thing'));
    const denied = await app.request('/things/1', as('bob'));
    expect(denied.status).toBe(418);
    expect(await denied.json()).toEqual({ wrapped: 'Access denied: webapp.GET.things.__id' });
    const head = await app.request('/things/1', { method: 'HEAD', ...as('bob') });
    expect(head.status).toBe(418);
    expect(await head.text()).toBe('');
  });

  it('denies, naming the variable, when a provider reads a context variable no middleware set yet', async () => {
    const t = testConfig({ identityProvider: (c) => ({ type: 'IDENTITY_TYPE_SUB', value: c.get('user') }) });
    t.service.setRule('webapp.GET.me', () => true);
    const app = authzGate(new Hono<{ Variables: { user: string } }>(), t.config);
    app.use('*', async (c, next) => {
      c.set('user', 'alice');
      await next();
    });
    app.get('/me', (c) => c.text('me'));
    const res = await app.request('/me');
    expect(res.status).toBe(403);
    expect(t.service.calls).toBe(0);
    expect(t.errors).toEqual([expect.stringMatching(/read "user".*authzMiddleware after the middleware/)]);
  });

  it("lets the providers read the request, the matched route's parameters and env, and nothing a middleware sets", async () => {
    const t = testConfig({
      identityProvider: (c) => ({ type: 'IDENTITY_TYPE_SUB', value: c.req.header('X-User-ID') ?? '' }),
      resourceContextProvider: (c) => ({
        id: c.req.param('id'),
        q: c.req.query('q'),
        region: (c.env as { region: string }).region,
      }),
    });
    t.service.setRule('webapp.GET.api.documents.__id', (q) => q.resourceContext.region === 'eu');
    const app = authzGate(new Hono(), t.config);
    app.get('/api/documents/:id', (c) => c.text('doc'));
    const res = await app.request('/api/documents/7?q=x', as('alice'), { region: 'eu' });
    expect(res.status).toBe(200);
    expect(t.service.queries.map((q) => [q.identity.value, q.resourceContext])).toEqual([
      ['alice', { id: '7', q: 'x', region: 'eu' }],
    ]);
    // A provider that would leave something on a context (lost: Hono dispatches with its own) is refused.
    const setting = testConfig({
      identityProvider: (c) => {
        c.set('seen' as never, true as never);
        return { type: 'IDENTITY_TYPE_SUB', value: 'alice' };
      },
    });
    setting.service.setRule('webapp.GET.x', () => true);
    const denied = authzGate(new Hono(), setting.config);
    denied.get('/x', (c) => c.text('x'));
    expect((await denied.request('/x')).status).toBe(403);
    expect(setting.service.calls).toBe(0);
  });

  it('leaves the error handler free to read and set context variables', async () => {
    const t = testConfig({ identityProvider: identityFromHeader('X-User-ID') });
    const app = authzGate(new Hono(), t.config);
    app.onError((error, c) => {
      c.set('reason' as never, error.message as never);
      return c.text(String(c.get('reason' as never)), 403);
    });
    app.get('/x', (c) => c.text('x'));
    expect(await (await app.request('/x', as('bob'))).text()).toBe('Access denied: webapp.GET.x');
  });

  it('dispatches the route it authorized: the router matches once per request, HEAD and a cache miss included', async () => {
    const t = testConfig({ decisionCache: { ttlSeconds: 60 } });
    t.service.setRule('webapp.GET.api.documents.__id', () => true);
    // A router that keeps its own `match` (Hono's default one replaces it on first use), counted.
    const router = new TrieRouter<[Handler, RouterRoute]>();
    const match = router.match;
    const matched: string[] = [];
    router.match = (method, path) => {
      matched.push(`${method} ${path}`);
      return match.call(router, method, path);
    };
    const app = authzGate(new Hono({ router }), t.config);
    app.get('/api/documents/:id', (c) => c.text(c.req.param('id')));
    expect(await (await app.request('/api/documents/7', as('alice'))).text()).toBe('7'); // miss: decided later
    expect(await (await app.request('/api/documents/7', as('alice'))).text()).toBe('7'); // hit: at once
    expect((await app.request('/api/documents/7', { method: 'HEAD', ...as('alice') })).status).toBe(200);
    expect(await (await app.request('/api/documents/8', as('alice'))).text()).toBe('8');
    expect(matched).toEqual([
      'GET /api/documents/7',
      'GET /api/documents/7',
      'GET /api/documents/7',
      'GET /api/documents/8',
    ]);
  });

  it("routes by the app's own getPath (a host-based router) for the decision and the dispatch alike", async () => {
    const t = testConfig();
    t.service.setRule('webapp.GET.docs_example_com.guide', (q) => q.identity.value === 'alice');
    const app = authzGate(
      new Hono({ getPath: (req) => `/${new URL(req.url).hostname}${new URL(req.url).pathname}` }),
      t.config,
    );
    app.get('/docs.example.com/guide', (c) => c.text('guide'));
    const at = (user: string) => new Request('http://docs.example.com/guide', as(user));
    expect(await (await app.fetch(at('alice'))).text()).toBe('guide');
    expect((await app.fetch(at('bob'))).status).toBe(403);
  });

  it('refuses to gate an app twice', () => {
    const t = testConfig();
    const app = authzGate(new Hono(), t.config);
    expect(() => authzGate(app, t.config)).toThrow(AuthzConfigError);
    expect(() => authzGate(app, t.config)).toThrow(/gated already/);
  });
});
