import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService } from './embedded-decision-service.ts';
import type { EngineError } from './engine-error.ts';
import { createTempPolicyDir } from './temp-policy-dir.ts';

const emptyStore = () => createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}

describe('createEmbeddedDecisionService start-up failures', () => {
  const startWith = async (files: { file: string; source: string }[], options = {}) => {
    const policies = await createTempPolicyDir(files);
    try {
      return await failure(
        createEmbeddedDecisionService({ policiesDir: policies.dir, store: emptyStore(), ...options }),
      );
    } finally {
      await policies.remove();
    }
  };

  it('fails on a syntax error with file, line and column', async () => {
    const error = await startWith([
      { file: 'ok.rego', source: 'package ok\nallow = true\n' },
      { file: 'nested/bad.rego', source: 'package bad\n\nallow {\n  input.x ==\n}\n' },
    ]);
    expect(error).toBeInstanceOf(RegoError);
    expect((error as RegoError).code).toBe('rego_parse_error');
    expect((error as RegoError).file).toMatch(/nested\/bad\.rego$/);
    expect(error.message).toMatch(/nested\/bad\.rego:\d+:\d+: rego_parse_error/);
  });

  it('fails on an unknown built-in and on an unsafe variable, naming the line', async () => {
    const unknown = await startWith([
      { file: 'a.rego', source: 'package a\n\nallow {\n  frobnicate(input.x)\n}\n' },
    ]);
    expect(unknown.message).toMatch(/a\.rego:4:\d+: rego_type_error: undefined function frobnicate/);
    const unsafe = await startWith([{ file: 'b.rego', source: 'package b\n\nallow {\n  x > 1\n}\n' }]);
    expect(unsafe.message).toMatch(/b\.rego:4:\d+: rego_unsafe_var_error/);
  });

  it('reads v0 syntax by default and v1 syntax when asked', async () => {
    const v1 = [{ file: 'v1.rego', source: 'package v1\n\nallow if input.x == 1\n' }];
    const v0Error = await startWith(v1);
    expect(v0Error).toBeInstanceOf(RegoError);
    expect(v0Error.message).toMatch(/v1\.rego:3:\d+/);
    const policies = await createTempPolicyDir(v1);
    const service = await createEmbeddedDecisionService({
      policiesDir: policies.dir,
      store: emptyStore(),
      regoVersion: 'v1',
    });
    const alice = { type: 'IDENTITY_TYPE_SUB', value: 'alice' } as const;
    const decided = await service.decide({
      identity: alice,
      policyPath: 'v1',
      decisions: ['allow'],
      resourceContext: {},
    });
    expect(decided).toEqual({ allow: false });
    await service.close();
    await policies.remove();
  });

  it('fails for a missing directory, a directory without policies, and bad options', async () => {
    const missing = await failure(
      createEmbeddedDecisionService({ policiesDir: '/nonexistent/gatehouse-policies', store: emptyStore() }),
    );
    expect((missing as EngineError).code).toBe('policies_unreadable');
    const empty = await startWith([{ file: 'only_test.rego', source: 'package t\ntest_x = true\n' }]);
    expect((empty as EngineError).code).toBe('policies_missing');
    const options = await startWith([{ file: 'a.rego', source: 'package a\n' }], {
      limits: { maxSteps: -1 },
      store: {},
    });
    expect((options as EngineError).code).toBe('invalid_options');
    expect(options.message).toContain('limits.maxSteps');
    expect(options.message).toContain('store');
  });
});
