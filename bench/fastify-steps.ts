/**
 * Where the Fastify plugin's time goes on a cache hit: each step of a route's `onRequest` hook
 * timed alone on a real request (captured from a handler after a first request filled the
 * decision cache), in process — the request's path, exclusions, the policy path memo, the
 * providers and core's synchronous decision. (The route's pattern is the hook's own, fixed when
 * the route is registered: nothing is read from `request.routeOptions`.)
 */
import { createAuthzConfig } from '@gatehousejs/core';
import { compilePathExclusions, decidePolicy, policyPathMemo } from '@gatehousejs/core/adapter';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { authzPlugin, identityFromHeader } from '@gatehousejs/fastify';
import Fastify, { type FastifyRequest } from 'fastify';
import { formatDuration, measure } from './measure.ts';

const HEADERS = { 'X-User-ID': 'c0ffee00-1234-4cde-8f00-0123456789ab' };

/** The hook's steps, each with its median time per call, and their sum. */
export async function pluginSteps(): Promise<Record<string, string>[]> {
  const config = createAuthzConfig<FastifyRequest>({
    policyPathRoot: 'webapp',
    decisionService: new InMemoryDecisionService({ rules: { 'webapp.GET.api.documents.__id': () => true } }),
    identityProvider: identityFromHeader('X-User-ID'),
    resourceContextProvider: (r) => ({
      id: (r.params as Record<string, string>).id,
      location: { country: 'FR', city: 'Lyon' },
    }),
    decisionCache: { ttlSeconds: 3_600, maxSize: 10_000 },
  });
  const app = Fastify();
  await app.register(authzPlugin, { config, excludePaths: ['/health'] });
  let captured: FastifyRequest | undefined;
  app.get('/api/documents/:id', async (request) => {
    captured = request;
    return { id: (request.params as { id: string }).id };
  });
  await app.inject({ url: '/api/documents/42', headers: HEADERS }); // fills the decision cache
  await app.close();
  const request = captured as FastifyRequest;
  const excluded = compilePathExclusions(['/health'], 'excludePaths', () => {});
  const pathOf = policyPathMemo('webapp');
  const info = { method: 'GET', path: '/api/documents/42' };
  const pattern = '/api/documents/:id';
  const path = pathOf('GET', pattern);
  const steps: [string, () => unknown][] = [
    ['request path (url without query)', () => request.url.indexOf('?')],
    ['exclusions (excludePaths)', () => excluded.matches(info.path)],
    ['policy path (memo)', () => pathOf(request.method, pattern)],
    ['identity provider (header)', () => config.identityProvider(request)],
    ['resource context provider', () => config.resourceContextProvider?.(request)],
    ["core's decidePolicy (scope + cache hit)", () => decidePolicy(config, request, path, info)],
  ];
  const rows: Record<string, string>[] = [];
  let sum = 0;
  for (const [name, step] of steps) {
    const m = await measure(name, step, { samples: 100 });
    // The providers run inside decidePolicy: counted there.
    if (!name.includes('provider')) sum += m.medianNs;
    rows.push({ step: name, 'median per request': formatDuration(m.medianNs) });
  }
  rows.push({ step: 'the hook, all steps', 'median per request': formatDuration(sum) });
  return rows;
}
