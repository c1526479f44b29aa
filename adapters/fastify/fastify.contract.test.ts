import { createAuthzConfig } from '@gatehousejs/core';
import {
  CONTRACT_DOCUMENTS,
  CONTRACT_EXCLUDE_PATHS,
  type ContractApp,
  type ContractSetup,
  contractBody,
  runAdapterContract,
} from '@gatehousejs/core/testing';
import Fastify, { type FastifyRequest } from 'fastify';
import { startContractEngine } from '../fixtures/contract-engine.ts';
import { checkRelations } from './check-relations.ts';
import { identityFromHeader } from './identity-providers.ts';
import { authzPlugin } from './plugin.ts';
import { requirePolicyAllowed, requirePolicyAuto } from './policy-guards.ts';
import { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
import { filterAuthorizedResources, getAuthorizedResource } from './resources.ts';
import { skipMiddleware } from './route-registry.ts';

type WithId = FastifyRequest<{ Params: { id: string } }>;

async function contractApp(setup: ContractSetup): Promise<ContractApp> {
  const { paramsAsResourceContext, ...options } = setup;
  const config = createAuthzConfig<FastifyRequest>({
    policyPathRoot: 'webapp',
    identityProvider: identityFromHeader('X-User-ID'),
    ...(paramsAsResourceContext
      ? { resourceContextProvider: (r) => ({ ...(r.params as Record<string, string>) }) }
      : {}),
    ...options,
  });
  const readable = filterAuthorizedResources(config, 'document', 'can_read');
  const levels = [
    ['organization', 'org_id', 'member'],
    ['document', 'doc_id', 'can_read'],
  ] as const;
  const app = Fastify();
  app.addHttpMethod('PURGE');
  // The application reads the decision back from the adapter's denial.
  app.addHook('onSend', async (request, reply) => {
    const deniedBy = request.authzDenial?.error.decision?.source;
    if (deniedBy) reply.header('x-denied-by', deniedBy);
  });
  await app.register(authzPlugin, { config, excludePaths: [...CONTRACT_EXCLUDE_PATHS] });
  app.get('/health', async () => 'ok');
  app.get('/healthz', async () => 'ok');
  app.get(
    '/public',
    skipMiddleware(async () => 'public'),
  );
  app.get('/api/documents/:id', async (r: WithId) => ({ id: r.params.id }));
  app.delete('/api/documents/:id', async (r: WithId) => ({ deleted: r.params.id }));
  app.route({ method: 'PURGE', url: '/api/cache', handler: async () => 'purged' });
  app.get('/guarded/auto/:doc_id', { preHandler: requirePolicyAuto(config) }, async (r) => ({
    policyPath: r.authzDecision?.policyPath,
  }));
  app.get(
    '/guarded/reports',
    { preHandler: requirePolicyAllowed(config, 'webapp.reports.read') },
    async () => 'reports',
  );
  app.get('/guarded/docs', async (r) => readable(r, CONTRACT_DOCUMENTS));
  app.get(
    '/guarded/docs/:id',
    { preHandler: requireRebacAllowed(config, 'document', 'can_read') },
    async () => 'doc',
  );
  app.get('/guarded/docs/:id/permissions', async (r: WithId) =>
    checkRelations(r, 'document', r.params.id, ['can_read', 'can_write'], config),
  );
  app.get(
    '/guarded/orgs/:org_id/docs/:doc_id',
    { preHandler: requireRebacHierarchy(config, levels, 'first_match') },
    async (r) => ({ matched: r.authzHierarchy?.matched?.objectType }),
  );
  app.get(
    '/guarded/resources/:id',
    {
      preHandler: getAuthorizedResource(
        config,
        (r) => CONTRACT_DOCUMENTS.find((d) => d.id === (r as WithId).params.id),
        'document',
        'can_read',
      ),
    },
    async (r) => r.authorizedResource,
  );
  await app.ready();
  return {
    async request(method, url, user) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: user ? { 'X-User-ID': user } : {},
      });
      const contentType = String(res.headers['content-type'] ?? '');
      const body = contractBody(contentType, res.body);
      const deniedBy = res.headers['x-denied-by'];
      return {
        status: res.statusCode,
        contentType,
        body,
        ...(typeof deniedBy === 'string' ? { deniedBy } : {}),
      };
    },
    async close() {
      await app.close();
      await config.close();
    },
  };
}

runAdapterContract('fastify', contractApp, { denialDecisions: true });
runAdapterContract('fastify on the embedded engine', contractApp, {
  decisions: startContractEngine,
  denialDecisions: true,
});
