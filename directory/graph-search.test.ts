import type { Relation } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { relationOf } from '../test/support/relation-text.ts';
import { ARROW_THROUGH_SETS_MANIFEST, ARROW_THROUGH_SETS_RELATIONS } from './arrow-through-sets.fixture.ts';
import { compileCheckPlan } from './check-plan.ts';
import type { DirectoryChange } from './directory-state.ts';
import { DirectoryState } from './directory-state.ts';
import { FOLDER_SHARING_MODEL } from './folder-sharing-model.fixture.ts';
import { searchGraph } from './graph-search.ts';
import { parseManifest } from './index.ts';
import type { DirectoryModel } from './model.ts';
import { RelationIndex } from './relation-index.ts';

const limits = { maxDepth: 100, maxVisits: 100_000 };

/** A state and, beside it, the same relations in an index of their own (the reference's). */
function stateOf(model: DirectoryModel, relations: readonly Relation[]) {
  const state = new DirectoryState(model, limits);
  const index = new RelationIndex();
  const apply = (change: DirectoryChange) => {
    state.apply(change);
    state.apply(change, index);
  };
  for (const relation of relations) apply({ op: 'setRelation', relation: { ...relation, createdAt: 0 } });
  /** The answer by definition: every object of the type checked. */
  const everyObjectChecked = (objectType: string, relation: string, subjectType: string, subjectId: string) =>
    searchGraph(compileCheckPlan(model), index, limits, { objectType, relation, subjectType, subjectId });
  return { state, apply, everyObjectChecked };
}

/** Every object search of the model — each type's relations and permissions, for each subject — compared. */
function expectSameAsEveryObjectChecked(
  model: DirectoryModel,
  { state, everyObjectChecked }: ReturnType<typeof stateOf>,
  subjects: readonly string[],
): void {
  for (const type of model.types.values()) {
    for (const relation of [...type.relations.keys(), ...type.permissions.keys()]) {
      for (const subject of subjects) {
        const [subjectType = '', subjectId = ''] = subject.split(':');
        const query = { objectType: type.name, relation, subjectType, subjectId };
        expect(state.graph(query), `${type.name}#${relation}@${subject}`).toEqual(
          everyObjectChecked(type.name, relation, subjectType, subjectId),
        );
      }
    }
  }
}

const SHARED = [
  relationOf('document:1', 'owner', 'user:ann'),
  relationOf('document:2', 'owner', 'user:bob'),
  relationOf('document:3', 'reader', 'user:*'),
  relationOf('document:4', 'reader', 'group:team', 'member'),
  relationOf('document:6', 'reader', 'user:bob'),
  relationOf('group:team', 'member', 'group:core', 'member'),
  relationOf('group:core', 'member', 'user:cat'),
  relationOf('group:core', 'member', 'group:team', 'member'),
  relationOf('folder:top', 'reader', 'user:dan'),
  relationOf('folder:top', 'reader', 'group:core', 'member'),
  relationOf('folder:sub', 'parent', 'folder:top'),
  relationOf('document:5', 'parent', 'folder:sub'),
  relationOf('document:10', 'parent', 'folder:top'),
  relationOf('folder:top', 'owner', 'user:ann'),
];

const SUBJECTS = [
  'user:ann',
  'user:bob',
  'user:cat',
  'user:dan',
  'user:*',
  'user:nobody',
  'group:team',
  'folder:top',
];

describe('DirectoryState.graph (object searches over what the walk reaches)', () => {
  it('finds exactly what checking every object finds: own, shared, public, groups, folders', () => {
    const directory = stateOf(FOLDER_SHARING_MODEL, SHARED);
    const search = (subjectId: string) =>
      directory.state
        .graph({ objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId })
        .map((node) => node.objectId);
    expect(search('ann')).toEqual(['1', '10', '3', '5']);
    expect(search('bob')).toEqual(['2', '3', '6']);
    expect(search('cat')).toEqual(['10', '3', '4', '5']);
    expect(search('*')).toEqual(['3']);
    expectSameAsEveryObjectChecked(FOLDER_SHARING_MODEL, directory, SUBJECTS);
  });

  it('no longer finds what a revoked share, a moved document or a deleted folder granted', () => {
    const directory = stateOf(FOLDER_SHARING_MODEL, SHARED);
    const readable = (subjectId: string) =>
      directory.state
        .graph({ objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId })
        .map((node) => node.objectId);
    // Searched before each change and after it: nothing the walk found before is kept past a change.
    const objects = (subjectId: string) =>
      directory.state.objects({
        objectType: 'document',
        relation: 'can_read',
        subjectType: 'user',
        subjectId,
      });
    expect(readable('bob')).toEqual(['2', '3', '6']);
    expect(objects('bob')).toEqual(['2', '3', '6']);
    directory.apply({ op: 'deleteRelation', relation: relationOf('document:6', 'reader', 'user:bob') });
    expect(readable('bob')).toEqual(['2', '3']);
    expect(objects('bob')).toEqual(['2', '3']);
    directory.apply({
      op: 'setRelation',
      relation: { ...relationOf('document:7', 'owner', 'user:bob'), createdAt: 0 },
    });
    expect(readable('bob')).toEqual(['2', '3', '7']);
    expect(readable('cat')).toEqual(['10', '3', '4', '5']);
    directory.apply({ op: 'deleteRelation', relation: relationOf('group:core', 'member', 'user:cat') });
    expect(readable('cat')).toEqual(['3']);
    directory.apply({ op: 'deleteRelation', relation: relationOf('document:5', 'parent', 'folder:sub') });
    expect(readable('dan')).toEqual(['10', '3']);
    directory.apply({ op: 'deleteObject', type: 'folder', id: 'top' });
    expect(readable('ann')).toEqual(['1', '3']);
    expectSameAsEveryObjectChecked(FOLDER_SHARING_MODEL, directory, SUBJECTS);
  });

  it('answers from a reloaded index, not from what the walk found in the one it replaced', () => {
    const directory = stateOf(FOLDER_SHARING_MODEL, SHARED);
    const readable = () =>
      directory.state
        .graph({ objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId: 'ann' })
        .map((node) => node.objectId);
    expect(readable()).toEqual(['1', '10', '3', '5']);
    const reloaded = new RelationIndex();
    directory.state.apply(
      { op: 'setRelation', relation: { ...relationOf('document:8', 'owner', 'user:ann'), createdAt: 0 } },
      reloaded,
    );
    directory.state.replaceIndex(reloaded);
    expect(readable()).toEqual(['8']);
  });

  it('confirms by checks where a permission excludes or intersects', () => {
    const model = parseManifest(
      `model: {version: 3}
types:
  user: {}
  document:
    relations:
      reader: user | user:*
      blocked: user
      approved: user
    permissions:
      can_read: reader - blocked
      can_approve: reader & approved
`,
      'exclusion.yaml',
    );
    const directory = stateOf(model, [
      relationOf('document:1', 'reader', 'user:*'),
      relationOf('document:2', 'reader', 'user:*'),
      relationOf('document:2', 'blocked', 'user:eve'),
      relationOf('document:3', 'blocked', 'user:ann'),
      relationOf('document:3', 'reader', 'user:eve'),
      relationOf('document:3', 'approved', 'user:eve'),
      relationOf('document:4', 'approved', 'user:ann'),
    ]);
    const search = (relation: string, subjectId: string) =>
      directory.state
        .graph({ objectType: 'document', relation, subjectType: 'user', subjectId })
        .map((node) => node.objectId);
    expect(search('can_read', 'eve')).toEqual(['1', '3']);
    expect(search('can_read', 'ann')).toEqual(['1', '2']);
    expect(search('can_approve', 'eve')).toEqual(['3']);
    expect(search('can_approve', 'ann')).toEqual([]);
    expectSameAsEveryObjectChecked(model, directory, ['user:ann', 'user:eve', 'user:*', 'user:nobody']);
  });

  it('checks every object where arrows pass through subject sets (which the walk cannot follow)', () => {
    const model = parseManifest(ARROW_THROUGH_SETS_MANIFEST, 'arrow-through-sets.yaml');
    const directory = stateOf(model, ARROW_THROUGH_SETS_RELATIONS);
    const search = (subjectId: string) =>
      directory.state
        .graph({ objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId })
        .map((node) => node.objectId);
    expect(search('ann')).toEqual(['d1']);
    expect(search('bob')).toEqual(['d2']);
    expectSameAsEveryObjectChecked(model, directory, ['user:ann', 'user:bob', 'folder:f1', 'team:t']);
  });
});
