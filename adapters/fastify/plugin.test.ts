import { type AuditRecord, AuthzConfigError, createAuthzConfig } from '@gatehousejs/core';
import { recordingLogger } from '@gatehousejs/core/testing';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContractEngine, startContractEngine } from '../fixtures/contract-engine.ts';
import { identityFromHeader } from './identity-providers.ts';
import { authzPlugin } from './plugin.ts';
import { filterAuthorizedResources } from './resources.ts';
import { skipMiddleware } from './route-registry.ts';

const engines: ContractEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
});

async function configured() {
  const engine = await startContractEngine();
  engines.push(engine);
  const audit: AuditRecord[] = [];
  const config = createAuthzConfig<FastifyRequest>({
    policyPathRoot: 'webapp',
    decisionService: engine.service,
    identityProvider: identityFromHeader('X-User-ID'),
    auditLogger: { sink: { write: (r) => audit.push(r) } },
    logger: recordingLogger([], []),
  });
  return { config, audit };
}

const as = (user: string) => ({ 'X-User-ID': user });

describe('authzPlugin', () => {
  it('authorizes the routes of child plugins by their prefixed pattern', async () => {
    const { config } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.register(
      async (api) => {
        api.get('/documents/:id', async (r) => ({ id: (r.params as { id: string }).id }));
      },
      { prefix: '/api' },
    );
    expect((await app.inject({ url: '/api/documents/3', headers: as('alice') })).json()).toEqual({ id: '3' });
    expect((await app.inject({ url: '/api/documents/3', headers: as('bob') })).statusCode).toBe(403);
  });

  it('hands the decision to the handler and audits HEAD under the GET policy', async () => {
    const { config, audit } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.get('/api/documents/:id', async (r) => ({
      source: r.authzDecision?.source,
      allowed: r.authzDecision?.allowed,
    }));
    expect((await app.inject({ url: '/api/documents/1', headers: as('alice') })).json()).toEqual({
      source: 'service',
      allowed: true,
    });
    expect(
      (await app.inject({ method: 'HEAD', url: '/api/documents/1', headers: as('alice') })).statusCode,
    ).toBe(200);
    expect(audit.map((r) => [r.method, r.policyPath])).toEqual([
      ['GET', 'webapp.GET.api.documents.__id'],
      ['HEAD', 'webapp.GET.api.documents.__id'],
    ]);
  });

  it('excludes a path whatever its query, and records paths without their query', async () => {
    const { config, audit } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config, excludePaths: ['/health'] });
    app.get('/health', async () => 'ok');
    app.get('/api/documents/:id', async () => ({}));
    expect((await app.inject({ url: '/health?probe=1' })).statusCode).toBe(200);
    const bob = await app.inject({ url: '/api/documents/1?next=/health', headers: as('bob') });
    expect(bob.statusCode).toBe(403);
    await app.inject({ url: '/api/documents/1?next=/health', headers: as('alice') });
    expect(audit.map((r) => [r.method, r.path, r.outcome])).toEqual([
      ['GET', '/api/documents/1', 'deny'],
      ['GET', '/api/documents/1', 'allow'],
    ]);
  });

  it('authorizes each method of a route of several under its own policy path, in any order', async () => {
    const { config, audit } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.route({ method: ['GET', 'DELETE'], url: '/api/documents/:id', handler: async () => ({}) });
    for (const method of ['GET', 'DELETE', 'DELETE', 'GET'] as const) {
      await app.inject({ method, url: '/api/documents/1', headers: as('alice') });
    }
    expect(audit.map((r) => [r.method, r.policyPath])).toEqual([
      ['GET', 'webapp.GET.api.documents.__id'],
      ['DELETE', 'webapp.DELETE.api.documents.__id'],
      ['DELETE', 'webapp.DELETE.api.documents.__id'],
      ['GET', 'webapp.GET.api.documents.__id'],
    ]);
  });

  it('leaves a skipped route alone for HEAD too', async () => {
    const { config, audit } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.get(
      '/public',
      skipMiddleware(async () => 'public'),
    );
    expect((await app.inject({ url: '/public' })).body).toBe('public');
    expect((await app.inject({ method: 'HEAD', url: '/public' })).statusCode).toBe(200);
    expect(audit).toEqual([]);
  });

  it("decides before the route's own hooks, after the instance's: an authentication hook registered later still sets the caller", async () => {
    const { config } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    const ran: string[] = [];
    // Registered after the plugin, as authentication plugins often are: the caller comes from it.
    app.addHook('onRequest', (request, _reply, done) => {
      request.headers['x-user-id'] = String(request.headers.authorization ?? '').replace('Bearer ', '');
      done();
    });
    const routeOptions = {
      onRequest: [
        (_r: FastifyRequest, _p: unknown, done: () => void) => {
          ran.push('route hook');
          done();
        },
      ],
    };
    app.get('/api/documents/:id', routeOptions, async () => 'doc');
    app.get('/api/documents', routeOptions, async () => 'list');
    const bearer = (user: string) => ({ authorization: `Bearer ${user}` });
    expect((await app.inject({ url: '/api/documents/1', headers: bearer('alice') })).body).toBe('doc');
    expect(ran).toEqual(['route hook']);
    expect((await app.inject({ url: '/api/documents/1', headers: bearer('bob') })).statusCode).toBe(403);
    expect(ran).toEqual(['route hook']); // a denied request reaches none of the route's hooks
    expect(routeOptions.onRequest).toHaveLength(1); // the caller's options are left as they were
  });

  it('decides once per request, HEAD included, and leaves the configuration on skipped routes', async () => {
    const { config, audit } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.get('/api/documents/:id', async () => 'doc');
    app.get(
      '/status',
      skipMiddleware(async (request) => ({ configured: request.authzConfig === config })),
    );
    await app.inject({ method: 'HEAD', url: '/api/documents/1', headers: as('alice') });
    await app.inject({ url: '/api/documents/1', headers: as('alice') });
    expect(audit).toHaveLength(2);
    expect((await app.inject({ url: '/status' })).json()).toEqual({ configured: true });
    expect(audit).toHaveLength(2);
  });

  it('declares no request decorators: the properties are on the requests it decided, and absent elsewhere', async () => {
    const { config } = await configured();
    const app = Fastify();
    await app.register(authzPlugin, { config });
    const seen = (request: FastifyRequest) => ({
      config: request.authzConfig === config,
      allowed: request.authzDecision?.allowed ?? 'absent',
      denial: 'authzDenial' in request,
    });
    app.get('/api/documents/:id', async (request) => seen(request));
    app.get(
      '/status',
      skipMiddleware(async (request) => seen(request)),
    );
    app.setNotFoundHandler(async (request) => seen(request));
    await app.ready();
    expect(app.hasRequestDecorator('authzDecision')).toBe(false);
    const answers = await Promise.all(
      ['/api/documents/1', '/status', '/nowhere'].map(async (url) =>
        (await app.inject({ url, headers: as('alice') })).json(),
      ),
    );
    expect(answers).toEqual([
      { config: true, allowed: true, denial: false },
      { config: true, allowed: 'absent', denial: false },
      { config: false, allowed: 'absent', denial: false },
    ]);
  });

  it('keeps working beside an application that declared the same decorators itself', async () => {
    const { config } = await configured();
    const app = Fastify();
    app.decorateRequest('authzDecision', null);
    app.decorateRequest('authzConfig', null);
    await app.register(authzPlugin, { config });
    app.get('/api/documents/:id', async (request) => ({ allowed: request.authzDecision?.allowed }));
    app.get(
      '/status',
      skipMiddleware(async (request) => ({ decision: request.authzDecision })),
    );
    expect((await app.inject({ url: '/api/documents/1', headers: as('alice') })).json()).toEqual({
      allowed: true,
    });
    expect((await app.inject({ url: '/status' })).json()).toEqual({ decision: null });
  });

  it('refuses routes registered before it, which route scanning could not see', async () => {
    const { config } = await configured();
    const app = Fastify();
    app.get('/early', async () => 'early');
    await expect(app.register(authzPlugin, { config })).rejects.toThrow(/registered before authzPlugin/);
  });

  it('refuses a missing configuration and names an invalid exclusion', async () => {
    const { config } = await configured();
    await expect(Fastify().register(authzPlugin, {} as never)).rejects.toThrow(AuthzConfigError);
    await expect(Fastify().register(authzPlugin, { config, excludePaths: ['/ok', '(('] })).rejects.toThrow(
      /excludePaths\[1\]/,
    );
  });

  it('shows the route parameters to the resource context provider', async () => {
    const engine = await startContractEngine();
    engines.push(engine);
    const contexts: unknown[] = [];
    const config = createAuthzConfig<FastifyRequest>({
      policyPathRoot: 'webapp',
      decisionService: engine.service,
      identityProvider: identityFromHeader('X-User-ID'),
      resourceContextProvider: (r) => {
        const context = { ...(r.params as Record<string, string>) };
        contexts.push(context);
        return context;
      },
    });
    const app = Fastify();
    await app.register(authzPlugin, { config });
    app.get('/api/documents/:id', async () => 'doc');
    await app.inject({ url: '/api/documents/7', headers: as('alice') });
    expect(contexts).toEqual([{ id: '7' }]);
  });

  it("answers the filter's 503 with its detail, and leaves other errors to the route's and the instance's error handlers", async () => {
    const { config } = await configured();
    const app = Fastify();
    const handled: string[] = [];
    let onErrorCalls = 0;
    app.setErrorHandler((error: Error, _request, reply) => {
      handled.push(`instance: ${error.message}`);
      return reply.code(418).send({ mine: error.message });
    });
    app.addHook('onError', async () => {
      onErrorCalls++;
    });
    await app.register(authzPlugin, { config, excludePaths: ['/.*'] });
    const readable = filterAuthorizedResources(config, 'document', 'can_read');
    app.get('/docs', async (r) => readable(r, [{ id: 'doc-1' }]));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    app.get(
      '/own',
      {
        errorHandler: (error, _request, reply) => {
          handled.push(`route: ${error.message}`);
          return reply.code(409).send({ own: error.message });
        },
      },
      async () => {
        throw new Error('conflict');
      },
    );
    expect((await app.inject({ url: '/broken' })).json()).toEqual({ mine: 'broken' });
    expect(onErrorCalls).toBe(1);
    expect((await app.inject({ url: '/own' })).json()).toEqual({ own: 'conflict' });
    expect(handled).toEqual(['instance: broken', 'route: conflict']);
    await engines[0]?.service.close();
    const down = await app.inject({ url: '/docs', headers: as('alice') });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: 'Authorization service unavailable: try again later' });
    expect(handled).toHaveLength(2);
  });
});
