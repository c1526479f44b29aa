import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  compilePolicies,
  createDirectoryBuiltins,
  createMemoryRelationStore,
  parseManifest,
  parseModule,
  standardBuiltins,
} from '@gatehousejs/engine';
import { createEmbeddedDecisionService } from '@gatehousejs/engine/node';
import { scanRoutes } from '@gatehousejs/hono';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthzToolError } from './errors.ts';
import { app, authzToolConfig } from './fixtures/awkward-app.ts';
import { temporaryDirectory } from './fixtures/run-cli.ts';
import { generatePolicies } from './generate-policies.ts';

const MANIFEST = `model:
  version: 3
types:
  user: {}
  document:
    relations:
      owner: user
`;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('generatePolicies', () => {
  it('returns one policy per policy path of the routes, plus <root>.check', () => {
    const policies = generatePolicies(app, authzToolConfig);
    expect(Object.keys(policies)).toEqual([
      'fixture.GET',
      'fixture.GET.api.items',
      'fixture.GET.api.user_profiles.__user_id',
      'fixture.PUT.api.orgs.__org_id.teams.__team_id.members.__member_id',
      'fixture.GET.api.files.__name',
      'fixture.GET.api.webhooks.in',
      'fixture.POST.api.webhooks.in',
      'fixture.PUT.api.webhooks.in',
      'fixture.PATCH.api.webhooks.in',
      'fixture.DELETE.api.webhooks.in',
      'fixture.OPTIONS.api.webhooks.in',
      'fixture.GET.api.v2.reports',
      'fixture.GET.api.v2.reports.__report_id.line_items.__item_id',
      'fixture.POST.api.v2.reports.__reportId.export',
      'fixture.check',
    ]);
  });

  it('names each package by its policy path, with keyword segments as string keys', () => {
    const policies = generatePolicies(app, authzToolConfig);
    for (const [policyPath, rego] of Object.entries(policies)) {
      expect(parseModule(rego, `${policyPath}.rego`).packagePath.join('.')).toBe(policyPath);
    }
    expect(policies['fixture.GET.api.webhooks.in']).toContain('package fixture.GET.api.webhooks["in"]\n');
  });

  it('gives routes that share a policy path one policy naming all of them', () => {
    const rego = generatePolicies(app, authzToolConfig)['fixture.GET.api.items'];
    expect(rego).toContain('# GET /api/items\n# GET /api/items/\n');
  });

  it('leaves out excluded routes only as configured', () => {
    const withExclusions = Object.keys(generatePolicies(app, authzToolConfig));
    expect(withExclusions).not.toContain('fixture.GET.health');
    expect(withExclusions).not.toContain('fixture.GET.public.status');
    const without = Object.keys(generatePolicies(app, { policyPathRoot: 'fixture' }));
    expect(without).toContain('fixture.GET.health');
    expect(without).toContain('fixture.GET.auth.callback');
    // skipMiddleware routes are never scanned.
    expect(without).not.toContain('fixture.GET.public.status');
  });

  it('accepts any object with policyPathRoot (an AuthzConfig), defaults to webapp, and rejects a bad root', () => {
    const authzConfigLike = { policyPathRoot: 'acme.api', decisionService: {}, maxConcurrentChecks: 10 };
    expect(Object.keys(generatePolicies(app, authzConfigLike))).toContain('acme.api.check');
    expect(Object.keys(generatePolicies(app))).toContain('webapp.GET.api.items');
    expect(() => generatePolicies(app, { policyPathRoot: 'not a root' })).toThrow(AuthzToolError);
  });

  it('writes Rego v0 with import rego.v1 that compiles with the engine and decides as specified', async () => {
    const policies = generatePolicies(app, authzToolConfig);
    const store = createMemoryRelationStore({ manifest: parseManifest(MANIFEST, 'manifest.yaml') });
    const builtins = new Map([
      ...standardBuiltins,
      ...createDirectoryBuiltins(store).map((b) => [b.name, b] as const),
    ]);
    const modules = Object.entries(policies).map(([p, source]) => ({ file: `${p}.rego`, source }));
    for (const { file, source } of modules)
      expect(parseModule(source, file, { version: 'v0' }).version).toBe('v1');
    const compiled = compilePolicies(modules, { builtins });
    expect(compiled.packages).toEqual([...Object.keys(policies)].sort());
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    const resource = { object_type: 'document', object_id: 'd1', relation: 'owner', subject_type: 'user' };
    // Gatehouse's input names the subject `value`, Topaz's names it `identity`.
    expect(
      compiled.evaluate('fixture.check.allowed', {
        identity: { type: 'IDENTITY_TYPE_SUB', value: 'ann' },
        resource,
      }),
    ).toBe(true);
    expect(
      compiled.evaluate('fixture.check.allowed', {
        identity: { type: 'IDENTITY_TYPE_SUB', identity: 'ann' },
        resource,
      }),
    ).toBe(true);
    expect(
      compiled.evaluate('fixture.check.allowed', {
        identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' },
        resource,
      }),
    ).toBe(false);
    expect(
      compiled.evaluate('fixture.check.allowed', { identity: { type: 'IDENTITY_TYPE_NONE' }, resource }),
    ).toBe(false);
  });

  it('loads into the embedded decision service: signed-in callers allowed, anonymous ones denied', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const policies = generatePolicies(app, authzToolConfig);
    for (const [policyPath, rego] of Object.entries(policies)) {
      await writeFile(path.join(dir, `${policyPath}.rego`), rego);
    }
    const store = createMemoryRelationStore({ manifest: parseManifest(MANIFEST, 'manifest.yaml') });
    const service = await createEmbeddedDecisionService({ policiesDir: dir, store });
    try {
      for (const route of scanRoutes(app, authzToolConfig)) {
        const ask = (
          identity: { type: 'IDENTITY_TYPE_SUB'; value: string } | { type: 'IDENTITY_TYPE_NONE' },
        ) =>
          service.decide({
            identity,
            policyPath: route.policyPath,
            decisions: ['allowed'],
            resourceContext: {},
          });
        expect(await ask({ type: 'IDENTITY_TYPE_SUB', value: 'ann' })).toEqual({ allowed: true });
        expect(await ask({ type: 'IDENTITY_TYPE_NONE' })).toEqual({ allowed: false });
      }
    } finally {
      await service.close();
      await store.close();
    }
  });
});
