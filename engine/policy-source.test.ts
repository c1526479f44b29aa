import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.ts';
import { fingerprintOf, readDecisionSources, readPolicySources } from './policy-source.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

describe('readPolicySources', () => {
  let policies: TempPolicyDir;

  beforeAll(async () => {
    policies = await createTempPolicyDir([
      { file: 'z.rego', source: 'package z\n' },
      { file: 'webapp/routes/get.rego', source: 'package webapp.GET\n' },
      { file: 'webapp/common.rego', source: 'package webapp.common\n' },
      { file: 'webapp/common_test.rego', source: 'package webapp.common_test\n' },
      { file: 'webapp/notes.md', source: '# not a policy\n' },
      { file: '.git/hooks/x.rego', source: 'not loaded' },
      { file: 'webapp/.#common.rego', source: 'an editor lock file' },
    ]);
    await writeFile(path.join(policies.dir, 'shared.rego.src'), 'package shared\n');
    await symlink(path.join(policies.dir, 'shared.rego.src'), path.join(policies.dir, 'shared.rego'));
    await mkdir(path.join(policies.dir, 'loop'));
    await symlink(policies.dir, path.join(policies.dir, 'loop', 'back'));
  });
  afterAll(async () => {
    await policies.remove();
  });

  it('finds every policy file below the directory, sorted, with test files marked', async () => {
    const sources = await readPolicySources(policies.dir);
    expect(sources.map((s) => [s.id, s.test])).toEqual([
      ['shared.rego', false],
      ['webapp/common.rego', false],
      ['webapp/common_test.rego', true],
      ['webapp/routes/get.rego', false],
      ['z.rego', false],
    ]);
    expect(sources[1]?.file).toBe(path.join(policies.dir, 'webapp/common.rego'));
    expect(sources[1]?.source).toBe('package webapp.common\n');
  });

  it('leaves test files out of the decision policies, and fails without any policy', async () => {
    const sources = await readDecisionSources(policies.dir);
    expect(sources.map((s) => s.id)).not.toContain('webapp/common_test.rego');
    const onlyTests = await createTempPolicyDir([{ file: 'a_test.rego', source: 'package a\n' }]);
    const missing = await readDecisionSources(onlyTests.dir).catch((e: unknown) => e);
    await onlyTests.remove();
    expect((missing as EngineError).code).toBe('policies_missing');
    const unreadable = await readPolicySources(path.join(policies.dir, 'absent')).catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(EngineError);
    expect((unreadable as EngineError).code).toBe('policies_unreadable');
  });

  it('fingerprints names and contents', async () => {
    const sources = await readDecisionSources(policies.dir);
    const edited = sources.map((s) => (s.id === 'z.rego' ? { ...s, source: 'package z\n\n' } : s));
    const renamed = sources.map((s) => (s.id === 'z.rego' ? { ...s, id: 'y.rego' } : s));
    expect(fingerprintOf(sources)).toBe(fingerprintOf(await readDecisionSources(policies.dir)));
    expect(fingerprintOf(edited)).not.toBe(fingerprintOf(sources));
    expect(fingerprintOf(renamed)).not.toBe(fingerprintOf(sources));
  });
});
