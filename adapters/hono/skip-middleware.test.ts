import { AuthzConfigError } from '@gatehousejs/core';
import { type Handler, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authzMiddleware } from './middleware.ts';
import { skipMiddleware } from './route-match.ts';
import { scanRoutes } from './route-scan.ts';
import { testConfig } from './test-config.ts';

/**
 * A second instance of the module, as when an application imports `gatehouse/hono` from `dist/`
 * while `authz-tool` loads the sources: the query makes the module loader evaluate it again.
 */
async function otherCopy(): Promise<typeof import('./route-match.ts')> {
  const specifier = './route-match.ts?second-copy';
  return import(/* @vite-ignore */ specifier);
}

function application(mark: typeof skipMiddleware) {
  const t = testConfig();
  const app = new Hono();
  app.use('*', authzMiddleware(t.config));
  app.get(
    '/public',
    mark((c) => c.text('public')),
  );
  app.get('/api/documents', (c) => c.text('documents'));
  return { ...t, app };
}

describe('skipMiddleware', () => {
  it('is honoured by another copy of the module (the mark is a registry symbol, not module state)', async () => {
    const copy = await otherCopy();
    expect(copy.skipMiddleware).not.toBe(skipMiddleware);
    const t = application(copy.skipMiddleware);
    expect(scanRoutes(t.app, { policyPathRoot: 'webapp' }).map((r) => r.path)).toEqual(['/api/documents']);
    const res = await t.app.request('/public');
    expect(res.status).toBe(200);
    expect(t.service.queries).toEqual([]);
    const [route] = t.app.routes.filter((r) => r.path === '/public');
    expect(route && copy.isSkipped(route.handler)).toBe(true);
  });

  it('returns the same handler, keeps its arity and adds no enumerable property', () => {
    const handler: Handler = (c) => c.text('ok');
    const marked = skipMiddleware(handler);
    expect(marked).toBe(handler);
    expect(marked.length).toBe(1);
    expect(Object.keys(marked)).toEqual([]);
    expect((handler as unknown as Record<symbol, unknown>)[Symbol.for('gatehouse.skipMiddleware')]).toBe(
      true,
    );
  });

  it('leaves unmarked routes to the middleware', async () => {
    const t = application(skipMiddleware);
    t.service.setRule('webapp.GET.api.documents', () => false);
    expect((await t.app.request('/api/documents')).status).toBe(401);
    expect(t.service.queries.map((q) => q.policyPath)).toEqual(['webapp.GET.api.documents']);
  });

  it('refuses a frozen handler with a clear error instead of silently not exempting it', () => {
    const frozen: Handler = Object.freeze((c) => c.text('ok'));
    expect(() => skipMiddleware(frozen)).toThrow(AuthzConfigError);
    expect(() => skipMiddleware(frozen)).toThrow(/frozen or sealed/);
    const open: Handler = (c) => c.text('ok');
    const markedThenFrozen = Object.freeze(skipMiddleware(open));
    expect(skipMiddleware(markedThenFrozen)).toBe(markedThenFrozen);
  });
});
