/**
 * A model whose arrow passes through a subject set (`document#parent` may hold `team#member`,
 * so `parent->can_read` is checked on the team's members), and the relations both stores' tests
 * load to search it in both directions.
 */
import type { GraphSubject, Relation, RelationGraph } from '@gatehousejs/core';

/** The manifest. */
export const ARROW_THROUGH_SETS_MANIFEST = `model: {version: 3}
types:
  user: {}
  folder:
    relations:
      owner: user
    permissions:
      can_read: owner
  team:
    relations:
      member: folder
  document:
    relations:
      parent: folder | team#member
    permissions:
      can_read: parent->can_read
`;

const r = (
  objectType: string,
  objectId: string,
  relation: string,
  subjectType: string,
  subjectId: string,
  subjectRelation?: string,
): Relation =>
  subjectRelation
    ? { objectType, objectId, relation, subjectType, subjectId, subjectRelation }
    : { objectType, objectId, relation, subjectType, subjectId };

/** `d1` reaches folder `f1` through team `t`; `d2` has `f2` as its parent. */
export const ARROW_THROUGH_SETS_RELATIONS: readonly Relation[] = [
  r('folder', 'f1', 'owner', 'user', 'ann'),
  r('folder', 'f2', 'owner', 'user', 'bob'),
  r('team', 't', 'member', 'folder', 'f1'),
  r('document', 'd1', 'parent', 'team', 't', 'member'),
  r('document', 'd2', 'parent', 'folder', 'f2'),
];

/** The answers both directions must give. */
export const ARROW_THROUGH_SETS_EXPECTED = {
  annReads: ['d1'],
  bobReads: ['d2'],
  d1Readers: [
    {
      type: 'user',
      id: 'ann',
      paths: [
        [
          r('document', 'd1', 'parent', 'team', 't', 'member'),
          r('team', 't', 'member', 'folder', 'f1'),
          r('folder', 'f1', 'owner', 'user', 'ann'),
        ],
      ],
    },
  ],
};

/** What `graph`, loaded with {@link ARROW_THROUGH_SETS_RELATIONS}, answers to the searches {@link ARROW_THROUGH_SETS_EXPECTED} holds. */
export async function arrowThroughSetsAnswers(
  graph: RelationGraph,
): Promise<{ annReads: string[]; bobReads: string[]; d1Readers: GraphSubject[] }> {
  const reads = (subjectId: string) =>
    graph.findObjects({ objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId });
  return {
    annReads: await reads('ann'),
    bobReads: await reads('bob'),
    d1Readers: await graph.findSubjects({
      objectType: 'document',
      objectId: 'd1',
      relation: 'can_read',
      subjectType: 'user',
    }),
  };
}
