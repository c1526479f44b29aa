/**
 * `npm run bench -- fastify`: requests per second over HTTP on 127.0.0.1 of a Fastify route with
 * `authzPlugin` answering from the decision cache, against the same route without it — printed
 * beside the same figures for Hono and `authzMiddleware`, measured in the same interleaved rounds
 * (each round runs every variant back to back; ratios are medians of per-round ratios, so that a
 * change of machine speed between rounds, on a shared host, cancels out).
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuthzConfig, createAuthzConfig, type IdentityProvider } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import * as fastifyAdapter from '@gatehousejs/fastify';
import * as honoAdapter from '@gatehousejs/hono';
import { serve } from '@hono/node-server';
import Fastify, { type FastifyRequest } from 'fastify';
import { type Context, Hono } from 'hono';
import { printTable } from './measure.ts';

const ROUNDS = 25;
const REQUESTS = 800;
const CONNECTIONS = 16;
const HEADERS = { 'X-User-ID': 'c0ffee00-1234-4cde-8f00-0123456789ab' };
const ROUTE = '/api/documents/:id';

interface Server {
  readonly port: number;
  close(): Promise<void>;
}

/** A configuration deciding from the cache after the first request, with a realistic resource context. */
function cachedConfig<R>(
  identityProvider: IdentityProvider<R>,
  params: (request: R) => Record<string, string | undefined>,
): AuthzConfig<R> {
  return createAuthzConfig<R>({
    policyPathRoot: 'webapp',
    decisionService: new InMemoryDecisionService({ rules: { 'webapp.GET.api.documents.__id': () => true } }),
    identityProvider,
    resourceContextProvider: (r) => ({ id: params(r).id, location: { country: 'FR', city: 'Lyon' } }),
    decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
  });
}

async function fastifyServer(withAuthz: boolean): Promise<Server> {
  const app = Fastify();
  if (withAuthz) {
    const config = cachedConfig<FastifyRequest>(
      fastifyAdapter.identityFromHeader('X-User-ID'),
      (r) => r.params as Record<string, string>,
    );
    await app.register(fastifyAdapter.authzPlugin, { config, excludePaths: ['/health'] });
  }
  app.get(ROUTE, async (r) => ({ id: (r.params as { id: string }).id, name: 'report.pdf' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

function honoServer(withAuthz: boolean): Promise<Server> {
  const app = new Hono();
  if (withAuthz) {
    const config = cachedConfig<Context>(honoAdapter.identityFromHeader('X-User-ID'), (c) => c.req.param());
    app.use('*', honoAdapter.authzMiddleware(config, { excludePaths: ['/health'] }));
  }
  app.get(ROUTE, (c) => c.json({ id: c.req.param('id'), name: 'report.pdf' }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

function get(port: number, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
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

/** Requests per second of `REQUESTS` requests over `CONNECTIONS` connections. */
async function perSecond(port: number, agent: Agent): Promise<number> {
  let left = REQUESTS;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) await get(port, agent);
    }),
  );
  return REQUESTS / (Number(process.hrtime.bigint() - start) / 1e9);
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** Runs the Fastify benchmark, with Hono's figures beside it, and prints them. */
export async function run(): Promise<void> {
  const servers = [
    await fastifyServer(true),
    await fastifyServer(false),
    await honoServer(true),
    await honoServer(false),
  ];
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  for (const server of servers) await perSecond(server.port, agent);
  const samples: number[][] = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < servers.length; k++) {
      const index = (round + k) % servers.length;
      samples[index]!.push(await perSecond(servers[index]!.port, agent));
    }
  }
  agent.destroy();
  await Promise.all(servers.map((s) => s.close()));

  const [fastifyWith, fastifyWithout, honoWith, honoWithout] = samples as [
    number[],
    number[],
    number[],
    number[],
  ];
  const row = (framework: string, withAuthz: number[], without: number[]) => ({
    framework,
    'with authorization (req/s)': Math.round(median(withAuthz)),
    'without (req/s)': Math.round(median(without)),
    ratio: median(withAuthz.map((w, r) => w / without[r]!)).toFixed(3),
  });
  printTable(
    `fastify vs hono: GET ${ROUTE}, cache hit, HTTP 127.0.0.1, ${CONNECTIONS} connections, medians of ${ROUNDS} interleaved rounds`,
    [
      row('fastify + authzPlugin', fastifyWith, fastifyWithout),
      row('hono + authzMiddleware', honoWith, honoWithout),
    ],
  );
}
