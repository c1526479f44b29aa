import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Identity } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
} from '@gatehousejs/engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const PERMISSIONS = ['can_read', 'can_write', 'can_share', 'can_delete'] as const;
const user = (value: string): Identity => ({ type: 'IDENTITY_TYPE_SUB', value });
const nobody: Identity = { type: 'IDENTITY_TYPE_NONE' };
const gb = { location: { country_code: 'GB' } };

describe('the application policies on the embedded engine', () => {
  let store: RelationStore;
  let engine: EmbeddedDecisionService;
  let lenient: EmbeddedDecisionService;

  const rel = (id: string, relation: string, subjectId: string) =>
    store.setRelation({ objectType: 'document', objectId: id, relation, subjectType: 'user', subjectId });

  /** The four permission decisions of `webapp.check` on document `id`. */
  async function permissions(identity: Identity, id: string, resource: object = gb, service = engine) {
    const decisions = await service.decide({
      identity,
      policyPath: 'webapp.check',
      decisions: [...PERMISSIONS],
      resourceContext: { ...resource, object_type: 'document', object_id: id, subject_type: 'user' },
    });
    return PERMISSIONS.map((p) => decisions[p]);
  }
  const route = async (policyPath: string, identity: Identity, resource: object) =>
    (await engine.decide({ identity, policyPath, decisions: ['allowed'], resourceContext: resource }))
      .allowed;

  beforeAll(async () => {
    store = createMemoryRelationStore({ manifest: await loadManifestFile(path.join(here, 'manifest.yaml')) });
    for (const id of ['ann', 'ben', 'cy']) await store.setObject({ type: 'user', id });
    for (const id of ['own', 'shared', 'public']) await store.setObject({ type: 'document', id });
    await rel('own', 'owner', 'ann');
    await rel('shared', 'owner', 'ann');
    await rel('shared', 'writer', 'ben');
    await rel('shared', 'reader', 'cy');
    await rel('public', 'owner', 'ann');
    await rel('public', 'reader', '*');
    engine = await createEmbeddedDecisionService({ policiesDir: here, store });
    lenient = await createEmbeddedDecisionService({
      policiesDir: here,
      store,
      data: { gatehouse: { location: { allow_unknown: true } } },
    });
  });
  afterAll(async () => {
    await engine?.close();
    await lenient?.close();
  });

  it('decides the rules table: owner RWSD, write share RW, read share R, public R for anyone', async () => {
    expect(await permissions(user('ann'), 'own')).toEqual([true, true, true, true]);
    expect(await permissions(user('ben'), 'shared')).toEqual([true, true, false, false]);
    expect(await permissions(user('cy'), 'shared')).toEqual([true, false, false, false]);
    expect(await permissions(user('ben'), 'public')).toEqual([true, false, false, false]);
    expect(await permissions(nobody, 'public', {})).toEqual([true, false, false, false]);
    expect(await permissions(user('ben'), 'own')).toEqual([false, false, false, false]);
    expect(await permissions(nobody, 'own', {})).toEqual([false, false, false, false]);
  });

  it('denies users in CN, KP and IR everything, their own documents included', async () => {
    for (const country of ['CN', 'KP', 'IR']) {
      const there = { location: { country_code: country } };
      expect(await permissions(user('ann'), 'own', there), country).toEqual([false, false, false, false]);
      expect(await permissions(user('ann'), 'public', there), country).toEqual([false, false, false, false]);
      expect(await route('webapp.GET.api.documents', user('ann'), there), country).toBe(false);
      expect(await route('webapp.POST.api.documents', user('ann'), there), country).toBe(false);
    }
    expect(await permissions(user('ann'), 'own', { location: { country_code: 'DE' } })).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('denies a signed-in user whose location is unknown, unless the data document allows it', async () => {
    for (const resource of [{}, { location: { country_code: null } }, { location: {} }]) {
      expect(await permissions(user('ann'), 'own', resource)).toEqual([false, false, false, false]);
      expect(await permissions(user('ann'), 'own', resource, lenient)).toEqual([true, true, true, true]);
    }
    expect(await permissions(user('ann'), 'own', { location: { country_code: 'IR' } }, lenient)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('trusts only subject identities with a value', async () => {
    for (const identity of [
      { type: 'IDENTITY_TYPE_JWT', value: 'ann' },
      { type: 'IDENTITY_TYPE_MANUAL', value: 'ann' },
    ] as Identity[]) {
      expect(await permissions(identity, 'own')).toEqual([false, false, false, false]);
      expect(await route('webapp.POST.api.documents', identity, gb)).toBe(false);
    }
    await expect(permissions({ type: 'IDENTITY_TYPE_SUB', value: '' }, 'own')).rejects.toThrow(/non-empty/);
  });

  it('lets route policies pass unknown objects to the handler (404) and check known ones', async () => {
    expect(await route('webapp.GET.api.documents.__id', user('ben'), { ...gb, id: 'own' })).toBe(false);
    expect(await route('webapp.GET.api.documents.__id', user('ben'), { ...gb, id: '999' })).toBe(true);
    expect(await route('webapp.GET.api.documents.__id', nobody, { id: 'public' })).toBe(true);
    expect(await route('webapp.PUT.api.documents.__id', nobody, { id: '999' })).toBe(false);
    expect(await route('webapp.PUT.api.documents.__id', user('ben'), { ...gb, id: 'shared' })).toBe(true);
    expect(await route('webapp.DELETE.api.documents.__id', user('ben'), { ...gb, id: 'shared' })).toBe(false);
    expect(
      await route('webapp.DELETE.api.shares.__doc_id.__email', user('ann'), { ...gb, doc_id: 'shared' }),
    ).toBe(true);
    expect(
      await route('webapp.DELETE.api.shares.__doc_id.__email', user('ben'), { ...gb, doc_id: 'shared' }),
    ).toBe(false);
    expect(await route('webapp.GET.api.documents', nobody, {})).toBe(true);
    expect(await route('webapp.GET.api.folders', nobody, {})).toBe(false);
  });

  it('names every route policy file after its package, Rego v0 with import rego.v1', async () => {
    const dir = path.join(here, 'webapp', 'routes');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.rego'));
    const routePackages = engine.packages.filter((p) => /^webapp\.[A-Z]+(\.|$)/.test(p));
    expect(files.map((f) => `webapp.${f.replace(/\.rego$/, '')}`).sort()).toEqual([...routePackages].sort());
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(text).toContain(`package webapp.${file.replace(/\.rego$/, '')}\n`);
      expect(text).toContain('import rego.v1');
      expect(engine.packages).toContain(`webapp.${file.replace(/\.rego$/, '')}`);
    }
  });
});
