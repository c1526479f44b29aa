import type { Relation } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { relationOf } from '../test/support/relation-text.ts';
import { ARROW_THROUGH_SETS_MANIFEST } from './arrow-through-sets.fixture.ts';
import { DirectoryState } from './directory-state.ts';
import { FOLDER_SHARING_MODEL } from './folder-sharing-model.fixture.ts';
import { parseManifest } from './index.ts';
import type { DirectoryModel } from './model.ts';

const limits = { maxDepth: 100, maxVisits: 100_000 };

function stateOf(model: DirectoryModel, relations: readonly Relation[]): DirectoryState {
  const state = new DirectoryState(model, limits);
  for (const relation of relations)
    state.apply({ op: 'setRelation', relation: { ...relation, createdAt: 0 } });
  return state;
}

const search = (subjectId: string, relation = 'can_read', objectType = 'document') => ({
  objectType,
  relation,
  subjectType: 'user',
  subjectId,
});

/** The graph search's answer: every document the walk reaches checked (graph-search.test.ts compares it with every document checked). */
const checkedOneByOne = (state: DirectoryState, subjectId: string, relation = 'can_read') =>
  state.graph({ ...search(subjectId, relation), objectId: '' }).map((node) => node.objectId);

const SHARED = [
  relationOf('document:1', 'owner', 'user:ann'),
  relationOf('document:2', 'owner', 'user:bob'),
  relationOf('document:3', 'reader', 'user:*'),
  relationOf('document:4', 'reader', 'group:team', 'member'),
  relationOf('group:team', 'member', 'group:core', 'member'),
  relationOf('group:core', 'member', 'user:cat'),
  // A cycle of groups ends the walk.
  relationOf('group:core', 'member', 'group:team', 'member'),
  relationOf('folder:top', 'reader', 'user:dan'),
  relationOf('folder:sub', 'parent', 'folder:top'),
  relationOf('document:5', 'parent', 'folder:sub'),
  relationOf('document:10', 'parent', 'folder:top'),
  relationOf('folder:top', 'owner', 'user:ann'),
];

describe('DirectoryState.objects (the index walked)', () => {
  it('finds what checking every document finds: own, public, nested groups, nested folders', () => {
    const state = stateOf(FOLDER_SHARING_MODEL, SHARED);
    expect(state.objects(search('ann'))).toEqual(['1', '10', '3', '5']);
    expect(state.objects(search('cat'))).toEqual(['3', '4']);
    expect(state.objects(search('dan'))).toEqual(['10', '3', '5']);
    expect(state.objects(search('*'))).toEqual(['3']);
    expect(state.objects(search('nobody'))).toEqual(['3']);
    expect(state.objects(search('ann', 'can_write'))).toEqual(['1', '10', '5']);
    expect(state.objects(search('dan', 'can_read', 'folder'))).toEqual(['sub', 'top']);
    for (const user of ['ann', 'bob', 'cat', 'dan', '*', 'nobody']) {
      expect(state.objects(search(user)), user).toEqual(checkedOneByOne(state, user));
    }
  });

  it('no longer finds what a revoked share, a moved document or a deleted folder granted', () => {
    const state = stateOf(FOLDER_SHARING_MODEL, SHARED);
    state.apply({
      op: 'deleteRelation',
      relation: relationOf('group:core', 'member', 'user:cat'),
    });
    expect(state.objects(search('cat'))).toEqual(['3']);
    state.apply({
      op: 'deleteRelation',
      relation: relationOf('document:5', 'parent', 'folder:sub'),
    });
    expect(state.objects(search('dan'))).toEqual(['10', '3']);
    state.apply({ op: 'deleteObject', type: 'folder', id: 'top' });
    expect(state.objects(search('dan'))).toEqual(['3']);
    expect(state.objects(search('ann'))).toEqual(['1', '3']);
  });

  it('confirms what it walked by checks where a permission excludes', () => {
    const model = parseManifest(
      `model: {version: 3}
types:
  user: {}
  document:
    relations:
      reader: user | user:*
      blocked: user
    permissions:
      can_read: reader - blocked
`,
      'exclusion.yaml',
    );
    const state = stateOf(model, [
      relationOf('document:1', 'reader', 'user:*'),
      relationOf('document:2', 'reader', 'user:*'),
      relationOf('document:2', 'blocked', 'user:eve'),
      relationOf('document:3', 'blocked', 'user:ann'),
    ]);
    expect(state.objects(search('eve'))).toEqual(['1']);
    expect(state.objects(search('ann'))).toEqual(['1', '2']);
    for (const user of ['ann', 'eve'])
      expect(state.objects(search(user))).toEqual(checkedOneByOne(state, user));
  });

  it('leaves a model whose arrows pass through subject sets to the caller (undefined)', () => {
    const model = parseManifest(ARROW_THROUGH_SETS_MANIFEST, 'arrow-through-sets.yaml');
    expect(stateOf(model, []).objects(search('ann'))).toBeUndefined();
  });
});
