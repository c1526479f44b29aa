import type { Identity } from '@gatehousejs/core';
import { runDecisionServiceContract } from '@gatehousejs/core/testing';
import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.ts';
import { createInlineDecisionService } from './inline-decision-service.ts';

runDecisionServiceContract('embedded engine, inline policies', async (fixture) => {
  const store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest, 'manifest.yaml') });
  for (const object of fixture.objects) await store.setObject(object);
  for (const relation of fixture.relations) await store.setRelation(relation);
  const policies = Object.fromEntries(fixture.policies.map((p) => [p.file, p.source]));
  const service = createInlineDecisionService({ policies, store });
  return {
    service,
    close: async () => {
      await service.close();
      await store.close();
    },
  };
});

const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice' };
const emptyStore = () => createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });

describe('createInlineDecisionService', () => {
  it('decides from policy text, naming the modules when a path has no policy', async () => {
    const service = createInlineDecisionService({
      policies: { 'app.rego': 'package app.GET.notes\n\nallowed { input.identity.value == "alice" }\n' },
      store: emptyStore(),
    });
    const query = { policyPath: 'app.GET.notes', decisions: ['allowed'], resourceContext: {} };
    expect(await service.decide({ ...query, identity: alice })).toEqual({ allowed: true });
    expect(await service.decide({ ...query, identity: { type: 'IDENTITY_TYPE_NONE' } })).toEqual({
      allowed: false,
    });
    await expect(service.decide({ ...query, policyPath: 'app.GET.other', identity: alice })).rejects.toThrow(
      'no policy defines app.GET.other (policies app.rego)',
    );
  });

  it('refuses a policy it cannot evaluate, naming module and line', () => {
    const attempt = () =>
      createInlineDecisionService({
        policies: { 'bad.rego': 'package app\n\nallowed {\n' },
        store: emptyStore(),
      });
    expect(attempt).toThrow(RegoError);
    expect(attempt).toThrow(/bad\.rego:\d+/);
  });

  it('names the option that is wrong', () => {
    const attempt = (policies: unknown) =>
      createInlineDecisionService({ policies: policies as Record<string, string>, store: emptyStore() });
    expect(() => attempt({})).toThrow(EngineError);
    expect(() => attempt({})).toThrow(/policies: must hold at least one policy/);
    expect(() => attempt({ 'a.rego': 42 })).toThrow(/policies/);
  });

  it('warns once when a check names a type or relation the manifest lacks (the check is false)', async () => {
    const warnings: string[] = [];
    const store = createMemoryRelationStore({
      manifest: parseManifest(
        'model: { version: 3 }\ntypes:\n  user: {}\n  document:\n    relations: { owner: user }\n',
        'manifest.yaml',
      ),
    });
    const service = createInlineDecisionService({
      policies: {
        'check.rego': `package app.check
allowed { ds.check({"object_type": "documnet", "object_id": "1", "relation": "owner", "subject_type": "user", "subject_id": input.identity.value}) }
`,
      },
      store,
      logger: { warn: (message) => warnings.push(message), error: () => {} },
    });
    const query = { policyPath: 'app.check', decisions: ['allowed'], resourceContext: {}, identity: alice };
    expect(await service.decide(query)).toEqual({ allowed: false });
    expect(await service.decide(query)).toEqual({ allowed: false });
    expect(warnings).toEqual([
      'a directory check names what the manifest manifest.yaml does not have (object type not found: documnet): such checks are always false',
    ]);
  });
});
