import { AuthzConfigError, DecisionServiceError } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requirePolicyAllowed, requirePolicyAuto } from './policy-guards.ts';
import { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
import { as, testConfig } from './test-config.ts';

const byRelation = (granted: Record<string, string[]>) => (q: { resourceContext: Record<string, unknown> }) =>
  (granted[String(q.resourceContext.object_type)] ?? []).includes(String(q.resourceContext.relation));

describe('requirePolicyAuto', () => {
  it('derives the policy path from the route pattern and method', async () => {
    const t = testConfig();
    const app = new Hono().put('/api/docs/:doc_id', requirePolicyAuto(t.config), (c) => c.text('updated'));
    t.service.setRule('webapp.PUT.api.docs.__doc_id', (q) => q.identity.value === 'alice');
    expect((await app.request('/api/docs/5', { method: 'PUT', ...as('alice') })).status).toBe(200);
    const denied = await app.request('/api/docs/5', { method: 'PUT', ...as('bob') });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ detail: 'Access denied: webapp.PUT.api.docs.__doc_id' });
  });
});

describe('requirePolicyAllowed', () => {
  it('uses the explicit policy path and exposes the decision to the handler', async () => {
    const t = testConfig();
    const app = new Hono().get('/reports', requirePolicyAllowed(t.config, 'webapp.reports.read'), (c) =>
      c.json(c.get('authzDecision')),
    );
    t.service.setRule('webapp.reports.read', () => true);
    expect(await (await app.request('/reports', as('alice'))).json()).toMatchObject({
      allowed: true,
      policyPath: 'webapp.reports.read',
      source: 'service',
    });
  });

  it('rejects a malformed policy path at construction', () => {
    const { config } = testConfig();
    expect(() => requirePolicyAllowed(config, 'webapp..x')).toThrow(AuthzConfigError);
  });
});

describe('requireRebacAllowed', () => {
  it('checks the relation on the object whose id is the route parameter', async () => {
    const t = testConfig();
    const app = new Hono().get('/docs/:id', requireRebacAllowed(t.config, 'document', 'can_read'), (c) =>
      c.text('doc'),
    );
    t.service.setRule(
      'webapp.check',
      (q) => q.resourceContext.object_id === '1' && q.identity.value === 'alice',
    );
    expect((await app.request('/docs/1', as('alice'))).status).toBe(200);
    const denied = await app.request('/docs/2', as('alice'));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ detail: 'Access denied: webapp.check' });
    expect(t.service.queries[0]?.resourceContext).toEqual({
      object_type: 'document',
      object_id: '1',
      relation: 'can_read',
      subject_type: 'user',
    });
  });

  it('takes another parameter name and subject type', async () => {
    const t = testConfig();
    const guard = requireRebacAllowed(t.config, 'folder', 'viewer', {
      paramName: 'folder_id',
      subjectType: 'group',
    });
    const app = new Hono().get('/folders/:folder_id', guard, (c) => c.text('folder'));
    t.service.setRule('webapp.check', (q) => q.resourceContext.subject_type === 'group');
    expect((await app.request('/folders/3', as('alice'))).status).toBe(200);
    expect(t.service.queries[0]?.resourceContext.object_id).toBe('3');
  });

  it('fails its route loudly when the route has no such parameter, and 503s without a breaker when down', async () => {
    const t = testConfig();
    t.service.setRule('webapp.check', () => true);
    const app = new Hono()
      .get('/docs/:docId', requireRebacAllowed(t.config, 'document', 'can_read'), (c) => c.text('doc'))
      .get('/docs/:id/pages/:page', requireRebacHierarchy(t.config, [['page', 'pageId', 'can_read']]), (c) =>
        c.text('page'),
      )
      .get('/files/:id', requireRebacAllowed(t.config, 'document', 'can_read'), (c) => c.text('file'));
    const misconfigured = await app.request('/docs/7', as('alice'));
    expect(misconfigured.status).toBe(500);
    expect(await misconfigured.json()).toEqual({
      detail:
        'Server misconfiguration: an authorization guard reads a route parameter this route does not have',
    });
    expect(t.errors).toEqual([
      expect.stringContaining(
        'requireRebacAllowed(document, can_read): route GET /docs/:docId has no parameter "id"',
      ),
    ]);
    expect((await app.request('/docs/7/pages/2', as('alice'))).status).toBe(500);
    expect(t.errors[1]).toContain(
      'requireRebacHierarchy: route GET /docs/:id/pages/:page has no parameter "pageId"',
    );
    expect(t.service.queries).toHaveLength(0);
    t.service.failWith(new DecisionServiceError('service_unavailable', 'down'));
    expect((await app.request('/files/1', as('alice'))).status).toBe(503);
  });

  it('rejects empty names at construction', () => {
    const { config } = testConfig();
    expect(() => requireRebacAllowed(config, '', 'owner')).toThrow(/objectType/);
    expect(() => requireRebacAllowed(config, 'document', '')).toThrow(/relation/);
  });
});

describe('requireRebacHierarchy', () => {
  const levels = [
    ['organization', 'org_id', 'member'],
    ['document', 'doc_id', 'can_read'],
  ] as const;
  const route = '/orgs/:org_id/docs/:doc_id';

  it.each([
    ['all', { organization: ['member'], document: ['can_read'] }, 200],
    ['all', { organization: ['member'] }, 403],
    ['any', { document: ['can_read'] }, 200],
    ['any', {}, 403],
    ['first_match', { document: ['can_read'] }, 200],
    ['first_match', {}, 403],
  ] as const)('mode %s with grants %j → %i', async (mode, granted, status) => {
    const t = testConfig();
    t.service.setRule('webapp.check', byRelation(granted as Record<string, string[]>));
    const app = new Hono().get(route, requireRebacHierarchy(t.config, levels, mode), (c) =>
      c.json({ matched: c.get('authzHierarchy').matched ?? null }),
    );
    const res = await app.request('/orgs/o1/docs/d1', as('alice'));
    expect(res.status).toBe(status);
    if (status === 403) expect(await res.json()).toEqual({ detail: 'Access denied: webapp.check' });
    if (status === 200 && mode === 'first_match') {
      expect(await res.json()).toEqual({
        matched: { objectType: 'document', paramName: 'doc_id', relation: 'can_read' },
      });
    }
  });

  it('defaults to all and reads each level id from its parameter', async () => {
    const t = testConfig();
    t.service.setRule('webapp.check', () => true);
    const app = new Hono().get(route, requireRebacHierarchy(t.config, levels), (c) => c.text('ok'));
    expect((await app.request('/orgs/o1/docs/d1', as('alice'))).status).toBe(200);
    expect(t.service.queries.map((q) => q.resourceContext.object_id)).toEqual(['o1', 'd1']);
  });

  it('refuses an empty list of levels', () => {
    const { config } = testConfig();
    expect(() => requireRebacHierarchy(config, [])).toThrow(AuthzConfigError);
  });
});
