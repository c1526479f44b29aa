import { type Handler, Hono, type MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { describe, expect, it } from 'vitest';
import { authzGate } from './authz-gate.ts';
import type { MatchEntry } from './match-result.ts';
import { authzMiddleware } from './middleware.ts';
import { MatchedRoute, skipMiddleware } from './route-match.ts';
import { TargetRouteMemo } from './target-route-memo.ts';
import { as, testConfig } from './test-config.ts';

function entry(path: string, handler: Handler | MiddlewareHandler): MatchEntry {
  const route: RouterRoute = { basePath: '/', path, method: 'GET', handler };
  return [[handler, route], {}];
}
const middleware: MiddlewareHandler = async (_c, next) => next();
const handlerOf = (): Handler => (c) => c.text('ok');

describe('TargetRouteMemo', () => {
  it('answers each match by its own entries and start, remembered or not', () => {
    const routes = new TargetRouteMemo();
    const documents = [entry('*', middleware), entry('/documents/:id', handlerOf())];
    const reports = [entry('/reports/:id', handlerOf())];
    for (let i = 0; i < 3; i++) {
      expect(routes.of(documents, 0)).toMatchObject({ path: '/documents/:id', index: 1, skipped: false });
      expect(routes.of(documents, 0)).toMatchObject({ path: '/documents/:id', index: 1 });
      expect(routes.of(reports, 0)).toMatchObject({ path: '/reports/:id', index: 0 });
      expect(routes.of(reports, 0)).toMatchObject({ path: '/reports/:id', index: 0 });
      expect(routes.of(documents, 2)).toBeUndefined(); // nothing after the last entry: 404
      expect(routes.of([entry('/fresh', handlerOf())], 0)).toMatchObject({ path: '/fresh', index: 0 });
    }
  });

  it('finds a skipMiddleware mark added after the route was remembered, before or at the target', () => {
    const routes = new TargetRouteMemo();
    const target = handlerOf();
    const earlier: MiddlewareHandler = async (_c, next) => next();
    const entries = [entry('/a/*', earlier), entry('/a/:id', target)];
    routes.of(entries, 0);
    expect(routes.of(entries, 0)).toMatchObject({ path: '/a/:id', skipped: false });
    skipMiddleware(earlier);
    expect(routes.of(entries, 0)).toMatchObject({ path: '/a/*', skipped: true, index: 0 });
    const other = [entry('/b/:id', target)];
    routes.of(other, 0);
    expect(routes.of(other, 0)).toMatchObject({ skipped: false });
    skipMiddleware(target);
    expect(routes.of(other, 0)).toMatchObject({ path: '/b/:id', skipped: true });
  });
});

describe('MatchedRoute', () => {
  it('remembers the policy path of the last method asked, and asks again for another', () => {
    const asked: string[] = [];
    const pathOf = (method: string, pattern: string) => {
      asked.push(method);
      return `webapp.${method}.${pattern}`;
    };
    const route = new MatchedRoute('/a/:id', false, 0);
    expect(route.policyPathFor('GET', pathOf)).toBe('webapp.GET./a/:id');
    expect(route.policyPathFor('GET', pathOf)).toBe('webapp.GET./a/:id');
    expect(route.policyPathFor('HEAD', pathOf)).toBe('webapp.HEAD./a/:id');
    expect(route.policyPathFor('GET', pathOf)).toBe('webapp.GET./a/:id');
    expect(asked).toEqual(['GET', 'HEAD', 'GET']);
  });
});

describe('gate and middleware on routes answered from remembered matches', () => {
  for (const install of ['gate', 'middleware'] as const) {
    it(`${install}: each route decided by its own policy path, request after request`, async () => {
      const t = testConfig({ decisionCache: { ttlSeconds: 60 }, auditLogger: undefined });
      t.service.setRule('webapp.GET.a.__id', (q) => q.identity.value === 'alice');
      t.service.setRule('webapp.GET.b.__id', (q) => q.identity.value === 'bob');
      const app = new Hono();
      if (install === 'gate') authzGate(app, t.config);
      else app.use('*', authzMiddleware(t.config));
      app.get('/a/:id', (c) => c.text('a'));
      app.get('/b/:id', (c) => c.text('b'));
      const late = handlerOf();
      app.get('/c/:id', late);
      const statuses: string[] = [];
      for (let i = 0; i < 3; i++) {
        for (const [path, user] of [
          ['/a/1', 'alice'],
          ['/a/1', 'bob'],
          ['/b/1', 'alice'],
          ['/b/1', 'bob'],
          ['/c/1', 'alice'],
        ] as const) {
          statuses.push(`${path} ${user} ${(await app.request(path, as(user))).status}`);
        }
        if (i === 1) skipMiddleware(late); // marked after its route was remembered
      }
      const round = (c: number) => [
        '/a/1 alice 200',
        '/a/1 bob 403',
        '/b/1 alice 403',
        '/b/1 bob 200',
        `/c/1 alice ${c}`,
      ];
      expect(statuses).toEqual([...round(403), ...round(403), ...round(200)]);
    });
  }
});
