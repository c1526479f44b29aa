import { createAuthzConfig, deniedDecision } from '@gatehousejs/core';
import {
  CONTRACT_DOCUMENTS,
  CONTRACT_EXCLUDE_PATHS,
  type ContractApp,
  type ContractSetup,
  contractBody,
  runAdapterContract,
} from '@gatehousejs/core/testing';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { startContractEngine } from '../fixtures/contract-engine.ts';
import { authzGate } from './authz-gate.ts';
import { checkRelations } from './check-relations.ts';
import { identityFromHeader } from './identity-providers.ts';
import { authzMiddleware } from './middleware.ts';
import { requirePolicyAllowed, requirePolicyAuto } from './policy-guards.ts';
import { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
import { filterAuthorizedResources, getAuthorizedResource } from './resources.ts';
import { skipMiddleware } from './route-match.ts';

/** The contract's application, authorized globally by the middleware or by the gate. */
function contractApp(setup: ContractSetup, global: 'middleware' | 'gate' = 'middleware'): ContractApp {
  const { paramsAsResourceContext, ...options } = setup;
  const config = createAuthzConfig<Context>({
    policyPathRoot: 'webapp',
    identityProvider: identityFromHeader('X-User-ID'),
    ...(paramsAsResourceContext ? { resourceContextProvider: (c) => c.req.param() } : {}),
    ...options,
  });
  const readable = filterAuthorizedResources(config, 'document', 'can_read');
  const levels = [
    ['organization', 'org_id', 'member'],
    ['document', 'doc_id', 'can_read'],
  ] as const;
  const app = new Hono();
  // The application reads the decision back from the adapter's denial.
  app.onError((error) => {
    if (!(error instanceof HTTPException)) throw error;
    const res = error.getResponse();
    const deniedBy = deniedDecision(error)?.source;
    if (deniedBy) res.headers.set('x-denied-by', deniedBy);
    return res;
  });
  if (global === 'gate') authzGate(app, config, { excludePaths: [...CONTRACT_EXCLUDE_PATHS] });
  else app.use('*', authzMiddleware(config, { excludePaths: [...CONTRACT_EXCLUDE_PATHS] }));
  app.get('/health', (c) => c.text('ok'));
  app.get('/healthz', (c) => c.text('ok'));
  app.get(
    '/public',
    skipMiddleware((c) => c.text('public')),
  );
  app.get('/api/documents/:id', (c) => c.json({ id: c.req.param('id') }));
  app.delete('/api/documents/:id', (c) => c.json({ deleted: c.req.param('id') }));
  app.on('PURGE', '/api/cache', (c) => c.text('purged'));
  app.get('/guarded/auto/:doc_id', requirePolicyAuto(config), (c) =>
    c.json({ policyPath: c.get('authzDecision').policyPath }),
  );
  app.get('/guarded/reports', requirePolicyAllowed(config, 'webapp.reports.read'), (c) => c.text('reports'));
  app.get('/guarded/docs', async (c) => c.json(await readable(c, CONTRACT_DOCUMENTS)));
  app.get('/guarded/docs/:id', requireRebacAllowed(config, 'document', 'can_read'), (c) => c.text('doc'));
  app.get('/guarded/docs/:id/permissions', async (c) =>
    c.json(await checkRelations(c, 'document', c.req.param('id'), ['can_read', 'can_write'], config)),
  );
  app.get('/guarded/orgs/:org_id/docs/:doc_id', requireRebacHierarchy(config, levels, 'first_match'), (c) =>
    c.json({ matched: c.get('authzHierarchy').matched?.objectType }),
  );
  app.get(
    '/guarded/resources/:id',
    getAuthorizedResource(
      config,
      (c) => CONTRACT_DOCUMENTS.find((d) => d.id === c.req.param('id')),
      'document',
      'can_read',
    ),
    (c) => c.json(c.get('authorizedResource')),
  );
  return {
    async request(method, path, user) {
      const res = await app.request(path, { method, headers: user ? { 'X-User-ID': user } : {} });
      const contentType = res.headers.get('content-type') ?? '';
      const body = contractBody(contentType, await res.text());
      const deniedBy = res.headers.get('x-denied-by') ?? undefined;
      return { status: res.status, contentType, body, ...(deniedBy ? { deniedBy } : {}) };
    },
    close: () => config.close(),
  };
}

runAdapterContract('hono', (setup) => contractApp(setup), { denialDecisions: true });
runAdapterContract('hono on the embedded engine', (setup) => contractApp(setup), {
  decisions: startContractEngine,
  denialDecisions: true,
});
runAdapterContract('hono with authzGate', (setup) => contractApp(setup, 'gate'), { denialDecisions: true });
runAdapterContract('hono with authzGate on the embedded engine', (setup) => contractApp(setup, 'gate'), {
  decisions: startContractEngine,
  denialDecisions: true,
});
