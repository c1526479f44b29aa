import { createMemoryRelationStore, parseManifest, type RelationStore } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService } from './embedded-decision-service.ts';
import type { EngineError } from './engine-error.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

const manifest = parseManifest(`
model: {version: 3}
types:
  user: {}
  document:
    relations:
      owner: user
    permissions:
      can_read: owner
`);

const POLICY = `package webapp.read

default allowed = false

allowed {
  ds.check({
    "object_type": "document",
    "object_id": input.resource.id,
    "relation": "can_read",
    "subject_type": "user",
    "subject_id": input.identity.value,
  })
}
`;

/** A store the test resolves (or fails) when it chooses, as a database that is still starting. */
function laterStore() {
  let resolve!: (store: RelationStore) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<RelationStore>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}

describe('createEmbeddedDecisionService with a store still loading', () => {
  let policies: TempPolicyDir;
  beforeAll(async () => {
    policies = await createTempPolicyDir([{ file: 'read.rego', source: POLICY }]);
  });
  afterAll(async () => policies.remove());

  it('returns once the store has loaded, and ds.check reads that store', async () => {
    const later = laterStore();
    let returned = false;
    const starting = createEmbeddedDecisionService({ policiesDir: policies.dir, store: later.promise }).then(
      (service) => {
        returned = true;
        return service;
      },
    );
    // Long enough for the policies to be read and compiled: the service still waits for its store.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(returned).toBe(false);
    const store = createMemoryRelationStore({ manifest });
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    later.resolve(store);
    const service = await starting;
    const decide = (user: string) =>
      service.decide({
        identity: { type: 'IDENTITY_TYPE_SUB', value: user },
        policyPath: 'webapp.read',
        decisions: ['allowed'],
        resourceContext: { id: 'd1' },
      });
    expect(await decide('ann')).toEqual({ allowed: true });
    expect(await decide('bob')).toEqual({ allowed: false });
    expect(service.directory).toBe(store);
    await service.close();
  });

  it('fails on a policy error without waiting for the store', async () => {
    const broken = await createTempPolicyDir([{ file: 'bad.rego', source: 'package bad\n\nallow {\n' }]);
    try {
      const never = new Promise<RelationStore>(() => {});
      const error = await failure(createEmbeddedDecisionService({ policiesDir: broken.dir, store: never }));
      expect(error).toBeInstanceOf(RegoError);
      expect(error.message).toMatch(/bad\.rego:\d+:\d+: rego_parse_error/);
    } finally {
      await broken.remove();
    }
  });

  it("fails with the store's own error when it does not load", async () => {
    const later = laterStore();
    const starting = failure(
      createEmbeddedDecisionService({ policiesDir: policies.dir, store: later.promise }),
    );
    later.reject(new Error('the database did not start'));
    expect((await starting).message).toBe('the database did not start');
  });

  it('refuses a promise of something that is not a relation store, naming the option', async () => {
    const error = await failure(
      createEmbeddedDecisionService({
        policiesDir: policies.dir,
        store: Promise.resolve({ not: 'a store' } as unknown as RelationStore),
      }),
    );
    expect((error as EngineError).code).toBe('invalid_options');
    expect(error.message).toMatch(/store: must be a relation store/);
  });
});
