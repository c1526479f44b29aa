import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineError } from './engine-error.ts';
import { runPolicyTests } from './policy-tests.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

const MANIFEST = `model:
  version: 3
types:
  user: {}
  document:
    relations:
      owner: user
    permissions:
      can_read: owner
`;

const DOCS = `package app.docs

import rego.v1

default allowed := false

allowed if input.user == "alice"

owner if ds.check({
  "object_type": "document",
  "object_id": input.doc,
  "relation": "can_read",
  "subject_type": "user",
  "subject_id": input.user,
})

level := 1 if true

level := 2 if true
`;

const DOCS_TEST = `package app.docs_test

import rego.v1

import data.app.docs

test_alice_allowed if docs.allowed with input as {"user": "alice"}

test_bob_allowed if {
  print("checking bob")
  docs.allowed with input as {"user": "bob"}
}

test_undefined if docs.no_such_rule

test_conflict if docs.level == 1

test_owner_through_directory if docs.owner with input as {"user": "ann", "doc": "d1"}
`;

describe('runPolicyTests', () => {
  let policies: TempPolicyDir;

  beforeAll(async () => {
    policies = await createTempPolicyDir([
      { file: 'app/docs.rego', source: DOCS },
      { file: 'app/docs_test.rego', source: DOCS_TEST },
    ]);
  });
  afterAll(async () => {
    await policies.remove();
  });

  it('runs every test_ rule and reports pass, fail and error with location, duration and output', async () => {
    const store = createMemoryRelationStore({ manifest: parseManifest(MANIFEST) });
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    const report = await runPolicyTests(policies.dir, { store });
    const byRule = Object.fromEntries(report.results.map((r) => [r.rule, r]));
    expect(report.results.map((r) => [r.name, r.outcome])).toEqual([
      ['data.app.docs_test.test_alice_allowed', 'pass'],
      ['data.app.docs_test.test_bob_allowed', 'fail'],
      ['data.app.docs_test.test_conflict', 'error'],
      ['data.app.docs_test.test_owner_through_directory', 'pass'],
      ['data.app.docs_test.test_undefined', 'fail'],
    ]);
    expect([report.passed, report.failed, report.errored, report.ok]).toEqual([2, 2, 1, false]);
    expect(byRule.test_alice_allowed?.file).toMatch(/app\/docs_test\.rego$/);
    expect(byRule.test_alice_allowed?.line).toBe(7);
    expect(byRule.test_bob_allowed?.output).toEqual(['checking bob']);
    expect(byRule.test_conflict?.error).toMatch(/app\/docs\.rego:19:\d+: eval_conflict_error/);
    for (const result of report.results) expect(result.durationMs).toBeGreaterThanOrEqual(0);
    await store.close();
  });

  it('runs only the tests whose full name matches the filter', async () => {
    const report = await runPolicyTests(policies.dir, { filter: /alice|undefined$/g });
    expect(report.results.map((r) => r.rule)).toEqual(['test_alice_allowed', 'test_undefined']);
  });

  it('reads <dir>/manifest.yaml for the directory built-ins when no store is given', async () => {
    await policies.write('manifest.yaml', MANIFEST);
    const report = await runPolicyTests(policies.dir, { filter: /owner/ });
    // The manifest's model is empty of relations: the check is false, not an unknown built-in.
    expect(report.results.map((r) => r.outcome)).toEqual(['fail']);
    await policies.delete('manifest.yaml');
    const invalid = await runPolicyTests(policies.dir, {
      manifestFile: `${policies.dir}/nothing.yaml`,
    }).catch((e: unknown) => e);
    expect((invalid as EngineError).code).toBe('manifest_unreadable');
  });

  it('is ok when every selected test passes', async () => {
    const report = await runPolicyTests(policies.dir, { filter: /alice/ });
    expect(report.ok).toBe(true);
  });

  it('fails with a RegoError naming file and line when a policy does not compile', async () => {
    const broken = await createTempPolicyDir([
      { file: 'x.rego', source: 'package x\n\ntest_x {\n  count(1, 2, 3)\n}\n' },
    ]);
    const error = await runPolicyTests(broken.dir).catch((e: unknown) => e);
    await broken.remove();
    expect(error).toBeInstanceOf(RegoError);
    expect((error as RegoError).message).toMatch(/x\.rego:4:\d+/);
  });
});
