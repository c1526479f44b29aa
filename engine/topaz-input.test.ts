import type { Identity } from '@gatehousejs/core';
import { createMemoryRelationStore, parseManifest, type RelationStore } from '@gatehousejs/directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

// What a policy sees of the caller, and a relationship check through the subject Topaz passes.
const POLICY = `package app
import rego.v1
caller := {"identity": input.identity, "user": input.user}
anonymous if not input.identity
renamed if input.user.display_name == "Ann Smith"
can_read if ds.check({"object_type": "document", "object_id": input.resource.id, "relation": "can_read",
	"subject_type": "user", "subject_id": input.user.id})
`;
const MANIFEST = (identifierOnUser: boolean) => `model: { version: 3 }
types:
  ${identifierOnUser ? 'user: { relations: { identifier: identity } }\n  identity: {}' : 'user: {}\n  identity: { relations: { identifier: user } }'}
  document: { relations: { owner: user }, permissions: { can_read: owner } }
`;
const ann: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'sub-ann' };

describe("the engine with Topaz's input (input: 'topaz')", () => {
  let dir: TempPolicyDir;
  const services: EmbeddedDecisionService[] = [];

  async function engine(identifierOnUser: boolean): Promise<[EmbeddedDecisionService, RelationStore]> {
    const store = createMemoryRelationStore({
      manifest: parseManifest(MANIFEST(identifierOnUser), 'm.yaml'),
    });
    const service = await createEmbeddedDecisionService({ policiesDir: dir.dir, store, input: 'topaz' });
    services.push(service);
    return [service, store];
  }
  const ask = (service: EmbeddedDecisionService, identity: Identity, decisions: string[]) =>
    service.decide({ identity, policyPath: 'app', decisions, resourceContext: { id: 'd1' } });

  beforeAll(async () => {
    dir = await createTempPolicyDir();
    await dir.write('app.rego', POLICY);
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    await dir.remove();
  });

  it('leaves input.identity out for an anonymous call', async () => {
    const [service] = await engine(true);
    expect(await ask(service, { type: 'IDENTITY_TYPE_NONE' }, ['anonymous'])).toEqual({ anonymous: true });
  });

  it('resolves the subject through user:<id>#identifier@identity:<sub> into input.user', async () => {
    const [service, store] = await engine(true);
    await store.setObject({ type: 'user', id: 'ann', displayName: 'Ann' });
    await store.setRelation({
      objectType: 'user',
      objectId: 'ann',
      relation: 'identifier',
      subjectType: 'identity',
      subjectId: 'sub-ann',
    });
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    expect(await ask(service, ann, ['can_read', 'anonymous'])).toEqual({ can_read: true, anonymous: false });
  });

  it('resolves through the legacy identity:<sub>#identifier@user:<id> when the model has no user#identifier', async () => {
    const [service, store] = await engine(false);
    await store.setRelation({
      objectType: 'identity',
      objectId: 'sub-ann',
      relation: 'identifier',
      subjectType: 'user',
      subjectId: 'ann',
    });
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    expect(await ask(service, ann, ['can_read'])).toEqual({ can_read: true });
  });

  it('refuses a decision for a subject no user has as identifier, as Topaz does (E30007)', async () => {
    const [service] = await engine(true);
    await expect(
      service.decide({
        identity: ann,
        policyPath: 'app',
        decisions: ['can_read'],
        resourceContext: { id: 'd1' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('E30007') });
  });

  it('resolves each caller of a batch to its own user, and sees a changed user object in the next batch', async () => {
    const [service, store] = await engine(true);
    for (const [user, sub] of [
      ['ann', 'sub-ann'],
      ['bob', 'sub-bob'],
    ] as const) {
      await store.setObject({ type: 'user', id: user, displayName: user });
      await store.setRelation({
        objectType: 'user',
        objectId: user,
        relation: 'identifier',
        subjectType: 'identity',
        subjectId: sub,
      });
    }
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'bob',
    });
    const bob: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'sub-bob' };
    const query = (identity: Identity, decisions: string[]) => ({
      identity,
      policyPath: 'app',
      decisions,
      resourceContext: { id: 'd1' },
    });
    const batch = [query(ann, ['can_read']), query(bob, ['can_read']), query({ ...ann }, ['can_read'])];
    expect(await service.decideBatch(batch)).toEqual([
      { can_read: false },
      { can_read: true },
      { can_read: false },
    ]);
    expect(await service.decideBatch([query(ann, ['renamed'])])).toEqual([{ renamed: false }]);
    await store.setObject({ type: 'user', id: 'ann', displayName: 'Ann Smith' });
    expect(await service.decideBatch([query(ann, ['renamed'])])).toEqual([{ renamed: true }]);
    expect(await ask(service, ann, ['renamed'])).toEqual({ renamed: true });
  });
});
