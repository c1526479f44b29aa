/**
 * `npm run bench -- hono`: requests per second of a Hono route (`@hono/node-server`) with
 * `authzGate` and with `authzMiddleware` answering from the decision cache, against the same route
 * without authorization, behind a no-op middleware and behind the least any authorization does (a
 * map lookup by the caller's header, method and URL), over HTTP on 127.0.0.1 — each server alone in
 * a process of its own, loaded in turns from another process (8 connections each), in blocks of
 * measured windows (`http-rounds.ts`), with an A/A check (the bare route in a second process); and
 * the middleware's own cost in process (`app.fetch`), in a loop and with the processor's caches
 * evicted before each request (`evicted-caches.ts`, closer to what a server pays). Targets: ≥ 0.92
 * of the bare route, judged on the interval of the ratio of server CPU per request (the throughput
 * ratio beside it; see `http-comparison.ts`), and added CPU ≤ 1.5 µs per request in the loop (the
 * gate; the middleware's figures beside it).
 *
 * `HONO_BENCH_PARTS=in-process npm run bench -- hono` runs only the in-process tables (about
 * 1.5 minutes); `HONO_BENCH_PARTS=http` only the HTTP rounds (default both).
 */
import { createAuthzConfig } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { authzGate, authzMiddleware, identityFromHeader } from '@gatehousejs/hono';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { addedWithEvictedCaches, EVICTED_BYTES, type EvictedRounds, type Send } from './evicted-caches.ts';
import { middlewareSteps } from './hono-steps.ts';
import { aaLine, comparisonRow, methodLines, variantRow } from './http-comparison.ts';
import { httpRounds, plannedSeconds, secondProcess } from './http-rounds.ts';
import { BENCHMARK_ROUNDS, REQUEST_HEADERS, withMinimalCheck } from './http-variants.ts';
import { printTable } from './measure.ts';
import { machineLine, median, range } from './rounds.ts';

const TARGET_RATIO = 0.92;
const TARGET_ADDED_MICROS = 1.5;
/** Rounds of the in-process comparison, and requests per variant and round. */
const ROUNDS = 25;
const IN_PROCESS_REQUESTS = 50_000;
/** Over HTTP: the benchmarks' rounds (6 servers loaded in turns, about 290 s). */
const HTTP = BENCHMARK_ROUNDS;
const HEADERS = REQUEST_HEADERS;
/** Which parts run: `http`, `in-process` (comma-separated; default both). */
const PARTS = new Set((process.env.HONO_BENCH_PARTS ?? 'http,in-process').split(',').map((p) => p.trim()));

type Variant = 'gate' | 'authz' | 'noop' | 'next' | 'inputs' | 'minimal' | 'none';

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
 * In process: the route behind the gate (`gate`), with the middleware (`authz`), behind a no-op
 * async middleware (`noop`: what Hono's dispatch costs for any middleware), behind a middleware
 * that only returns `next()` (`next`: not async, as `authzMiddleware` — the least any middleware
 * costs), behind a middleware that reads what authorization needs and returns `next()` (`inputs`:
 * {@link readsInputs}), behind the least any authorization does (`minimal`: a map lookup by the
 * caller's header, method and URL in front of `app.fetch`), or without authorization (`none`).
 * (The servers loaded over HTTP are `http-variants.ts`'s.)
 */
function application(variant: Variant, answer: (c: Context) => Response): Hono {
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
  app.get('/api/documents/:id', answer);
  return app;
}

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
const REQUEST = new Request('http://localhost/api/documents/42', { headers: HEADERS });
/** The environment `@hono/node-server` passes: Node's request, whose parsed headers the providers read. */
const NODE_ENV = {
  incoming: { headers: { 'x-user-id': HEADERS['X-User-ID'] }, method: 'GET', url: '/api/documents/42' },
};
/** Rounds of the table with the caches evicted before each request. */
const EVICTED: EvictedRounds = { rounds: 25, pairs: 1_000, warmup: 2_000 };

/**
 * CPU microseconds per request of `count` sequential in-process requests (`env`: what `app.fetch`
 * gets beside the request).
 */
async function inProcessCpu(app: Hono, count: number, env?: typeof NODE_ENV): Promise<number> {
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const answer = app.fetch(REQUEST, env);
    const res = answer instanceof Promise ? await answer : answer;
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / count;
}

/** Added CPU microseconds per request of `app` over `bare`, one sample per interleaved round. */
async function addedCpu(app: Hono, bare: Hono, env?: typeof NODE_ENV): Promise<number[]> {
  const added: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const appFirst = round % 2 === 0;
    const first = await inProcessCpu(appFirst ? app : bare, IN_PROCESS_REQUESTS, env);
    const second = await inProcessCpu(appFirst ? bare : app, IN_PROCESS_REQUESTS, env);
    added.push(appFirst ? first - second : second - first);
  }
  return added;
}

/** A row of the in-process table; `targeted` rows are judged against the target, the others are for scale. */
function addedCpuRow(name: string, added: number[], targeted = true): Record<string, string> {
  const cost = median(added);
  const verdict = cost <= TARGET_ADDED_MICROS ? 'met' : 'MISSED';
  return {
    authorization: name,
    'added CPU per request': `${cost.toFixed(2)} µs`,
    range: range(added, (x) => x.toFixed(2)),
    [`target ≤ ${TARGET_ADDED_MICROS} µs`]: targeted ? verdict : '—',
  };
}

const HONO_VARIANTS = [
  'hono + authzGate',
  'hono + authzMiddleware',
  'hono',
  'hono + no-op middleware',
  'hono + minimal check',
  secondProcess('hono'),
];

/** Runs the Hono benchmark and prints its figures. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  if (PARTS.has('http')) await overHttp();
  if (PARTS.has('in-process')) await inProcess();
}

/** The servers loaded over HTTP, side by side. */
async function overHttp(): Promise<void> {
  console.log(
    `Over HTTP: ${HONO_VARIANTS.length} servers, about ${Math.round(plannedSeconds(HTTP, HONO_VARIANTS.length))} s…`,
  );
  const result = await httpRounds(HONO_VARIANTS, HTTP);
  const title = `GET /api/documents/:id over HTTP, cache hit, each server in its own process, ${HTTP.together ? 'all loaded at once' : 'loaded in turns'} from another process (${HTTP.connections} conn. each), ${HTTP.blocks} blocks of ${HTTP.windows} windows of ${HTTP.windowSeconds} s (medians and ranges over the blocks)`;
  printTable(
    `hono: ${title}`,
    HONO_VARIANTS.map((name) => variantRow(result, name)),
  );
  printTable('hono: the same blocks side by side (per-block ratios: median, 95% interval, IQR)', [
    comparisonRow(result, 'hono + authzGate', 'hono', TARGET_RATIO),
    comparisonRow(result, 'hono + authzMiddleware', 'hono', TARGET_RATIO),
    comparisonRow(result, 'hono + no-op middleware', 'hono'),
    comparisonRow(result, 'hono + minimal check', 'hono'),
    comparisonRow(result, 'hono + authzGate', 'hono + minimal check'),
    comparisonRow(result, 'hono + authzMiddleware', 'hono + no-op middleware'),
    comparisonRow(result, 'hono + authzGate', 'hono + authzMiddleware'),
    comparisonRow(result, secondProcess('hono'), 'hono'),
  ]);
  console.log(`\n${aaLine(result, secondProcess('hono'), 'hono')}`);
  console.log(
    [
      '',
      methodLines(result),
      '"authzGate": `authzGate(app, config)`, deciding before Hono dispatches; "authzMiddleware":',
      '`app.use(\'*\', authzMiddleware(config))`; "no-op middleware": the route behind `async (c, next) => next()`',
      '(the cost of having any async middleware); "minimal check": `app.fetch` wrapped by a lookup of the caller\'s',
      'header, the method and the URL in a map (the least any authorization does: no route, policy path or context;',
      "over HTTP read from Node's request, `env.incoming`, as the gate's identity provider reads the header there).",
    ].join('\n'),
  );
}

/** The middleware's own cost in process, each way alone, and where its time goes. */
async function inProcess(): Promise<void> {
  // Each way alone: CPU per request in process, interleaved with the bare route.
  const none = application('none', prebuilt);
  const noop = application('noop', prebuilt);
  const bareNext = application('next', prebuilt);
  const inputs = application('inputs', prebuilt);
  const middleware = application('authz', prebuilt);
  printTable(
    'hono: CPU added per request in process (app.fetch, cache hit, prebuilt request and response), against the bare route',
    [
      addedCpuRow('authzGate', await addedCpu(application('gate', prebuilt), none)),
      addedCpuRow(
        "authzGate served by @hono/node-server (Node's request in the environment: its parsed headers read)",
        await addedCpu(application('gate', prebuilt), none, NODE_ENV),
        false,
      ),
      addedCpuRow('authzMiddleware', await addedCpu(middleware, none)),
      addedCpuRow(
        "no-op async middleware (Hono's dispatch of any middleware)",
        await addedCpu(noop, none),
        false,
      ),
      addedCpuRow(
        'a middleware returning next() (not async: the least any middleware costs)',
        await addedCpu(bareNext, none),
        false,
      ),
      addedCpuRow(
        'a middleware reading the identity header and resource context, 2 × c.set, returning next()',
        await addedCpu(inputs, none),
        false,
      ),
      addedCpuRow(
        'a minimal check in front of app.fetch (caller header, method and URL looked up in a map)',
        await addedCpu(application('minimal', prebuilt), none),
        false,
      ),
      addedCpuRow(
        'authzMiddleware against the no-op middleware (its own work)',
        await addedCpu(middleware, noop),
        false,
      ),
      addedCpuRow(
        'authzMiddleware against the middleware returning next() (its own work)',
        await addedCpu(middleware, bareNext),
        false,
      ),
      addedCpuRow(
        'authzMiddleware against the middleware reading its inputs (the authorization itself)',
        await addedCpu(middleware, inputs),
        false,
      ),
    ],
  );
  await evictedCachesTable(none);
  printTable(
    "hono: where the middleware's time goes on a cache hit (each step alone, in process, median)",
    await middlewareSteps(),
  );
}

/** The gate, the middleware and the minimal check in process, with the caches evicted before each request. */
async function evictedCachesTable(none: Hono): Promise<void> {
  const served =
    (app: Hono): Send =>
    () =>
      app.fetch(REQUEST, NODE_ENV);
  const bare = served(none);
  const added = (variant: Variant) =>
    addedWithEvictedCaches(served(application(variant, prebuilt)), bare, EVICTED);
  printTable(
    `hono: time added per request in process with the caches evicted before each request (${EVICTED_BYTES >> 20} MiB touched; Node's request in the environment, as served), against the bare route`,
    [
      addedCpuRow('authzGate', await added('gate'), false),
      addedCpuRow('authzMiddleware', await added('authz'), false),
      addedCpuRow('a minimal check in front of app.fetch', await added('minimal'), false),
    ],
  );
}
