/**
 * The Hono applications of the in-process tables of `npm run bench -- hono`, and how one
 * process measures what one of them adds to another: in a loop of `app.fetch` calls, or with the
 * processor's caches evicted before each request (`evicted-caches.ts`). Each such measurement runs
 * in a fresh process of its own (`hono-in-process-child.ts`, started by `process-samples.ts`).
 */
import { createAuthzConfig } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { authzGate, authzMiddleware, identityFromHeader } from '@gatehousejs/hono';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { addedWithEvictedCaches, type EvictedRounds, type Send } from './evicted-caches.ts';
import { REQUEST_HEADERS, withMinimalCheck } from './http-variants.ts';

/** The applications: the route behind each way of authorizing it, or alone (`none`). */
export const VARIANTS = ['gate', 'authz', 'noop', 'next', 'inputs', 'minimal', 'none'] as const;
/** One of {@link VARIANTS}. */
export type Variant = (typeof VARIANTS)[number];

const identity = identityFromHeader('X-User-ID');
/** A realistic resource context: the route parameter and request facts, a fresh object per request. */
const resourceContext = (c: Context) => ({
  id: c.req.param('id'),
  method: c.req.method,
  location: { country: 'FR', city: 'Lyon' },
});

/**
 * What any authorization middleware must read and leave, without authorizing: the identity
 * header, the resource context (with the target route's parameters), the two context variables.
 */
const readsInputs: MiddlewareHandler = (c, next) => {
  c.set('authzConfig' as never, identity as never);
  identity(c);
  c.req.routeIndex = 1;
  resourceContext(c);
  c.req.routeIndex = 0;
  c.set('authzDecision' as never, resourceContext as never);
  return next();
};

/**
 * In process, the route answers one prebuilt response and every request is one prebuilt request:
 * a fresh Fetch `Request` and `Response` per request cost more than the authorization measured, and
 * their clean-up weighs on synchronous answers (the bare route, the gate) more than on
 * asynchronous ones, which would turn the comparison around.
 */
const PREBUILT = new Response('{}');
const prebuilt = (c: Context) => {
  c.req.param('id');
  return PREBUILT;
};
const REQUEST = new Request('http://localhost/api/documents/42', { headers: REQUEST_HEADERS });
/** The environment `@hono/node-server` passes: Node's request, whose parsed headers the providers read. */
const NODE_ENV = {
  incoming: {
    headers: { 'x-user-id': REQUEST_HEADERS['X-User-ID'] },
    method: 'GET',
    url: '/api/documents/42',
  },
};

/**
 * The route behind the gate (`gate`), with the middleware (`authz`), behind a no-op async
 * middleware (`noop`: what Hono's dispatch costs for any middleware), behind a middleware that
 * only returns `next()` (`next`: not async, as `authzMiddleware` — the least any middleware
 * costs), behind a middleware that reads what authorization needs and returns `next()` (`inputs`:
 * {@link readsInputs}), behind the least any authorization does (`minimal`: a map lookup by the
 * caller's header, method and URL in front of `app.fetch`), or without authorization (`none`).
 * (The servers loaded over HTTP are `http-variants.ts`'s.)
 */
export function application(variant: Variant): Hono {
  const app = new Hono();
  if (variant === 'authz' || variant === 'gate') {
    const config = createAuthzConfig<Context>({
      policyPathRoot: 'webapp',
      decisionService: new InMemoryDecisionService({
        rules: { 'webapp.GET.api.documents.__id': () => true },
      }),
      identityProvider: identity,
      resourceContextProvider: resourceContext,
      decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
    });
    if (variant === 'gate') authzGate(app, config, { excludePaths: ['/health'] });
    else app.use('*', authzMiddleware(config, { excludePaths: ['/health'] }));
  }
  if (variant === 'noop') app.use('*', async (_c, next) => next());
  if (variant === 'next') app.use('*', (_c, next) => next());
  if (variant === 'inputs') app.use('*', readsInputs);
  if (variant === 'minimal') withMinimalCheck(app);
  app.get('/api/documents/:id', prebuilt);
  return app;
}

/** What `app.fetch` gets beside the request: nothing, or Node's request as `@hono/node-server` passes it. */
export type Environment = 'fetch' | 'node';

/** The requests of one in-process measurement. */
export interface LoopRounds {
  readonly rounds: number;
  /** Requests to each application per round. */
  readonly requests: number;
}

/**
 * Sends `count` sequential requests to `app` (the prebuilt one), each after `before` (when given);
 * each must be answered 200.
 */
export async function sendRequests(
  app: Hono,
  env: Environment,
  count: number,
  before?: () => unknown,
): Promise<void> {
  const bindings = env === 'node' ? NODE_ENV : undefined;
  for (let i = 0; i < count; i++) {
    before?.();
    const answer = app.fetch(REQUEST, bindings);
    const res = answer instanceof Promise ? await answer : answer;
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
}

/** CPU microseconds per request of `count` sequential requests to `app`. */
async function cpuPerRequest(app: Hono, count: number, env: Environment): Promise<number> {
  const cpu = process.cpuUsage();
  await sendRequests(app, env, count);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / count;
}

/**
 * CPU microseconds per request that `app` adds to `baseline` in a loop, one sample per round
 * (each round times both, alternately first). A first round warms both up and is not counted.
 */
export async function addedInLoop(
  app: Hono,
  baseline: Hono,
  env: Environment,
  o: LoopRounds,
): Promise<number[]> {
  await cpuPerRequest(app, o.requests, env);
  await cpuPerRequest(baseline, o.requests, env);
  const added: number[] = [];
  for (let round = 0; round < o.rounds; round++) {
    const appFirst = round % 2 === 0;
    const first = await cpuPerRequest(appFirst ? app : baseline, o.requests, env);
    const second = await cpuPerRequest(appFirst ? baseline : app, o.requests, env);
    added.push(appFirst ? first - second : second - first);
  }
  return added;
}

/** Microseconds `app` adds to `baseline` per request with the caches evicted before each one. */
export function addedEvicted(
  app: Hono,
  baseline: Hono,
  env: Environment,
  o: EvictedRounds,
): Promise<number[]> {
  const bindings = env === 'node' ? NODE_ENV : undefined;
  const served =
    (target: Hono): Send =>
    () =>
      target.fetch(REQUEST, bindings);
  return addedWithEvictedCaches(served(app), served(baseline), o);
}
