import { createAuthzConfig } from '@gatehousejs/core';
import {
  CONTRACT_DOCUMENTS,
  CONTRACT_EXCLUDE_PATHS,
  type ContractApp,
  type ContractSetup,
  contractBody,
  runAdapterContract,
} from '@gatehousejs/core/testing';
import {
  AuthorizedRouter,
  authorizedResource,
  type FetchRequest,
  identityFromHeader,
  readableResources,
  relationsOf,
  requirePolicyAllowed,
  requirePolicyAuto,
  requireRebacAllowed,
  requireRebacHierarchy,
} from './fetch-adapter.ts';

// The adapter contract run against an adapter written only on the public entries of core, as a
// third party's Express, Koa or fetch adapter would be: the same suite as Hono's and Fastify's.

type Document = (typeof CONTRACT_DOCUMENTS)[number];

function contractApp(setup: ContractSetup): ContractApp {
  const { paramsAsResourceContext, ...options } = setup;
  const config = createAuthzConfig<FetchRequest>({
    policyPathRoot: 'webapp',
    identityProvider: identityFromHeader('X-User-ID'),
    ...(paramsAsResourceContext ? { resourceContextProvider: (req) => ({ ...req.params }) } : {}),
    ...options,
  });
  const matched = new WeakMap<FetchRequest, string | undefined>();
  const found = new WeakMap<FetchRequest, Document>();
  const levels = [
    ['organization', 'org_id', 'member'],
    ['document', 'doc_id', 'can_read'],
  ] as const;
  const router = new AuthorizedRouter(config, { excludePaths: [...CONTRACT_EXCLUDE_PATHS] })
    .on('GET', '/health', () => new Response('ok'))
    .on('GET', '/healthz', () => new Response('ok'))
    .skipped('GET', '/public', () => new Response('public'))
    .on('GET', '/api/documents/:id', (req) => Response.json({ id: req.params.id }))
    .on('DELETE', '/api/documents/:id', (req) => Response.json({ deleted: req.params.id }))
    .on('PURGE', '/api/cache', () => new Response('purged'))
    .on('GET', '/guarded/auto/:doc_id', requirePolicyAuto(config, '/guarded/auto/:doc_id'), (req) =>
      Response.json({ policyPath: req.decision?.policyPath }),
    )
    .on(
      'GET',
      '/guarded/reports',
      requirePolicyAllowed(config, 'webapp.reports.read'),
      () => new Response('reports'),
    )
    .on('GET', '/guarded/docs', async (req) =>
      Response.json(await readableResources(config, req, CONTRACT_DOCUMENTS, 'document', 'can_read')),
    )
    .on(
      'GET',
      '/guarded/docs/:id',
      requireRebacAllowed(config, 'document', 'can_read'),
      () => new Response('doc'),
    )
    .on('GET', '/guarded/docs/:id/permissions', async (req) =>
      Response.json(
        await relationsOf(config, req, 'document', req.params.id ?? '', ['can_read', 'can_write']),
      ),
    )
    .on(
      'GET',
      '/guarded/orgs/:org_id/docs/:doc_id',
      requireRebacHierarchy(config, levels, 'first_match', matched),
      (req) => Response.json({ matched: matched.get(req) }),
    )
    .on(
      'GET',
      '/guarded/resources/:id',
      authorizedResource(
        config,
        (id) => CONTRACT_DOCUMENTS.find((d) => d.id === id),
        'document',
        'can_read',
        found,
      ),
      (req) => Response.json(found.get(req)),
    );
  return {
    async request(method, path, user) {
      const res = await router.fetch(
        new Request(`http://localhost${path}`, { method, headers: user ? { 'X-User-ID': user } : {} }),
      );
      const contentType = res.headers.get('content-type') ?? '';
      return { status: res.status, contentType, body: contractBody(contentType, await res.text()) };
    },
    close: () => config.close(),
  };
}

runAdapterContract('a fetch-handler adapter on the public entries of core', contractApp);
