import { type DecisionQuery, DecisionServiceError, type Identity } from '@gatehousejs/core';
import { runDecisionServiceContract } from '@gatehousejs/core/testing';
import { createMemoryRelationStore, parseManifest, type RelationStore } from '@gatehousejs/directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import type { EmbeddedDecisionServiceOptions } from './embedded-service-options.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

runDecisionServiceContract('embedded engine, memory store', async (fixture) => {
  const store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest, 'manifest.yaml') });
  for (const object of fixture.objects) await store.setObject(object);
  for (const relation of fixture.relations) await store.setRelation(relation);
  const policies = await createTempPolicyDir(fixture.policies);
  const service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store });
  return {
    service,
    close: async () => {
      await service.close();
      await store.close();
      await policies.remove();
    },
  };
});

const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice' };
const emptyStore = () => createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });

function query(
  policyPath: string,
  decisions: string[],
  resourceContext = {},
  identity = alice,
): DecisionQuery {
  return { identity, policyPath, decisions, resourceContext };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}

async function serviceError(promise: Promise<unknown>): Promise<DecisionServiceError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(DecisionServiceError);
  return error as DecisionServiceError;
}

describe('createEmbeddedDecisionService', () => {
  let policies: TempPolicyDir;
  let store: RelationStore;
  const started: EmbeddedDecisionService[] = [];
  const start = async (options: Partial<EmbeddedDecisionServiceOptions> = {}) => {
    const service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store, ...options });
    started.push(service);
    return service;
  };

  beforeAll(async () => {
    store = emptyStore();
    policies = await createTempPolicyDir([
      {
        file: 'app/values.rego',
        source: [
          'package app.values',
          'import rego.v1',
          'exact_true := true',
          'string_yes := "yes"',
          'number_one := 1',
          'object_value := {"allowed": true}',
          'false_value := false',
          '',
        ].join('\n'),
      },
      {
        file: 'app/input.rego',
        source: [
          'package app.input',
          'import rego.v1',
          'path_seen if input.policy.path == "app.input"',
          'decisions_seen if input.policy.decisions == ["decisions_seen"]',
          'nested if input.resource.document.tags[_] == "public"',
          'anonymous if { input.identity.type == "IDENTITY_TYPE_NONE"; not input.identity.value }',
          'restricted if input.resource.country in data.restricted_countries',
          'now_seen if time.now_ns() == 1700000000000000000',
          '',
        ].join('\n'),
      },
      {
        file: 'app/errors.rego',
        source: [
          'package app.errors',
          'import rego.v1',
          'conflict := 1 if true',
          'conflict := 2 if true',
          'endless if { some i in numbers.range(1, 100000); some j in numbers.range(1, 100000); i + j < 0 }',
          'bad_builtin if to_number("not a number") > 0',
          '',
        ].join('\n'),
      },
      {
        file: 'app/refheads.rego',
        source: [
          'package app',
          'import rego.v1',
          'GET.api.reports.allowed if input.identity.value == "alice"',
          '',
        ].join('\n'),
      },
      {
        file: 'app/values_test.rego',
        source: 'package app.values\nimport rego.v1\ntest_broken if { this does not parse\n',
      },
    ]);
  });
  afterAll(async () => {
    for (const service of started) await service.close();
    await store.close();
    await policies.remove();
  });

  it('loads every non-test policy file below the directory, test files excluded', async () => {
    const service = await start();
    expect(service.packages).toEqual(['app', 'app.errors', 'app.input', 'app.values']);
    expect(service.directory).toBe(store);
  });

  it('answers true only for a value that is exactly true', async () => {
    const service = await start();
    const names = ['exact_true', 'string_yes', 'number_one', 'object_value', 'false_value', 'undefined_rule'];
    expect(await service.decide(query('app.values', names))).toEqual({
      exact_true: true,
      string_yes: false,
      number_one: false,
      object_value: false,
      false_value: false,
      undefined_rule: false,
    });
  });

  it('builds input from identity, policy path, decisions and resource context; data is the base document', async () => {
    const service = await start({ data: { restricted_countries: ['CN', 'KP', 'IR'] } });
    const decide = (decisions: string[], resource = {}, identity = alice) =>
      service.decide(query('app.input', decisions, resource, identity));
    expect(await decide(['path_seen'])).toEqual({ path_seen: true });
    expect(await decide(['decisions_seen'])).toEqual({ decisions_seen: true });
    expect(await decide(['nested'], { document: { tags: ['draft', 'public'] } })).toEqual({ nested: true });
    expect(await decide(['nested'], { document: { tags: ['draft'] } })).toEqual({ nested: false });
    expect(await decide(['anonymous'], {}, { type: 'IDENTITY_TYPE_NONE' })).toEqual({ anonymous: true });
    expect(await decide(['anonymous'])).toEqual({ anonymous: false });
    expect(await decide(['restricted'], { country: 'KP' })).toEqual({ restricted: true });
    expect(await decide(['restricted'], { country: 'FR' })).toEqual({ restricted: false });
  });

  it('reads time.now_ns() from the injected clock', async () => {
    const service = await start({ clock: { now: () => 1_700_000_000_000 } });
    expect(await service.decide(query('app.input', ['now_seen']))).toEqual({ now_seen: true });
  });

  it('answers policy_not_found for a path that no package, rule or base document defines', async () => {
    const service = await start({ data: { roles: { admin: {} } } });
    for (const path of ['app.GET.api.nothing', 'nowhere', 'app.valuesx', 'roles.editor']) {
      const error = await serviceError(service.decide(query(path, ['allowed'])));
      expect(error.code).toBe('policy_not_found');
      expect(error.message).toContain(path);
    }
  });

  it('evaluates namespaces, ref-head rules and base documents rather than calling them unknown', async () => {
    const service = await start({ data: { roles: { admin: { allowed: true } } } });
    expect(await service.decide(query('app.GET.api.reports', ['allowed']))).toEqual({ allowed: true });
    expect(await service.decide(query('app', ['allowed']))).toEqual({ allowed: false });
    expect(await service.decide(query('roles.admin', ['allowed']))).toEqual({ allowed: true });
    // Below a rule: the rule's value holds it.
    expect(await service.decide(query('app.values.object_value', ['allowed']))).toEqual({ allowed: true });
  });

  it('reports a conflict as evaluation_failed naming file and line', async () => {
    const service = await start();
    const error = await serviceError(service.decide(query('app.errors', ['conflict'])));
    expect(error.code).toBe('evaluation_failed');
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/app\/errors\.rego:4:\d+: eval_conflict_error/);
  });

  it('stops an endless evaluation at the step or time limit with evaluation_failed', async () => {
    for (const limits of [{ maxSteps: 10_000 }, { maxSteps: 1e12, maxMillis: 5 }]) {
      const service = await start({ limits });
      const error = await serviceError(service.decide(query('app.errors', ['endless'])));
      expect(error.code).toBe('evaluation_failed');
      expect(error.message).toMatch(/eval_limit_error: evaluation exceeded the limit of (10000 steps|5 ms)/);
    }
  });

  it('treats a built-in error as undefined, or as evaluation_failed with strictBuiltinErrors', async () => {
    const lenient = await start();
    expect(await lenient.decide(query('app.errors', ['bad_builtin']))).toEqual({ bad_builtin: false });
    const strict = await start({ strictBuiltinErrors: true });
    const error = await serviceError(strict.decide(query('app.errors', ['bad_builtin'])));
    expect(error.code).toBe('evaluation_failed');
    expect(error.message).toContain('to_number');
  });

  it('rejects malformed queries with invalid_request naming the field', async () => {
    const service = await start();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [DecisionQuery, RegExp][] = [
      [query('app.values', ['exact_true'], { when: () => 1 }), /resourceContext\.when: function/],
      [query('app.values', ['exact_true'], { big: Number.NaN }), /resourceContext\.big/],
      [query('app.values', ['exact_true'], cyclic), /resourceContext/],
      [query('app.values', ['exact_true'], new Map() as never), /resourceContext must be a JSON object/],
      [query('app values', ['exact_true']), /policyPath/],
      [query('app.values', []), /decisions/],
      [query('app.values', ['a.b']), /decisions/],
      [query('app.values', ['exact_true'], {}, { type: 'IDENTITY_TYPE_BOGUS' } as never), /identity\.type/],
      [query('app.values', ['exact_true'], {}, { type: 'IDENTITY_TYPE_SUB' }), /identity\.value/],
    ];
    for (const [bad, message] of cases) {
      const error = await serviceError(service.decide(bad));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(message);
    }
  });

  it('evaluates a batch in order and rejects it when one query fails', async () => {
    const service = await start();
    const batch = await service.decideBatch([
      query('app.values', ['false_value']),
      query('app.values', ['exact_true']),
      query('app.GET.api.reports', ['allowed'], {}, { type: 'IDENTITY_TYPE_SUB', value: 'bob' }),
    ]);
    expect(batch).toEqual([{ false_value: false }, { exact_true: true }, { allowed: false }]);
    const error = await serviceError(
      service.decideBatch([query('app.values', ['exact_true']), query('nowhere', ['allowed'])]),
    );
    expect(error.code).toBe('policy_not_found');
  });

  it('gives every query of a batch its own identity, path and decisions, shared or not', async () => {
    const service = await start();
    const bob: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'bob' };
    const nobody: Identity = { type: 'IDENTITY_TYPE_NONE' };
    const batch = await service.decideBatch([
      query('app.input', ['decisions_seen']),
      query('app.input', ['path_seen']),
      query('app.input', ['decisions_seen']),
      query('app.GET.api.reports', ['allowed'], {}, bob),
      query('app.GET.api.reports', ['allowed']),
      query('app.input', ['anonymous'], {}, nobody),
      query('app.input', ['anonymous']),
      query('app.input', ['decisions_seen', 'path_seen']),
    ]);
    expect(batch).toEqual([
      { decisions_seen: true },
      { path_seen: true },
      { decisions_seen: true },
      { allowed: false },
      { allowed: true },
      { anonymous: true },
      { anonymous: false },
      { decisions_seen: false, path_seen: true },
    ]);
  });

  it('refuses an aborted call with deadline_exceeded and any call after close with service_unavailable', async () => {
    const service = await start();
    const controller = new AbortController();
    controller.abort();
    const aborted = await serviceError(
      service.decide(query('app.values', ['exact_true']), { signal: controller.signal }),
    );
    expect(aborted.code).toBe('deadline_exceeded');
    await service.close();
    const closed = await serviceError(service.decide(query('app.values', ['exact_true'])));
    expect(closed.code).toBe('service_unavailable');
    await expect(store.getRelations({})).resolves.toEqual([]);
  });
});
