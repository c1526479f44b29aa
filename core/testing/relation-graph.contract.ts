/**
 * The relation-graph contract: one suite every implementation of {@link RelationGraph} runs (the
 * engine's memory and PostgreSQL stores, the Topaz adapter on a real Topaz), on one fixture that
 * has arrows through nested folders, nested groups, a public document, an exclusion and a cycle.
 *
 * @example
 * runRelationGraphContract('memory store', async (fixture) => {
 *   const store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest) });
 *   for (const relation of fixture.relations) await store.setRelation(relation);
 *   return { graph: store, close: () => store.close() };
 * });
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryObject, Relation } from '../ports/relation-directory.ts';
import type { GraphSubject, RelationGraph, SubjectSearch } from '../ports/relation-graph.ts';

/** The fixture a graph implementation is loaded with. */
export interface RelationGraphFixture {
  /** A Topaz manifest (model v3) in YAML. */
  readonly manifest: string;
  readonly objects: readonly DirectoryObject[];
  readonly relations: readonly Relation[];
}

/** What `setup` returns. */
export interface RelationGraphSubject {
  readonly graph: RelationGraph;
  close?(): Promise<void>;
}

/** How much of each chain of relations an implementation reports. */
export interface RelationGraphContractOptions {
  /**
   * `complete` (default): every relation from the object to the subject; `granting`: at least
   * the relation that names the subject (Topaz's explanation leaves out an arrow's base).
   */
  readonly paths?: 'complete' | 'granting';
}

const MANIFEST = `model:
  version: 3
types:
  user: {}
  group:
    relations:
      member: user | group#member
  folder:
    relations:
      owner: user
      viewer: user | user:* | group#member
      parent: folder
    permissions:
      can_read: owner | viewer | parent->can_read
  document:
    relations:
      parent: folder
      owner: user
      reader: user | user:* | group#member
      banned: user
    permissions:
      can_read: owner | reader | parent->can_read
      can_view: can_read - banned
`;

/** `type:id#relation@type:id[#subjectRelation]` as a relation. */
function parse(text: string): Relation {
  const [object, subject] = text.split('@') as [string, string];
  const [objectPart, relation] = object.split('#') as [string, string];
  const [subjectPart, subjectRelation] = subject.split('#') as [string, string | undefined];
  const [objectType, objectId] = objectPart.split(':') as [string, string];
  const [subjectType, subjectId] = subjectPart.split(':') as [string, string];
  const r = { objectType, objectId, relation, subjectType, subjectId };
  return subjectRelation ? { ...r, subjectRelation } : r;
}

const RELATIONS = [
  'group:eng#member@user:bob',
  'group:all#member@group:eng#member',
  'group:all#member@user:carol',
  'folder:root#owner@user:ann',
  'folder:sub#parent@folder:root',
  'folder:sub#viewer@group:all#member',
  'document:d1#owner@user:dave',
  'document:d1#parent@folder:sub',
  'document:d2#reader@user:*',
  'document:d3#owner@user:ann',
  'document:d3#reader@user:erin',
  'document:d3#banned@user:erin',
  'document:d4#parent@folder:root',
  'folder:loop1#parent@folder:loop2',
  'folder:loop2#parent@folder:loop1',
  'folder:loop2#owner@user:fred',
  'document:d5#parent@folder:loop1',
].map(parse);

function objectsOf(relations: readonly Relation[]): DirectoryObject[] {
  const seen = new Map<string, DirectoryObject>();
  for (const r of relations) {
    for (const [type, id] of [
      [r.objectType, r.objectId],
      [r.subjectType, r.subjectId],
    ] as const) {
      if (id !== '*') seen.set(`${type}:${id}`, { type, id });
    }
  }
  return [...seen.values()];
}

/** The fixture of the contract. */
export const relationGraphFixture: RelationGraphFixture = {
  manifest: MANIFEST,
  objects: objectsOf(RELATIONS),
  relations: RELATIONS,
};

const format = (r: Relation) =>
  `${r.objectType}:${r.objectId}#${r.relation}@${r.subjectType}:${r.subjectId}${r.subjectRelation ? `#${r.subjectRelation}` : ''}`;

/**
 * Registers the contract under `describe(name)`; `setup` runs once for the suite.
 *
 * @param options.paths `complete` (default) or `granting`, see {@link RelationGraphContractOptions}
 */
export function runRelationGraphContract(
  name: string,
  setup: (fixture: RelationGraphFixture) => Promise<RelationGraphSubject>,
  options: RelationGraphContractOptions = {},
): void {
  const complete = (options.paths ?? 'complete') === 'complete';

  describe(`RelationGraph contract: ${name}`, () => {
    let subject: RelationGraphSubject;
    const readable = (subjectId: string, relation = 'can_read') =>
      subject.graph.findObjects({ objectType: 'document', relation, subjectType: 'user', subjectId });
    const subjects = (search: Omit<SubjectSearch, 'subjectType'> & { subjectType?: string }) =>
      subject.graph.findSubjects({ subjectType: 'user', ...search });
    /** Each subject's chains as text; only the granting (last) relation of each unless complete. */
    const explained = (found: readonly GraphSubject[]) =>
      Object.fromEntries(
        found.map((s) => [
          `${s.type}:${s.id}${s.relation ? `#${s.relation}` : ''}`,
          s.paths.map((path) => (complete ? path : path.slice(-1)).map(format)),
        ]),
      );
    const expectExplained = (found: readonly GraphSubject[], chains: Record<string, string[][]>) => {
      const expected = Object.fromEntries(
        Object.entries(chains).map(([key, paths]) => [key, paths.map((p) => (complete ? p : p.slice(-1)))]),
      );
      expect(explained(found)).toEqual(expected);
    };

    beforeAll(async () => {
      subject = await setup(relationGraphFixture);
    });
    afterAll(async () => {
      await subject?.close?.();
    });

    it('finds the objects a subject reaches through relations, arrows and subject sets, sorted', async () => {
      expect(await readable('ann')).toEqual(['d1', 'd2', 'd3', 'd4']);
      expect(await readable('bob')).toEqual(['d1', 'd2']);
      expect(await readable('carol')).toEqual(['d1', 'd2']);
      expect(await readable('dave')).toEqual(['d1', 'd2']);
    });

    it('follows a cycle of arrows to its end and applies an exclusion', async () => {
      expect(await readable('fred')).toEqual(['d2', 'd5']);
      expect(await readable('erin')).toEqual(['d2', 'd3']);
      expect(await readable('erin', 'can_view')).toEqual(['d2']);
      expect(await readable('ann', 'can_view')).toEqual(['d1', 'd2', 'd3', 'd4']);
    });

    it('finds a relation as well as a permission', async () => {
      expect(await readable('ann', 'owner')).toEqual(['d3']);
      expect(
        await subject.graph.findObjects({
          objectType: 'folder',
          relation: 'can_read',
          subjectType: 'user',
          subjectId: 'bob',
        }),
      ).toEqual(['sub']);
    });

    it('finds the subjects that reach an object, with the relations that grant each', async () => {
      const found = await subjects({ objectType: 'document', objectId: 'd1', relation: 'can_read' });
      expect(found.map((s) => s.id)).toEqual(['ann', 'bob', 'carol', 'dave']);
      expectExplained(found, {
        'user:ann': [
          ['document:d1#parent@folder:sub', 'folder:sub#parent@folder:root', 'folder:root#owner@user:ann'],
        ],
        'user:bob': [
          [
            'document:d1#parent@folder:sub',
            'folder:sub#viewer@group:all#member',
            'group:all#member@group:eng#member',
            'group:eng#member@user:bob',
          ],
        ],
        'user:carol': [
          [
            'document:d1#parent@folder:sub',
            'folder:sub#viewer@group:all#member',
            'group:all#member@user:carol',
          ],
        ],
        'user:dave': [['document:d1#owner@user:dave']],
      });
    });

    it('reports a wildcard grant as subject *', async () => {
      const found = await subjects({ objectType: 'document', objectId: 'd2', relation: 'can_read' });
      expectExplained(found, { 'user:*': [['document:d2#reader@user:*']] });
    });

    it('leaves out excluded subjects and ends cycles', async () => {
      const viewers = await subjects({ objectType: 'document', objectId: 'd3', relation: 'can_view' });
      expect(viewers.map((s) => s.id)).toEqual(['ann']);
      const loop = await subjects({ objectType: 'document', objectId: 'd5', relation: 'can_read' });
      expectExplained(loop, {
        'user:fred': [
          [
            'document:d5#parent@folder:loop1',
            'folder:loop1#parent@folder:loop2',
            'folder:loop2#owner@user:fred',
          ],
        ],
      });
    });

    it('finds subject sets when asked for a subject relation', async () => {
      const found = await subjects({
        objectType: 'folder',
        objectId: 'sub',
        relation: 'viewer',
        subjectType: 'group',
        subjectRelation: 'member',
      });
      expectExplained(found, {
        'group:all#member': [['folder:sub#viewer@group:all#member']],
        'group:eng#member': [['folder:sub#viewer@group:all#member', 'group:all#member@group:eng#member']],
      });
    });

    it('answers nothing for an object or subject without relations', async () => {
      expect(await subjects({ objectType: 'document', objectId: 'nothing', relation: 'can_read' })).toEqual(
        [],
      );
      expect(await readable('nobody', 'owner')).toEqual([]);
    });

    it('rejects a search that names an unknown type or relation', async () => {
      const failure = (search: Promise<unknown>) =>
        search.then(
          () => 'resolved',
          (e: unknown) => String((e as Error).message),
        );
      expect(
        await failure(
          subject.graph.findObjects({
            objectType: 'report',
            relation: 'can_read',
            subjectType: 'user',
            subjectId: 'ann',
          }),
        ),
      ).toMatch(/report/);
      expect(
        await failure(
          subject.graph.findSubjects({
            objectType: 'document',
            objectId: 'd1',
            relation: 'can_fly',
            subjectType: 'user',
          }),
        ),
      ).toMatch(/can_fly/);
    });
  });
}
