import { AuthzConfigError, DecisionServiceError, deniedDecision } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { checkRelations } from './check-relations.ts';
import { authzMiddleware } from './middleware.ts';
import { filterAuthorizedResources, getAuthorizedResource } from './resources.ts';
import { as, testConfig } from './test-config.ts';

interface Doc {
  id: number;
  name: string;
}
const docs: Doc[] = [1, 2, 3, 4, 5].map((id) => ({ id, name: `doc ${id}` }));
const ownsEven = (q: { resourceContext: Record<string, unknown> }) =>
  Number(q.resourceContext.object_id) % 2 === 0;

describe('getAuthorizedResource', () => {
  function app() {
    const t = testConfig();
    t.service.setRule('webapp.check', ownsEven);
    const fetchDoc = (c: { req: { param(name: string): string | undefined } }) =>
      docs.find((d) => String(d.id) === c.req.param('id'));
    const server = new Hono().get(
      '/docs/:id',
      getAuthorizedResource(t.config, fetchDoc, 'document', 'can_read'),
      (c) => c.json(c.get('authorizedResource')),
    );
    return { ...t, server };
  }

  it('hands the fetched resource to the handler when the relation holds', async () => {
    const res = await app().server.request('/docs/2', as('alice'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 2, name: 'doc 2' });
  });

  it('answers 404 when fetch finds nothing, without asking the service', async () => {
    const t = app();
    const res = await t.server.request('/docs/99', as('alice'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'document not found' });
    expect(t.service.calls).toBe(0);
  });

  it('answers 403 when the relation does not hold', async () => {
    const res = await app().server.request('/docs/3', as('alice'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'Access denied: webapp.check' });
  });

  it('can take the object id from the resource', async () => {
    const t = testConfig();
    t.service.setRule('webapp.check', (q) => q.resourceContext.object_id === 'slug-2');
    const server = new Hono().get(
      '/by-name/:name',
      getAuthorizedResource(t.config, () => ({ slug: 'slug-2' }), 'document', 'can_read', {
        objectId: (doc) => doc.slug,
      }),
      (c) => c.text(c.get('authorizedResource').slug),
    );
    expect(await (await server.request('/by-name/x', as('alice'))).text()).toBe('slug-2');
  });
});

describe('filterAuthorizedResources', () => {
  it('keeps the resources whose relation holds, in order', async () => {
    const t = testConfig({ maxConcurrentChecks: 2 });
    t.service.setRule('webapp.check', ownsEven);
    const readable = filterAuthorizedResources<Doc>(t.config, 'document', 'can_read');
    const server = new Hono().get('/docs', async (c) => c.json(await readable(c, docs)));
    expect(await (await server.request('/docs', as('alice'))).json()).toEqual([docs[1], docs[3]]);
    expect(t.service.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('answers 503 when the service is down without a breaker', async () => {
    const t = testConfig();
    t.service.failWith(new DecisionServiceError('service_unavailable', 'down'));
    const readable = filterAuthorizedResources<Doc>(t.config, 'document', 'can_read');
    const server = new Hono().get('/docs', async (c) => c.json(await readable(c, docs)));
    expect((await server.request('/docs', as('alice'))).status).toBe(503);
  });

  it("with undecided: 'refuse', refuses the list the fallback would shorten, carrying its decision", async () => {
    const t = testConfig({ circuitBreaker: { failureThreshold: 1, fallback: 'deny' } });
    t.service.setRule('webapp.check', ownsEven);
    const refusing = filterAuthorizedResources<Doc>(t.config, 'document', 'can_read', {
      undecided: 'refuse',
    });
    const excluding = filterAuthorizedResources<Doc>(t.config, 'document', 'can_read');
    const thrown: unknown[] = [];
    const server = new Hono()
      .get('/refusing', async (c) => c.json(await refusing(c, docs)))
      .get('/excluding', async (c) => c.json(await excluding(c, docs)))
      .onError((error, c) => {
        thrown.push(error);
        return c.json({ detail: error.message }, 403);
      });
    expect(await (await server.request('/refusing', as('alice'))).json()).toEqual([docs[1], docs[3]]);
    t.service.failWith(new DecisionServiceError('service_unavailable', 'down'));
    expect((await server.request('/refusing', as('alice'))).status).toBe(403);
    expect(deniedDecision(thrown[0])).toMatchObject({ source: 'fallback', allowed: false });
    expect(await (await server.request('/excluding', as('alice'))).json()).toEqual([]);
  });
});

describe('checkRelations', () => {
  it('maps each relation to a boolean and never throws on denial', async () => {
    const t = testConfig();
    t.service.setRule('webapp.check', (q) => q.resourceContext.relation === 'can_read');
    const server = new Hono().get('/docs/:id/permissions', async (c) =>
      c.json(await checkRelations(c, 'document', c.req.param('id'), ['can_read', 'can_write'], t.config)),
    );
    expect(await (await server.request('/docs/1/permissions', as('alice'))).json()).toEqual({
      can_read: true,
      can_write: false,
    });
  });

  it('uses the configuration the middleware left on the context', async () => {
    const t = testConfig();
    t.service.setRule('webapp.GET.docs.__id.permissions', () => true);
    t.service.setRule('webapp.check', () => false);
    const server = new Hono();
    server.use('*', authzMiddleware(t.config));
    server.get('/docs/:id/permissions', async (c) =>
      c.json(await checkRelations(c, 'document', c.req.param('id'), ['can_share'])),
    );
    expect(await (await server.request('/docs/1/permissions', as('alice'))).json()).toEqual({
      can_share: false,
    });
  });

  it('is a configuration error without any configuration', async () => {
    const server = new Hono();
    let thrown: unknown;
    server.get('/x', async (c) => {
      thrown = await checkRelations(c, 'document', '1', ['can_read']).catch((e: unknown) => e);
      return c.text('done');
    });
    await server.request('/x');
    expect(thrown).toBeInstanceOf(AuthzConfigError);
  });
});
