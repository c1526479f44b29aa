import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService } from './embedded-decision-service.ts';
import { EngineError } from './engine-error.ts';
import { createInlineDecisionService } from './inline-decision-service.ts';
import { runPolicyTests } from './policy-tests.ts';
import { createTempPolicyDir } from './temp-policy-dir.ts';

const emptyStore = () => createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });

/** Allows only versions SemVer 2.0.0 accepts; OPA v1.15.2's semver.is_valid also accepts `01.2.3`. */
const RELEASES = `package app.POST.releases

import rego.v1

default allowed := false

allowed if semver.is_valid(input.resource.version)
`;

/** Uses `uri.parse`, a built-in OPA v1.22 added. */
const LINKS = `package app.POST.links

import rego.v1

default allowed := false

allowed if uri.parse(input.resource.url).scheme == "https"
`;

const query = (policyPath: string, resourceContext: Record<string, unknown>) => ({
  policyPath,
  decisions: ['allowed'],
  resourceContext,
  identity: { type: 'IDENTITY_TYPE_SUB' as const, value: 'alice' },
});

describe('the opaVersion option of the embedded decision services', () => {
  it('decides with the built-ins of the chosen OPA release (default v1.15.2)', async () => {
    const decide = async (opaVersion?: 'v1.15.2' | 'v1.22.2') => {
      const service = createInlineDecisionService({
        policies: { 'releases.rego': RELEASES },
        store: emptyStore(),
        ...(opaVersion ? { opaVersion } : {}),
      });
      try {
        return await service.decide(query('app.POST.releases', { version: '01.2.3' }));
      } finally {
        await service.close();
      }
    };
    expect(await decide()).toEqual({ allowed: true });
    expect(await decide('v1.15.2')).toEqual({ allowed: true });
    expect(await decide('v1.22.2')).toEqual({ allowed: false });
  });

  it('offers the built-ins v1.22 added only when asked for v1.22.2, refusing them at load otherwise', async () => {
    const service = createInlineDecisionService({
      policies: { 'links.rego': LINKS },
      store: emptyStore(),
      opaVersion: 'v1.22.2',
    });
    expect(await service.decide(query('app.POST.links', { url: 'https://example.com/a' }))).toEqual({
      allowed: true,
    });
    expect(await service.decide(query('app.POST.links', { url: 'http://example.com/a' }))).toEqual({
      allowed: false,
    });
    await service.close();
    expect(() =>
      createInlineDecisionService({ policies: { 'links.rego': LINKS }, store: emptyStore() }),
    ).toThrow(RegoError);
  });

  it('reads a policy directory for the chosen release', async () => {
    const policies = await createTempPolicyDir([{ file: 'links.rego', source: LINKS }]);
    const store = emptyStore();
    try {
      const service = await createEmbeddedDecisionService({
        policiesDir: policies.dir,
        store,
        opaVersion: 'v1.22.2',
      });
      expect(await service.decide(query('app.POST.links', { url: 'https://h/' }))).toEqual({ allowed: true });
      await service.close();
      await expect(createEmbeddedDecisionService({ policiesDir: policies.dir, store })).rejects.toThrow(
        /uri\.parse/,
      );
    } finally {
      await store.close();
      await policies.remove();
    }
  });

  it('refuses a release the engine does not follow, naming the option', async () => {
    const refusal = (() => {
      try {
        createInlineDecisionService({
          policies: { 'releases.rego': RELEASES },
          store: emptyStore(),
          opaVersion: 'v1.99.0' as 'v1.22.2',
        });
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(EngineError);
    expect((refusal as EngineError).code).toBe('invalid_options');
    expect((refusal as Error).message).toMatch(/^invalid .*options: opaVersion: .*"v1\.15\.2".*"v1\.22\.2"/);
  });
});

describe('the opaVersion option of runPolicyTests', () => {
  it('runs the tests against the chosen release', async () => {
    const policies = await createTempPolicyDir([
      {
        file: 'split_test.rego',
        source:
          'package split_test\n\nimport rego.v1\n\ntest_duration if time.parse_duration_ns("1d") == 86400000000000\n',
      },
    ]);
    try {
      const v122 = await runPolicyTests(policies.dir, { opaVersion: 'v1.22.2' });
      expect(v122.results.map((r) => r.outcome)).toEqual(['pass']);
      const v115 = await runPolicyTests(policies.dir);
      expect(v115.results.map((r) => r.outcome)).toEqual(['fail']);
      await expect(runPolicyTests(policies.dir, { opaVersion: 'v2' as 'v1.22.2' })).rejects.toThrow(
        /invalid policy test options: opaVersion/,
      );
    } finally {
      await policies.remove();
    }
  });
});
