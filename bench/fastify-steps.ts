/**
 * Where the Fastify plugin's time goes on a cache hit: each step of a route's `onRequest` hook
 * timed alone on a real request (captured from a handler after a first request filled the
 * decision cache), in process — the exclusions (tested on the URL: a hit takes no path out of
 * it), the policy path memo, the providers and core's synchronous decision. (The route's pattern
 * is the hook's own, fixed when the route is registered: nothing is read from
 * `request.routeOptions`.)
 */
import { compilePathExclusions, decidePolicy, policyPathMemo } from '@gatehousejs/core/adapter';
import { authzPlugin } from '@gatehousejs/fastify';
import Fastify, { type FastifyRequest } from 'fastify';
import { requestInfo } from '../adapters/fastify/request-state.ts';
import { fastifyPluginConfig, REQUEST_HEADERS, REQUEST_PATH, ROUTE } from './http-variants.ts';
import { formatDuration, measure } from './measure.ts';

/** The hook's steps, each with its median time per call, and their sum. */
export async function pluginSteps(): Promise<Record<string, string>[]> {
  const config = fastifyPluginConfig();
  const app = Fastify();
  await app.register(authzPlugin, { config, excludePaths: ['/health'] });
  let captured: FastifyRequest | undefined;
  app.get(ROUTE, async (request) => {
    captured = request;
    return { id: (request.params as { id: string }).id };
  });
  await app.inject({ url: REQUEST_PATH, headers: REQUEST_HEADERS }); // fills the decision cache
  await app.close();
  const request = captured as FastifyRequest;
  const excluded = compilePathExclusions(['/health'], 'excludePaths', () => {});
  const pathOf = policyPathMemo('webapp');
  const pattern = ROUTE;
  const path = pathOf('GET', pattern);
  const steps: [string, () => unknown][] = [
    ['exclusions (excludePaths, on the URL)', () => excluded.matchesUrl(request.url)],
    ['policy path (memo)', () => pathOf(request.method, pattern)],
    ['identity provider (header)', () => config.identityProvider(request)],
    ['resource context provider', () => config.resourceContextProvider?.(request)],
    [
      "core's decidePolicy (scope + cache hit)",
      () => decidePolicy(config, request, path, requestInfo(request)),
    ],
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
