/**
 * The sharing model of `manifest.yaml` beyond one document: folder shares reach everything inside
 * at any depth, group shares reach every member, and taking either away (a move out of the
 * folder, a revoked share, a removed member) ends what it gave — decided by the application's
 * policies on the embedded engine, as the routes ask them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Identity, Relation } from '@gatehousejs/core';
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
const gb = { location: { country_code: 'GB' } };
const NONE = [false, false, false, false];
const READ = [true, false, false, false];
const WRITE = [true, true, false, false];
const OWNER = [true, true, true, true];

const rel = (
  objectType: string,
  objectId: string,
  relation: string,
  subjectType: string,
  subjectId: string,
  subjectRelation?: string,
): Relation => ({
  objectType,
  objectId,
  relation,
  subjectType,
  subjectId,
  ...(subjectRelation ? { subjectRelation } : {}),
});

describe('folder and group sharing on the embedded engine', () => {
  let store: RelationStore;
  let engine: EmbeddedDecisionService;

  async function permissions(subject: string, objectType: string, id: string) {
    const decisions = await engine.decide({
      identity: user(subject),
      policyPath: 'webapp.check',
      decisions: [...PERMISSIONS],
      resourceContext: { ...gb, object_type: objectType, object_id: id, subject_type: 'user' },
    });
    return PERMISSIONS.map((p) => decisions[p]);
  }

  /** A chain of `depth` folders of ann's under `top`, with a document at the bottom; its id. */
  async function nested(top: string, depth: number): Promise<string> {
    let parent = top;
    for (let level = 1; level <= depth; level++) {
      const id = `${top}-${level}`;
      await store.setObject({ type: 'folder', id });
      await store.setRelation(rel('folder', id, 'owner', 'user', 'ann'));
      await store.setRelation(rel('folder', id, 'parent', 'folder', parent));
      parent = id;
    }
    const doc = `${top}-doc`;
    await store.setObject({ type: 'document', id: doc });
    await store.setRelation(rel('document', doc, 'owner', 'user', 'ann'));
    await store.setRelation(rel('document', doc, 'parent', 'folder', parent));
    return doc;
  }

  beforeAll(async () => {
    store = createMemoryRelationStore({ manifest: await loadManifestFile(path.join(here, 'manifest.yaml')) });
    for (const id of ['ann', 'ben', 'cy', 'dee']) await store.setObject({ type: 'user', id });
    engine = await createEmbeddedDecisionService({ policiesDir: here, store });
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('lets a folder share reach documents and folders 31 levels down, and ends it on revocation', async () => {
    await store.setObject({ type: 'folder', id: 'top' });
    await store.setRelation(rel('folder', 'top', 'owner', 'user', 'ann'));
    const doc = await nested('top', 31);
    expect(await permissions('ben', 'document', doc)).toEqual(NONE);

    await store.setRelation(rel('folder', 'top', 'reader', 'user', 'ben'));
    expect(await permissions('ben', 'document', doc)).toEqual(READ);
    expect(await permissions('ben', 'folder', 'top-17')).toEqual(READ);
    await store.setRelation(rel('folder', 'top', 'writer', 'user', 'cy'));
    expect(await permissions('cy', 'document', doc)).toEqual(WRITE);
    expect(await permissions('cy', 'folder', 'top-31')).toEqual(WRITE);
    expect(await permissions('ann', 'document', doc)).toEqual(OWNER);

    await store.deleteRelation(rel('folder', 'top', 'reader', 'user', 'ben'));
    expect(await permissions('ben', 'document', doc)).toEqual(NONE);
    expect(await permissions('ben', 'folder', 'top-17')).toEqual(NONE);
  });

  it('ends inherited access when a document moves out of the shared folder', async () => {
    await store.setObject({ type: 'folder', id: 'moved' });
    await store.setRelation(rel('folder', 'moved', 'owner', 'user', 'ann'));
    await store.setRelation(rel('folder', 'moved', 'writer', 'user', 'ben'));
    const doc = await nested('moved', 2);
    expect(await permissions('ben', 'document', doc)).toEqual(WRITE);
    await store.deleteRelation(rel('document', doc, 'parent', 'folder', 'moved-2'));
    expect(await permissions('ben', 'document', doc)).toEqual(NONE);
  });

  it('reaches every member of a group shared a document or a folder, and no one removed', async () => {
    await store.setObject({ type: 'group', id: 'team' });
    await store.setRelation(rel('group', 'team', 'owner', 'user', 'ann'));
    await store.setRelation(rel('group', 'team', 'member', 'user', 'ben'));
    await store.setRelation(rel('group', 'team', 'member', 'user', 'cy'));
    await store.setObject({ type: 'document', id: 'memo' });
    await store.setRelation(rel('document', 'memo', 'owner', 'user', 'ann'));
    await store.setRelation(rel('document', 'memo', 'writer', 'group', 'team', 'member'));
    await store.setObject({ type: 'folder', id: 'shelf' });
    await store.setRelation(rel('folder', 'shelf', 'owner', 'user', 'ann'));
    await store.setRelation(rel('folder', 'shelf', 'reader', 'group', 'team', 'member'));
    const inShelf = await nested('shelf', 3);

    expect(await permissions('ben', 'document', 'memo')).toEqual(WRITE);
    expect(await permissions('cy', 'document', inShelf)).toEqual(READ);
    expect(await permissions('dee', 'document', 'memo')).toEqual(NONE);
    // Members see the group; only its owner manages it.
    expect(await permissions('ben', 'group', 'team')).toEqual(READ);
    expect(await permissions('ann', 'group', 'team')).toEqual(OWNER);
    expect(await permissions('dee', 'group', 'team')).toEqual(NONE);

    await store.deleteRelation(rel('group', 'team', 'member', 'user', 'cy'));
    expect(await permissions('cy', 'document', inShelf)).toEqual(NONE);
    expect(await permissions('cy', 'document', 'memo')).toEqual(NONE);
    expect(await permissions('ben', 'document', inShelf)).toEqual(READ);

    // Deleting the group takes every share it held with it.
    await store.deleteObject('group', 'team');
    expect(await permissions('ben', 'document', 'memo')).toEqual(NONE);
    expect(await permissions('ben', 'document', inShelf)).toEqual(NONE);
  });

  it('keeps deleting and sharing with the owner of the document, not the folder', async () => {
    await store.setObject({ type: 'folder', id: 'lent' });
    await store.setRelation(rel('folder', 'lent', 'owner', 'user', 'ann'));
    await store.setRelation(rel('folder', 'lent', 'writer', 'user', 'ben'));
    await store.setObject({ type: 'document', id: 'bens' });
    await store.setRelation(rel('document', 'bens', 'owner', 'user', 'ben'));
    await store.setRelation(rel('document', 'bens', 'parent', 'folder', 'lent'));
    expect(await permissions('ben', 'document', 'bens')).toEqual(OWNER);
    // ann reads and edits what others put in her folder, and neither deletes nor shares it.
    expect(await permissions('ann', 'document', 'bens')).toEqual(WRITE);
  });
});
