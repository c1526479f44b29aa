/**
 * Where the Hono middleware's time goes on a cache hit: each step of `authorize` timed alone on
 * a real request's context (captured from `app.fetch`), in process — exclusions, route match,
 * policy path memo, the identity and resource context providers, the request's scope, the
 * decision cache hit (key and lookup), the context variables — next to core's flow (synchronous,
 * and awaited), the whole middleware and an async middleware that does nothing (the promise chain
 * every async middleware costs); and the gate's own steps (its route match read in place, the
 * context its providers decide with).
 */
import { checkPolicy, createAuthzConfig } from '@gatehousejs/core';
import { compilePathExclusions, decidePolicy, policyPathMemo } from '@gatehousejs/core/adapter';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { authzMiddleware, identityFromHeader } from '@gatehousejs/hono';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { DecisionContext, honoClasses } from '../adapters/hono/decision-context.ts';
import { targetRoute, targetRouteOfMatch } from '../adapters/hono/route-match.ts';
import { evaluate } from '../core/evaluation.ts';
import { resolveScope } from '../core/request-scope.ts';
import { formatDuration, measure } from './measure.ts';

const HEADERS = { 'X-User-ID': 'c0ffee00-1234-4cde-8f00-0123456789ab' };

/** The steps, each with its median time per call, and their sum beside the whole middleware. */
export async function middlewareSteps(): Promise<Record<string, string>[]> {
  const config = createAuthzConfig<Context>({
    policyPathRoot: 'webapp',
    decisionService: new InMemoryDecisionService({ rules: { 'webapp.GET.api.documents.__id': () => true } }),
    identityProvider: identityFromHeader('X-User-ID'),
    resourceContextProvider: (c) => ({
      id: c.req.param('id'),
      method: c.req.method,
      location: { country: 'FR', city: 'Lyon' },
    }),
    decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
  });
  const middleware = authzMiddleware(config, { excludePaths: ['/health'] }) as MiddlewareHandler;
  let captured: Context | undefined;
  const app = new Hono();
  app.use('*', async (c, next) => {
    captured = c;
    await next();
  });
  app.get('/api/documents/:id', (c) => c.json({ id: c.req.param('id') }));
  await app.fetch(new Request('http://localhost/api/documents/42', { headers: HEADERS }));
  const c = captured as Context;
  // As the middleware sees it: it runs as route 0, the handler is route 1.
  c.req.routeIndex = 0;
  const route = targetRoute(c);
  if (!route) throw new Error('no target route');
  const excluded = compilePathExclusions(['/health'], 'excludePaths', () => {});
  const pathOf = policyPathMemo('webapp');
  const path = pathOf('GET', route.path);
  const info = { method: 'GET', path: c.req.path };
  c.req.routeIndex = route.index;
  await checkPolicy(config, c, path, info); // fills the decision cache
  const scoped = resolveScope(config, c, info);
  if (scoped instanceof Promise) throw new Error('providers are synchronous here');
  const check = { policyPath: path, decision: 'allowed', resourceContext: scoped.resourceContext };
  const next = async () => {};
  const hono = honoClasses();
  const raw = c.req.raw;
  const match = app.router.match('GET', c.req.path);
  const noop: MiddlewareHandler = async (_c, next) => next();

  const steps: [string, () => unknown][] = [
    ['exclusions (excludePaths)', () => excluded.matches(c.req.path)],
    ['route match (targetRoute)', () => targetRoute(c)],
    ['policy path (memo)', () => pathOf(c.req.method, route.path)],
    ['identity provider (header)', () => config.identityProvider(c)],
    ['resource context provider', () => config.resourceContextProvider?.(c)],
    ['scope (both providers, checked)', () => resolveScope(config, c, info)],
    ['decision cache hit (key + lookup)', () => evaluate(scoped, check)],
    ['context variables (2 × c.set)', () => c.set('authzConfig' as never, config as never)],
    ['gate: route match read in place', () => targetRouteOfMatch(match[0], 0)],
    [
      'gate: decision context (request + context)',
      () => new DecisionContext(new hono.HonoRequest(raw, '/api/documents/42', match), undefined, undefined),
    ],
  ];
  const rows: Record<string, string>[] = [];
  let sum = 0;
  for (const [name, step] of steps) {
    c.req.routeIndex = name.startsWith('route match') ? 0 : route.index;
    const m = await measure(name, step, { samples: 100 });
    const ns = name.startsWith('context variables') ? m.medianNs * 2 : m.medianNs;
    // The gate's steps stand in for the middleware's route match and context variables.
    if (!name.startsWith('gate')) sum += ns;
    rows.push({ step: name, 'median per request': formatDuration(ns) });
  }
  // The flows run as the middleware runs them: with the target route's parameters.
  c.req.routeIndex = route.index;
  const flow = await measure('flow', () => checkPolicy(config, c, path, info), { samples: 100 });
  const now = await measure('decide', () => decidePolicy(config, c, path, info), { samples: 100 });
  c.req.routeIndex = 0;
  const whole = await measure('whole', () => middleware(c, next), { samples: 100 });
  const frame = await measure('frame', () => noop(c, next), { samples: 100 });
  rows.push(
    { step: "sum of the middleware's steps", 'median per request': formatDuration(sum) },
    {
      step: "core's decidePolicy (scope + cache hit, synchronous)",
      'median per request': formatDuration(now.medianNs),
    },
    {
      step: "core's checkPolicy (the same, awaited)",
      'median per request': formatDuration(flow.medianNs),
    },
    {
      step: 'whole middleware (authorize, next resolved)',
      'median per request': formatDuration(whole.medianNs),
    },
    {
      step: 'an async middleware doing nothing (promise chain)',
      'median per request': formatDuration(frame.medianNs),
    },
  );
  return rows;
}
