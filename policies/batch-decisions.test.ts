import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DecisionQuery, Identity } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
} from '@gatehousejs/engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../test/support/seeded-random.ts';

// A list's decisions in one batch (the caller's rules evaluated once) against the same decisions
// one at a time, with the application's policies, Topaz's input and Gatehouse's, over callers
// that change, locations (restricted, unknown, missing) and documents owned, shared, public,
// inherited through folders and unknown.
const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = ['ann', 'ben', 'cy', 'dee'];
const DOCUMENTS = 60;

async function fill(store: RelationStore): Promise<void> {
  const next = seededRandom(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  for (const id of USERS) {
    await store.setObject({ type: 'user', id, displayName: id, properties: { email: `${id}@x` } });
    await store.setObject({ type: 'identity', id: `sub-${id}` });
    await store.setRelation({
      objectType: 'user',
      objectId: id,
      relation: 'identifier',
      subjectType: 'identity',
      subjectId: `sub-${id}`,
    });
  }
  await store.setObject({ type: 'folder', id: 'f1' });
  await store.setRelation({
    objectType: 'folder',
    objectId: 'f1',
    relation: 'owner',
    subjectType: 'user',
    subjectId: 'ben',
  });
  await store.setRelation({
    objectType: 'folder',
    objectId: 'f1',
    relation: 'reader',
    subjectType: 'user',
    subjectId: 'cy',
  });
  for (let d = 0; d < DOCUMENTS; d++) {
    const id = `doc-${d}`;
    await store.setObject({ type: 'document', id });
    const rel = (relation: string, subjectId: string) =>
      store.setRelation({ objectType: 'document', objectId: id, relation, subjectType: 'user', subjectId });
    await rel('owner', pick(USERS));
    if (next() < 0.3) await rel(pick(['reader', 'writer']), pick(USERS));
    if (next() < 0.15) await rel('reader', '*');
    if (next() < 0.2)
      await store.setRelation({
        objectType: 'document',
        objectId: id,
        relation: 'parent',
        subjectType: 'folder',
        subjectId: 'f1',
      });
  }
}

/** A list request's queries: one caller and location, then another, over every document. */
function queries(seed: number, topaz: boolean): DecisionQuery[] {
  const next = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const identities: Identity[] = [
    ...USERS.map((u): Identity => ({ type: 'IDENTITY_TYPE_SUB', value: topaz ? `sub-${u}` : u })),
    { type: 'IDENTITY_TYPE_NONE' },
  ];
  const locations = [{ country_code: 'FR' }, { country_code: 'IR' }, { country_code: null }, undefined];
  const out: DecisionQuery[] = [];
  let identity = pick(identities);
  let location = pick(locations);
  for (let i = 0; i < 400; i++) {
    if (next() < 0.04) identity = pick(identities);
    if (next() < 0.04) location = pick(locations);
    const d = Math.floor(next() * (DOCUMENTS + 5)); // a few unknown documents
    out.push({
      identity: next() < 0.1 ? { ...identity } : identity,
      policyPath: 'webapp.check',
      decisions: next() < 0.5 ? ['allowed'] : ['can_read', 'can_write', 'can_share', 'can_delete'],
      resourceContext: {
        ...(location ? { location: next() < 0.1 ? { ...location } : location } : {}),
        object_type: pick(['document', 'document', 'document', 'folder']),
        object_id: d < DOCUMENTS ? `doc-${d}` : `gone-${d}`,
        relation: pick(['can_read', 'can_write', 'owner', 'reader']),
        subject_type: pick(['user', 'user', 'user', 'group']),
      },
    });
  }
  return out;
}

describe('decideBatch with the application policies', () => {
  let store: RelationStore;
  const services: Record<'gatehouse' | 'topaz', EmbeddedDecisionService[]> = { gatehouse: [], topaz: [] };

  beforeAll(async () => {
    store = createMemoryRelationStore({ manifest: await loadManifestFile(path.join(here, 'manifest.yaml')) });
    await fill(store);
    for (const input of ['gatehouse', 'topaz'] as const) {
      services[input].push(await createEmbeddedDecisionService({ policiesDir: here, store, input }));
      services[input].push(
        await createEmbeddedDecisionService({
          policiesDir: here,
          store,
          input,
          data: { gatehouse: { location: { allow_unknown: true } } },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const s of [...services.gatehouse, ...services.topaz]) await s.close();
    await store?.close();
  });

  for (const input of ['gatehouse', 'topaz'] as const) {
    it(`decides every query of a list as decide does, one at a time (${input} input, 4 × 400 queries)`, async () => {
      for (const service of services[input]) {
        for (const seed of [11, 12]) {
          const list = queries(seed, input === 'topaz');
          const alone = [];
          for (const q of list) alone.push(await service.decide(q));
          const batched = [];
          for (let i = 0; i < list.length; i += 100)
            batched.push(...(await service.decideBatch(list.slice(i, i + 100))));
          expect(batched).toEqual(alone);
          // Both answers occur: the comparison is not between two lists of denials.
          expect(alone.some((d) => Object.values(d).includes(true))).toBe(true);
          expect(alone.some((d) => Object.values(d).includes(false))).toBe(true);
        }
      }
    });
  }
});
