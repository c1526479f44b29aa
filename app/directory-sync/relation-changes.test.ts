import type { DirectoryWrite } from '@gatehousejs/core';
import { applyDirectoryWrite } from '@gatehousejs/core/adapter';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Document, Folder, Share } from '../db/index.ts';
import {
  documentCreated,
  documentDeleted,
  documentUpdated,
  folderCreated,
  folderDeleted,
  folderUpdated,
  shareGranted,
  shareRevoked,
  userChanges,
} from './index.ts';

const at = new Date('2026-01-01T00:00:00Z');
const doc = (overrides: Partial<Document> = {}): Document => ({
  id: 7,
  name: 'Plan',
  content: '',
  ownerId: 'ann',
  folderId: null,
  isPublic: false,
  createdAt: at,
  updatedAt: at,
  version: 1,
  revision: 1,
  ...overrides,
});
const folder = (overrides: Partial<Folder> = {}): Folder => ({
  id: 3,
  name: 'Reports',
  ownerId: 'ann',
  parentFolderId: null,
  createdAt: at,
  ...overrides,
});
const share = (permission: Share['permission']): Share => ({
  documentId: 7,
  userId: 'ben',
  permission,
  createdAt: at,
});

describe('the directory changes of each data change, applied with the application manifest', () => {
  let store: RelationStore;
  const apply = async (changes: DirectoryWrite[]) => {
    for (const change of changes) await applyDirectoryWrite(store, change);
  };
  const can = (subjectId: string, relation: string, objectId = '7', objectType = 'document') =>
    store.checkNow({ objectType, objectId, relation, subjectType: 'user', subjectId });

  beforeEach(async () => {
    store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
    await apply([...userChanges({ id: 'ann' }), ...userChanges({ id: 'ben' })]);
  });

  it('gives the owner every permission and nobody else any', async () => {
    await apply(documentCreated(doc()));
    expect(['can_read', 'can_write', 'can_share', 'can_delete'].map((p) => can('ann', p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['can_read', 'can_write', 'can_share', 'can_delete'].map((p) => can('ben', p))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('makes a public document readable by every user, and takes it back', async () => {
    await apply(documentCreated(doc({ isPublic: true })));
    expect(can('*', 'reader')).toBe(true);
    // As on Topaz, ben (the subject of no relation yet) does not reach the wildcard: the policies
    // ask with the wildcard itself for public reads. Once he holds anything, he does.
    expect(can('ben', 'can_read')).toBe(false);
    await apply(shareGranted({ ...share('read'), documentId: 2 }));
    expect(can('ben', 'can_read')).toBe(true);
    expect(can('ben', 'can_write')).toBe(false);
    await apply(documentUpdated(doc({ isPublic: true }), doc({ isPublic: false })));
    expect(can('*', 'reader')).toBe(false);
    expect(can('ben', 'can_read')).toBe(false);
    expect(documentUpdated(doc(), doc({ name: 'Renamed', content: 'x' }))).toEqual([]);
  });

  it('turns read and write shares into reader and writer, and revokes them', async () => {
    await apply([...documentCreated(doc()), ...shareGranted(share('read'))]);
    expect([can('ben', 'can_read'), can('ben', 'can_write')]).toEqual([true, false]);
    await apply([...shareRevoked(share('read')), ...shareGranted(share('write'))]);
    expect([can('ben', 'can_read'), can('ben', 'can_write'), can('ben', 'can_share')]).toEqual([
      true,
      true,
      false,
    ]);
    await apply(shareRevoked(share('write')));
    expect(can('ben', 'can_read')).toBe(false);
  });

  it('moves documents and folders between parents, and deletes objects with their relations', async () => {
    await apply([
      ...folderCreated(folder()),
      ...folderCreated(folder({ id: 4 })),
      ...documentCreated(doc({ folderId: 3 })),
    ]);
    const parents = async () =>
      (await store.getRelations({ objectType: 'document', objectId: '7', relation: 'parent' })).map(
        (r) => r.subjectId,
      );
    expect(await parents()).toEqual(['3']);
    await apply(documentUpdated(doc({ folderId: 3 }), doc({ folderId: 4 })));
    expect(await parents()).toEqual(['4']);
    await apply(folderUpdated(folder({ id: 4 }), folder({ id: 4, parentFolderId: 3 })));
    expect(
      await store.getRelations({ objectType: 'folder', objectId: '4', relation: 'parent' }),
    ).toHaveLength(1);
    expect(can('ann', 'can_write', '4', 'folder')).toBe(true);
    await apply([...shareGranted(share('read')), ...documentDeleted(doc())]);
    expect(await store.getRelations({ objectType: 'document', objectId: '7' })).toEqual([]);
    await apply(folderDeleted(folder({ id: 4 })));
    expect(can('ann', 'can_read', '4', 'folder')).toBe(false);
  });
});
