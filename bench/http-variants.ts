/**
 * The server variants of the HTTP benchmarks, each started alone in a process of its own by
 * `http-server.ts`: the same route (`GET /api/documents/:id`, a small JSON answer) on Hono
 * (`@hono/node-server`) and on Fastify, without authorization, behind a hook or middleware that
 * does nothing, and with the authorization answering from the decision cache (a realistic
 * resource context: the route parameter, the method and a location, a fresh object per request) —
 * and, for scale, behind the least any authorization does ({@link minimalCheck}), and behind work
 * of two code sizes ({@link CODE_WORK}).
 */
import type { AddressInfo } from 'node:net';
import { type AuthzConfig, createAuthzConfig, type IdentityProvider } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import * as fastifyAdapter from '@gatehousejs/fastify';
import * as honoAdapter from '@gatehousejs/hono';
import { serve } from '@hono/node-server';
import Fastify, { type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { type Context, Hono } from 'hono';
import { generatedSteps, stepRunner } from './code-footprint.ts';
import type { HttpRoundsOptions } from './http-rounds.ts';

/** The route every variant serves, and a request path and headers that reach it. */
export const ROUTE = '/api/documents/:id';
export const REQUEST_PATH = '/api/documents/42';
export const REQUEST_HEADERS: Readonly<Record<string, string>> = {
  'X-User-ID': 'c0ffee00-1234-4cde-8f00-0123456789ab',
};

/**
 * How `npm run bench -- hono` and `fastify` load their servers (`http-rounds.ts`): 48 blocks of
 * fresh processes, each of 6 windows of 0.1 + 0.5 s, every server loaded in turns on 8
 * connections of its own. A block is the unit of the ratios' intervals: what varies most is how
 * each process compiled its code, so more blocks, not longer ones, narrow them. Runs of 24 blocks
 * of the same code moved by more than a target's margin (the gate kept 0.914 to 0.944 of its bare
 * route), so a verdict needs twice as many.
 * `HTTP_BENCH_TOGETHER=1` loads them all at once instead, the method the benchmarks used before
 * (biased against the variant with more work; see `http-rounds.ts`).
 */
export const BENCHMARK_ROUNDS: HttpRoundsOptions = {
  path: REQUEST_PATH,
  headers: REQUEST_HEADERS,
  connections: 8,
  blocks: 48,
  windows: 6,
  windowSeconds: 0.5,
  warmupSeconds: 0.1,
  processWarmupSeconds: 2,
  together: process.env.HTTP_BENCH_TOGETHER === '1',
};

/** A listening server. */
export interface ListeningServer {
  readonly port: number;
  close(): Promise<void>;
}

/** A configuration deciding from the cache after the first request, with a realistic resource context. */
function cachedConfig<R>(
  identityProvider: IdentityProvider<R>,
  facts: (request: R) => { id: string | undefined; method: string },
): AuthzConfig<R> {
  return createAuthzConfig<R>({
    policyPathRoot: 'webapp',
    decisionService: new InMemoryDecisionService({ rules: { 'webapp.GET.api.documents.__id': () => true } }),
    identityProvider,
    resourceContextProvider: (r) => {
      const { id, method } = facts(r);
      return { id, method, location: { country: 'FR', city: 'Lyon' } };
    },
    decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
  });
}

/**
 * The least any authorization does, for scale: an answer looked up in a map by the caller and
 * the request's method and URL (remembered on first sight, unbounded: the benchmarks request one
 * URL; allowed when there is a caller). No route, policy path, resource context, decision record
 * or audit: what the HTTP cost of an authorization cannot go below on the machine.
 */
function minimalCheck(): (caller: string | null | undefined, method: string, url: string) => boolean {
  const answers = new Map<string, boolean>();
  return (caller, method, url) => {
    const key = `${caller} ${method} ${url}`;
    let allowed = answers.get(key);
    if (allowed === undefined) {
      allowed = typeof caller === 'string';
      answers.set(key, allowed);
    }
    return allowed;
  };
}

/** Node's request as `@hono/node-server` passes it in the environment (`c.env.incoming`). */
interface NodeIncoming {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly method: string;
  readonly url: string;
}

/**
 * Puts {@link minimalCheck} in front of `app.fetch` (the caller from `X-User-ID`; 403 without one).
 * Served by `@hono/node-server` it reads Node's request (`env.incoming`: parsed headers, method and
 * URL as plain values), the cheapest reads there, as the gate's identity provider does; otherwise
 * the Fetch request.
 */
export function withMinimalCheck(app: Hono): Hono {
  const allowed = minimalCheck();
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    const incoming = (env as { incoming?: NodeIncoming } | undefined)?.incoming;
    let ok: boolean;
    if (incoming) {
      const caller = incoming.headers['x-user-id'];
      ok = allowed(typeof caller === 'string' ? caller : undefined, incoming.method, incoming.url);
    } else ok = allowed(request.headers.get('X-User-ID'), request.method, request.url);
    return ok ? dispatch(request, env, executionCtx) : new Response(null, { status: 403 });
  };
  return app;
}

/**
 * The work of the code-size calibration (`http-code-footprint.ts`): 100 small functions called
 * once each, or one such function called 200 times — about the same time in a loop on the
 * benchmarks' machine, about 30 KB of compiled code against a few hundred bytes.
 */
export const CODE_WORK = {
  many: { functions: 100, operations: 4, calls: 100 },
  one: { functions: 1, operations: 4, calls: 200 },
} as const;

/** Puts `work` in front of `app.fetch`, run on every request. */
function withWork(
  app: Hono,
  { functions, operations, calls }: (typeof CODE_WORK)[keyof typeof CODE_WORK],
): Hono {
  const work = stepRunner(generatedSteps(functions, operations), calls);
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    work();
    return dispatch(request, env, executionCtx);
  };
  return app;
}

type HonoVariant = 'none' | 'noop' | 'gate' | 'middleware' | 'minimal' | 'many' | 'one';
type FastifyVariant = 'none' | 'noop' | 'plugin' | 'minimal';

function honoApp(variant: HonoVariant): Hono {
  const app = new Hono();
  if (variant === 'gate' || variant === 'middleware') {
    const config = cachedConfig<Context>(honoAdapter.identityFromHeader('X-User-ID'), (c) => ({
      id: c.req.param('id'),
      method: c.req.method,
    }));
    if (variant === 'gate') honoAdapter.authzGate(app, config, { excludePaths: ['/health'] });
    else app.use('*', honoAdapter.authzMiddleware(config, { excludePaths: ['/health'] }));
  }
  if (variant === 'noop') app.use('*', async (_c, next) => next());
  if (variant === 'minimal') withMinimalCheck(app);
  if (variant === 'many' || variant === 'one') withWork(app, CODE_WORK[variant]);
  app.get(ROUTE, (c) => c.json({ id: c.req.param('id'), name: 'report.pdf' }));
  return app;
}

function listenHono(app: Hono): Promise<ListeningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

/** {@link minimalCheck} as a Fastify `onRequest` hook (the caller from `X-User-ID`; 403 without one). */
export function fastifyMinimalHook(): onRequestHookHandler {
  const allowed = minimalCheck();
  return (request, reply, done) => {
    const caller = request.headers['x-user-id'];
    if (allowed(typeof caller === 'string' ? caller : undefined, request.method, request.url)) done();
    else reply.code(403).send();
  };
}

/** The configuration of the Fastify plugin's variant (see {@link cachedConfig}). */
export function fastifyPluginConfig(): AuthzConfig<FastifyRequest> {
  return cachedConfig<FastifyRequest>(fastifyAdapter.identityFromHeader('X-User-ID'), (r) => ({
    id: (r.params as Record<string, string | undefined>).id,
    method: r.method,
  }));
}

async function listenFastify(variant: FastifyVariant): Promise<ListeningServer> {
  const app = Fastify();
  if (variant === 'noop') app.addHook('onRequest', (_request, _reply, done) => done());
  if (variant === 'minimal') app.addHook('onRequest', fastifyMinimalHook());
  if (variant === 'plugin') {
    await app.register(fastifyAdapter.authzPlugin, {
      config: fastifyPluginConfig(),
      excludePaths: ['/health'],
    });
  }
  app.get(ROUTE, async (r) => ({ id: (r.params as { id: string }).id, name: 'report.pdf' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

/** Every variant by name: how to start it. */
export const SERVER_VARIANTS = {
  hono: () => listenHono(honoApp('none')),
  'hono + no-op middleware': () => listenHono(honoApp('noop')),
  'hono + authzGate': () => listenHono(honoApp('gate')),
  'hono + authzMiddleware': () => listenHono(honoApp('middleware')),
  'hono + minimal check': () => listenHono(honoApp('minimal')),
  'hono + work in 100 functions': () => listenHono(honoApp('many')),
  'hono + the same work in 1 function': () => listenHono(honoApp('one')),
  fastify: () => listenFastify('none'),
  'fastify + no-op hook': () => listenFastify('noop'),
  'fastify + authzPlugin': () => listenFastify('plugin'),
  'fastify + minimal check': () => listenFastify('minimal'),
} satisfies Record<string, () => Promise<ListeningServer>>;

/** The variants of the code-size calibration, which only `http-code-footprint.ts` loads. */
export const CALIBRATION_VARIANTS: readonly string[] = [
  'hono + work in 100 functions',
  'hono + the same work in 1 function',
];

/** The name of a server variant. */
export type ServerVariant = keyof typeof SERVER_VARIANTS;

/** Whether `name` names a server variant. */
export function isServerVariant(name: string): name is ServerVariant {
  return Object.hasOwn(SERVER_VARIANTS, name);
}
