/**
 * `npm run bench -- hono`: requests per second of a Hono route with `authzMiddleware` answering
 * from the decision cache, against the same route without it, measured side by side in
 * interleaved rounds — in process (`app.fetch`) and over HTTP on 127.0.0.1. Target ratio ≥ 0.85.
 * The ratio is the median over rounds of each round's ratio: variants of one round run back to
 * back, so that a change of machine speed between rounds (a shared 2-core host) cancels out.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthzConfig } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { authzMiddleware, identityFromHeader } from '@gatehousejs/hono';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { printTable } from './measure.ts';

const TARGET_RATIO = 0.85;
const ROUNDS = 45;
/** Requests per variant and round: in process, and over HTTP. */
const IN_PROCESS_REQUESTS = 2_500;
const HTTP_REQUESTS = 800;
const HEADERS = { 'X-User-ID': 'c0ffee00-1234-4cde-8f00-0123456789ab' };

type Variant = 'authz' | 'none' | 'noop';

/** The route with the middleware (`authz`), without (`none`), or behind a middleware that does nothing (`noop`). */
function application(variant: Variant): Hono {
  const app = new Hono();
  if (variant === 'authz') {
    const config = createAuthzConfig<Context>({
      policyPathRoot: 'webapp',
      decisionService: new InMemoryDecisionService({
        rules: { 'webapp.GET.api.documents.__id': () => true },
      }),
      identityProvider: identityFromHeader('X-User-ID'),
      // A realistic resource context: the route parameter and request facts, a fresh object per request.
      resourceContextProvider: (c) => ({
        id: c.req.param('id'),
        method: c.req.method,
        location: { country: 'FR', city: 'Lyon' },
      }),
      decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
    });
    app.use('*', authzMiddleware(config, { excludePaths: ['/health'] }));
  }
  if (variant === 'noop') app.use('*', async (_c, next) => next());
  app.get('/api/documents/:id', (c) => c.json({ id: c.req.param('id'), name: 'report.pdf' }));
  return app;
}

/** Wall-clock requests per second and CPU microseconds per request of `count` requests. */
interface Throughput {
  readonly perSecond: number;
  readonly cpuMicros: number;
}

async function throughput(
  send: () => Promise<void>,
  count: number,
  concurrency: number,
): Promise<Throughput> {
  let left = count;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await send();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return { perSecond: count / seconds, cpuMicros: (used.user + used.system) / count };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** Runs the variants in interleaved rounds (rotating which goes first): per variant, one sample per round. */
async function interleaved(variants: readonly (() => Promise<Throughput>)[]): Promise<Throughput[][]> {
  const samples: Throughput[][] = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (round + k) % variants.length;
      samples[index]![round] = await variants[index]!();
    }
  }
  return samples;
}

function inProcess(app: Hono): () => Promise<void> {
  return async () => {
    const res = await app.fetch(new Request('http://localhost/api/documents/42', { headers: HEADERS }));
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    await res.arrayBuffer();
  };
}

function overHttp(port: number, agent: Agent): () => Promise<void> {
  return () =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/documents/42', headers: HEADERS, agent },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', reject);
      req.end();
    });
}

function listen(app: Hono): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

/** Runs the Hono benchmark and prints its figures. */
export async function run(): Promise<void> {
  const variants: Variant[] = ['authz', 'none', 'noop'];
  const apps = variants.map(application);
  await inProcess(apps[0]!)();
  const [withLocal, withoutLocal, noopLocal] = await interleaved(
    apps.map((app) => () => throughput(inProcess(app), IN_PROCESS_REQUESTS, 1)),
  );

  const servers = await Promise.all(apps.map(listen));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const [withHttp, withoutHttp, noopHttp] = await interleaved(
    servers.map((server) => () => throughput(overHttp(server.port, agent), HTTP_REQUESTS, 16)),
  );
  agent.destroy();
  await Promise.all(servers.map((s) => s.close()));

  const row = (mode: string, withAuthz: Throughput[], baseline: Throughput[], target: boolean) => {
    const ratio = median(withAuthz.map((w, r) => w.perSecond / baseline[r]!.perSecond));
    const cpuRatio = median(withAuthz.map((w, r) => baseline[r]!.cpuMicros / w.cpuMicros));
    const cpu = (xs: Throughput[]) => median(xs.map((x) => x.cpuMicros)).toFixed(1);
    return {
      mode,
      'with middleware (req/s)': Math.round(median(withAuthz.map((x) => x.perSecond))),
      'baseline (req/s)': Math.round(median(baseline.map((x) => x.perSecond))),
      ratio: ratio.toFixed(3),
      [`target ≥ ${TARGET_RATIO}`]: target ? (ratio >= TARGET_RATIO ? 'met' : 'MISSED') : '—',
      'CPU per request (with / baseline)': `${cpu(withAuthz)} / ${cpu(baseline)} µs`,
      'CPU ratio': cpuRatio.toFixed(3),
    };
  };
  printTable(`hono: GET /api/documents/:id, cache hit, medians of ${ROUNDS} interleaved rounds`, [
    row('HTTP 127.0.0.1, 16 conn., vs no middleware', withHttp!, withoutHttp!, true),
    row('HTTP 127.0.0.1, 16 conn., vs no-op middleware', withHttp!, noopHttp!, false),
    row('in process (app.fetch), vs no middleware', withLocal!, withoutLocal!, true),
    row('in process (app.fetch), vs no-op middleware', withLocal!, noopLocal!, false),
  ]);
  console.log(
    [
      '',
      'Baseline "no-op middleware": the same route behind `async (c, next) => next()`, i.e. the cost of having',
      'any async middleware (Hono composes handlers, @hono/node-server leaves its synchronous fast path);',
      'the CPU ratio (requests per CPU-second) is the steadier figure when other processes share the machine.',
    ].join('\n'),
  );
}
