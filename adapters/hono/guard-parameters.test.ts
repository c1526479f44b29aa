import { AuthzConfigError } from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { checkGuardParameters } from './guard-parameters.ts';
import { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
import { testConfig } from './test-config.ts';
import { validatePoliciesFromApp } from './validate-policies.ts';

describe('guards naming route parameters', () => {
  it('fail at set-up when their route lacks the parameter, naming route and parameter', () => {
    const { config } = testConfig();
    const app = new Hono();
    app.get('/api/documents/:doc_id', requireRebacAllowed(config, 'document', 'can_read'), (c) =>
      c.text('ok'),
    );
    app.get(
      '/orgs/:org/docs/:id',
      requireRebacHierarchy(config, [
        ['organization', 'org_id', 'member'],
        ['document', 'id', 'can_read'],
      ]),
      (c) => c.text('ok'),
    );
    const check = () => checkGuardParameters(app);
    expect(check).toThrow(AuthzConfigError);
    expect(check).toThrow(
      'paramName: GET /api/documents/:doc_id has no parameter "id" for its guard; GET /orgs/:org/docs/:id has no parameter "org_id" for its guard',
    );
    expect(() => validatePoliciesFromApp(app, { policies: [], config })).toThrow(AuthzConfigError);
  });

  it('pass when every parameter is there, or when the guard reads the id itself', () => {
    const { config } = testConfig();
    const app = new Hono();
    app.get('/api/documents/:id{[0-9]+}', requireRebacAllowed(config, 'document', 'can_read'), (c) =>
      c.text('ok'),
    );
    app.get(
      '/api/folders/:folder',
      requireRebacAllowed(config, 'folder', 'can_read', { paramName: 'folder' }),
      (c) => c.text('ok'),
    );
    app.get(
      '/api/me',
      requireRebacAllowed(config, 'user', 'self', { objectId: (c) => c.req.header('X-User') }),
      (c) => c.text('ok'),
    );
    expect(() => checkGuardParameters(app)).not.toThrow();
  });
});
