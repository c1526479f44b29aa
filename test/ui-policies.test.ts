/**
 * The page route policies (policies/webapp/routes, one per page route) on the embedded engine:
 * the same rules as the JSON API — the location rule first, sign-in where a user is needed, the
 * document permission of each page — and a start page and style sheet anyone may fetch.
 */
import path from 'node:path';
import type { Identity } from '@gatehousejs/core';
import { createMemoryRelationStore } from '@gatehousejs/engine';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
} from '@gatehousejs/engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const POLICIES = path.join(import.meta.dirname, '..', 'policies');
const user = (value: string): Identity => ({ type: 'IDENTITY_TYPE_SUB', value });
const nobody: Identity = { type: 'IDENTITY_TYPE_NONE' };
const at = (country: string) => ({ location: { country_code: country } });

describe('the page route policies', () => {
  let engine: EmbeddedDecisionService;

  const allowed = async (policyPath: string, identity: Identity, resource: Record<string, unknown> = {}) =>
    (await engine.decide({ identity, policyPath, decisions: ['allowed'], resourceContext: resource }))
      .allowed;

  beforeAll(async () => {
    const store = createMemoryRelationStore({
      manifest: await loadManifestFile(path.join(POLICIES, 'manifest.yaml')),
    });
    for (const id of ['ann', 'ben', 'cy', 'dee']) await store.setObject({ type: 'user', id });
    for (const id of ['7', '8']) await store.setObject({ type: 'document', id });
    await store.setObject({ type: 'folder', id: '3' });
    await store.setRelation({
      objectType: 'folder',
      objectId: '3',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'ann',
    });
    const rel = (id: string, relation: string, subjectId: string) =>
      store.setRelation({ objectType: 'document', objectId: id, relation, subjectType: 'user', subjectId });
    await rel('7', 'owner', 'ann');
    await rel('7', 'writer', 'ben');
    await rel('7', 'reader', 'cy');
    await rel('8', 'owner', 'ann');
    await rel('8', 'reader', '*');
    engine = await createEmbeddedDecisionService({ policiesDir: POLICIES, store });
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('lets anyone open the start page and fetch the style sheet; a restricted location only the style sheet', async () => {
    expect(await allowed('webapp.GET', nobody)).toBe(true);
    expect(await allowed('webapp.GET', user('ann'), at('GB'))).toBe(true);
    expect(await allowed('webapp.GET', user('ann'), at('CN'))).toBe(false);
    expect(await allowed('webapp.GET', user('ann'), { location: { country_code: null } })).toBe(false);
    for (const identity of [nobody, user('ann')]) {
      expect(await allowed('webapp.GET.assets.__file', identity, { file: 'app.css', ...at('KP') })).toBe(
        true,
      );
    }
    const jwt = { type: 'IDENTITY_TYPE_JWT', value: 'e30.e30.sig' } as unknown as Identity;
    expect(await allowed('webapp.GET.assets.__file', jwt)).toBe(false);
  });

  it('gives each document page the permission of its action: read, write, delete, share', async () => {
    const pages = [
      ['webapp.GET.documents.__id', [true, true, true, false]],
      ['webapp.GET.documents.__id.edit', [true, true, false, false]],
      ['webapp.POST.documents.__id.edit', [true, true, false, false]],
      ['webapp.GET.documents.__id.delete', [true, false, false, false]],
      ['webapp.POST.documents.__id.delete', [true, false, false, false]],
      ['webapp.GET.documents.__id.shares', [true, false, false, false]],
      ['webapp.POST.documents.__id.shares', [true, false, false, false]],
      ['webapp.POST.documents.__id.shares.change', [true, false, false, false]],
      ['webapp.POST.documents.__id.shares.revoke', [true, false, false, false]],
      ['webapp.POST.documents.__id.shares.cancel', [true, false, false, false]],
      ['webapp.POST.documents.__id.leave', [true, true, true, false]],
      ['webapp.GET.documents.__id.history', [true, true, true, false]],
      ['webapp.GET.documents.__id.versions.__version', [true, true, true, false]],
      ['webapp.POST.documents.__id.versions.__version.restore', [true, true, false, false]],
      ['webapp.GET.api.documents.__id.versions', [true, true, true, false]],
      ['webapp.GET.api.documents.__id.versions.__version', [true, true, true, false]],
      ['webapp.POST.api.documents.__id.versions.__version.restore', [true, true, false, false]],
      ['webapp.POST.trash.__id.restore', [true, false, false, false]],
      ['webapp.GET.trash.__id.delete', [true, false, false, false]],
      ['webapp.POST.trash.__id.delete', [true, false, false, false]],
      ['webapp.POST.api.trash.__id.restore', [true, false, false, false]],
      ['webapp.DELETE.api.trash.__id', [true, false, false, false]],
    ] as const;
    for (const [policyPath, expected] of pages) {
      const decisions = [];
      for (const who of ['ann', 'ben', 'cy', 'dee'])
        decisions.push(await allowed(policyPath, user(who), { id: '7', ...at('GB') }));
      expect(decisions, policyPath).toEqual(expected);
      expect(await allowed(policyPath, user('ann'), { id: '7', ...at('IR') }), `${policyPath} from IR`).toBe(
        false,
      );
    }
  });

  it('opens the trash lists to signed-in users in a permitted location, never without a session', async () => {
    for (const policyPath of ['webapp.GET.trash', 'webapp.GET.api.trash']) {
      expect(await allowed(policyPath, user('dee'), at('GB')), policyPath).toBe(true);
      expect(await allowed(policyPath, user('dee'), at('CN')), policyPath).toBe(false);
      expect(await allowed(policyPath, nobody), policyPath).toBe(false);
    }
    // Restoring a public document, or deleting it for good, is still its owner's alone.
    for (const policyPath of [
      'webapp.POST.trash.__id.restore',
      'webapp.POST.api.trash.__id.restore',
      'webapp.GET.trash.__id.delete',
    ]) {
      expect(await allowed(policyPath, nobody, { id: '8' }), policyPath).toBe(false);
      expect(await allowed(policyPath, user('dee'), { id: '8', ...at('GB') }), policyPath).toBe(false);
      expect(await allowed(policyPath, user('ann'), { id: '8', ...at('GB') }), policyPath).toBe(true);
    }
  });

  it('shows a public document without a session, and nothing else', async () => {
    expect(await allowed('webapp.GET.documents.__id', nobody, { id: '8' })).toBe(true);
    expect(await allowed('webapp.GET.documents.__id', nobody, { id: '7' })).toBe(false);
    for (const policyPath of [
      'webapp.GET.documents.__id.edit',
      'webapp.GET.documents.__id.shares',
      'webapp.GET.documents.__id.history',
      'webapp.GET.api.documents.__id.versions',
      'webapp.POST.documents.__id.leave',
    ]) {
      expect(await allowed(policyPath, nobody, { id: '8' }), policyPath).toBe(false);
    }
  });

  it('lets an unknown document through to the page, which answers 404', async () => {
    expect(await allowed('webapp.GET.documents.__id', user('dee'), { id: '999', ...at('GB') })).toBe(true);
    expect(await allowed('webapp.GET.documents.__id.edit', user('dee'), { id: '999', ...at('GB') })).toBe(
      true,
    );
  });

  it('opens the creation pages to signed-in users in a permitted location only', async () => {
    for (const policyPath of [
      'webapp.GET.documents.new',
      'webapp.POST.documents.new',
      'webapp.GET.folders.new',
      'webapp.POST.folders.new',
    ]) {
      expect(await allowed(policyPath, user('dee'), at('DE')), policyPath).toBe(true);
      expect(await allowed(policyPath, user('dee'), at('CN')), policyPath).toBe(false);
      expect(await allowed(policyPath, nobody), policyPath).toBe(false);
    }
  });

  it('opens folder pages to the folder owner only, and search to anyone in a permitted location', async () => {
    for (const policyPath of ['webapp.GET.search', 'webapp.GET.api.search']) {
      expect(await allowed(policyPath, nobody), policyPath).toBe(true);
      expect(await allowed(policyPath, user('dee'), at('DE')), policyPath).toBe(true);
      expect(await allowed(policyPath, user('dee'), at('KP')), policyPath).toBe(false);
    }
    const folderPages = [
      'webapp.GET.folders.__id',
      'webapp.GET.folders.__id.edit',
      'webapp.POST.folders.__id.edit',
      'webapp.GET.folders.__id.delete',
      'webapp.POST.folders.__id.delete',
      'webapp.GET.api.folders.__id.contents',
    ];
    for (const policyPath of folderPages) {
      expect(await allowed(policyPath, user('ann'), { id: '3', ...at('GB') }), policyPath).toBe(true);
      expect(await allowed(policyPath, user('ben'), { id: '3', ...at('GB') }), policyPath).toBe(false);
      expect(await allowed(policyPath, nobody, { id: '3' }), policyPath).toBe(false);
      expect(await allowed(policyPath, user('ann'), { id: '3', ...at('IR') }), policyPath).toBe(false);
    }
  });
});
