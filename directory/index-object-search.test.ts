import type { Relation } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
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

const rel = (object: string, relation: string, subject: string): Relation => {
  const [objectType = '', objectId = ''] = object.split(':');
  const [subjectPart = '', subjectRelation] = subject.split('#');
  const [subjectType = '', subjectId = ''] = subjectPart.split(':');
  return {
    objectType,
    objectId,
    relation,
    subjectType,
    subjectId,
    ...(subjectRelation ? { subjectRelation } : {}),
  };
};

const search = (subjectId: string, relation = 'can_read', objectType = 'document') => ({
  objectType,
  relation,
  subjectType: 'user',
  subjectId,
});

/** The answer by definition: every document checked (the memory store's search). */
const checkedOneByOne = (state: DirectoryState, subjectId: string, relation = 'can_read') =>
  state.graph({ ...search(subjectId, relation), objectId: '' }).map((node) => node.objectId);

const SHARED = [
  rel('document:1', 'owner', 'user:ann'),
  rel('document:2', 'owner', 'user:bob'),
  rel('document:3', 'reader', 'user:*'),
  rel('document:4', 'reader', 'group:team#member'),
  rel('group:team', 'member', 'group:core#member'),
  rel('group:core', 'member', 'user:cat'),
  // A cycle of groups ends the walk.
  rel('group:core', 'member', 'group:team#member'),
  rel('folder:top', 'reader', 'user:dan'),
  rel('folder:sub', 'parent', 'folder:top'),
  rel('document:5', 'parent', 'folder:sub'),
  rel('document:10', 'parent', 'folder:top'),
  rel('folder:top', 'owner', 'user:ann'),
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
      relation: rel('group:core', 'member', 'user:cat'),
    });
    expect(state.objects(search('cat'))).toEqual(['3']);
    state.apply({
      op: 'deleteRelation',
      relation: rel('document:5', 'parent', 'folder:sub'),
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
      rel('document:1', 'reader', 'user:*'),
      rel('document:2', 'reader', 'user:*'),
      rel('document:2', 'blocked', 'user:eve'),
      rel('document:3', 'blocked', 'user:ann'),
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
