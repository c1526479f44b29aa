import type { Relation, RelationCheck } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { createMemoryRelationStore, parseManifest, type RelationStore } from './index.ts';

const MANIFEST = `
model: {version: 3}
types:
  user:
    relations:
      manager: user
  group:
    relations:
      member: user | group#member
  project:
    relations:
      staff: group#member
    permissions:
      managers_of_staff: staff->manager
  organization:
    relations:
      member: user | group#member
    permissions:
      can_read: member
  folder:
    relations:
      viewer: user | group#member
      parent: folder | organization
      left: folder
      right: folder
    permissions:
      can_read: parent->can_read | viewer
      can_both: left->can_read & right->can_read
  document:
    relations:
      parent: folder
      owner: user
      reader: user | user:*
      blocked: user
    permissions:
      can_read: owner | reader | parent->can_read
      can_edit: owner & can_read
      can_open: can_read - blocked
      is_owner: owner
`;

const model = parseManifest(MANIFEST, 'check.yaml');

function tuple(text: string): Relation {
  const match = /^(\w+):([\w*-]+)#(\w+)@(\w+):([\w*-]+)(?:#(\w+))?$/.exec(text);
  if (!match) throw new Error(`bad tuple ${text}`);
  const [, objectType, objectId, relation, subjectType, subjectId, subjectRelation] =
    match as unknown as string[];
  const r = { objectType, objectId, relation, subjectType, subjectId } as Relation;
  return subjectRelation ? { ...r, subjectRelation } : r;
}

function question(text: string): RelationCheck {
  const { subjectRelation: _, ...check } = tuple(text);
  return check;
}

async function storeWith(tuples: readonly string[], limits?: { maxDepth?: number; maxVisits?: number }) {
  const store = createMemoryRelationStore({ manifest: model, limits });
  for (const t of tuples) await store.setRelation(tuple(t));
  return store;
}

const holds = (store: RelationStore, text: string) => store.checkNow(question(text));

describe('check resolution', () => {
  it('follows a three-level arrow chain to an organization membership', async () => {
    const store = await storeWith([
      'organization:acme#member@user:ann',
      'folder:top#parent@organization:acme',
      'folder:mid#parent@folder:top',
      'document:d1#parent@folder:mid',
    ]);
    expect(holds(store, 'document:d1#can_read@user:ann')).toBe(true);
    expect(holds(store, 'document:d1#can_read@user:bob')).toBe(false);
    expect(holds(store, 'folder:mid#can_read@user:ann')).toBe(true);
  });

  it('checks every parent of an arrow, not just the first', async () => {
    const store = await storeWith([
      'document:d1#parent@folder:a',
      'document:d1#parent@folder:b',
      'folder:b#viewer@user:ann',
    ]);
    expect(holds(store, 'document:d1#can_read@user:ann')).toBe(true);
  });

  it('follows an arrow through a subject set (the arrow applies to each member)', async () => {
    const store = await storeWith([
      'project:p1#staff@group:eng#member',
      'group:eng#member@user:ann',
      'user:ann#manager@user:boss',
    ]);
    expect(holds(store, 'project:p1#managers_of_staff@user:boss')).toBe(true);
    expect(holds(store, 'project:p1#managers_of_staff@user:ann')).toBe(false);
  });

  it('checks relations and permissions by name alike, and permissions built from relations', async () => {
    const store = await storeWith(['document:d1#owner@user:ann', 'document:d1#reader@user:bob']);
    expect(holds(store, 'document:d1#owner@user:ann')).toBe(true);
    expect(holds(store, 'document:d1#is_owner@user:ann')).toBe(true);
    expect(holds(store, 'document:d1#can_edit@user:ann')).toBe(true);
    expect(holds(store, 'document:d1#can_edit@user:bob')).toBe(false);
  });

  it('applies a wildcard only to subjects of its type', async () => {
    const store = await storeWith(['document:d1#reader@user:*', 'group:eng#member@user:anyone']);
    expect(holds(store, 'document:d1#can_read@user:anyone')).toBe(true);
    expect(holds(store, 'document:d1#can_read@group:eng')).toBe(false);
  });

  it('answers false, as Topaz does, unless the subject is the subject and the object the object of some relation', async () => {
    const store = await storeWith(['document:d1#reader@user:*', 'document:d2#owner@user:ann']);
    expect(store.reader.check(question('document:d1#can_read@user:zed'))).toEqual({
      check: false,
      reason: 'E20025 object not found: subject user:zed',
    });
    expect(holds(store, 'document:d1#can_read@user:ann')).toBe(true);
    expect(store.reader.check(question('document:d3#can_read@user:ann'))).toEqual({
      check: false,
      reason: 'E20025 object not found: object document:d3',
    });
    await store.deleteRelation(tuple('document:d2#owner@user:ann'));
    expect(holds(store, 'document:d1#can_read@user:ann')).toBe(false);
  });

  it('excludes subjects of the second term of an exclusion', async () => {
    const store = await storeWith([
      'document:d1#reader@user:*',
      'document:d1#blocked@user:eve',
      'group:eng#member@user:ann',
    ]);
    expect(holds(store, 'document:d1#can_open@user:ann')).toBe(true);
    expect(holds(store, 'document:d1#can_open@user:eve')).toBe(false);
  });

  it('gives false for a cyclic branch without hanging, and still finds other branches', async () => {
    const store = await storeWith([
      'folder:a#parent@folder:b',
      'folder:b#parent@folder:a',
      'document:d1#parent@folder:a',
      'group:x#member@group:y#member',
      'group:y#member@group:x#member',
      'group:z#member@user:ann',
    ]);
    expect(store.reader.check(question('document:d1#can_read@user:ann'))).toEqual({
      check: false,
      reason: 'cycle detected at folder:a#can_read',
    });
    expect(holds(store, 'group:x#member@user:ann')).toBe(false);
    await store.setRelation(tuple('folder:b#viewer@user:ann'));
    expect(holds(store, 'document:d1#can_read@user:ann')).toBe(true);
  });

  it('does not reuse a result that depended on a check still open in a cycle', async () => {
    // While `a` is open, `b` sees `a` as false; `a` then turns true through its viewer. `b` must
    // be recomputed for the right-hand side of the intersection, not taken from the memo.
    const store = await storeWith([
      'folder:a#parent@folder:b',
      'folder:b#parent@folder:a',
      'folder:a#viewer@user:ann',
      'folder:f#left@folder:a',
      'folder:f#right@folder:b',
    ]);
    expect(holds(store, 'folder:f#can_both@user:ann')).toBe(true);
  });

  it('bounds the depth of a check: too deep a chain is false with a reason, never a stack overflow', async () => {
    const chain = Array.from({ length: 3_000 }, (_, i) => `folder:f${i + 1}#parent@folder:f${i}`);
    const store = await storeWith(['folder:f0#viewer@user:ann', ...chain], { maxDepth: 100 });
    expect(holds(store, 'folder:f40#can_read@user:ann')).toBe(true);
    const deep = store.reader.check(question('folder:f3000#can_read@user:ann'));
    expect(deep.check).toBe(false);
    expect(deep.reason).toMatch(/^depth limit of 100 reached/);
  });

  it('bounds the work of a check: past the step budget it is false with a reason', async () => {
    const members = Array.from({ length: 50 }, (_, i) => [
      `group:all#member@group:g${i}#member`,
      `group:g${i}#member@user:u${i}`,
    ]).flat();
    const store = await storeWith([...members, 'group:g49#member@user:ann'], { maxVisits: 10 });
    expect(store.reader.check(question('group:all#member@user:ann'))).toEqual({
      check: false,
      reason: 'check needed more than 10 steps',
    });
  });

  it('graph search finds exactly the objects and subjects that checks accept', async () => {
    const tuples = ['folder:shared#viewer@user:ann', 'folder:a#parent@folder:b', 'folder:b#parent@folder:a'];
    for (let i = 0; i < 40; i++) {
      tuples.push(`document:d${i}#parent@folder:${i % 2 === 0 ? 'shared' : 'a'}`);
      if (i % 5 === 0) tuples.push(`document:d${i}#owner@user:bob`);
    }
    const store = await storeWith(tuples);
    const objects = store.reader.graph({
      objectType: 'document',
      relation: 'can_read',
      subjectType: 'user',
      subjectId: 'ann',
    });
    const expected = Array.from({ length: 40 }, (_, i) => `d${i}`)
      .filter((id) => holds(store, `document:${id}#can_read@user:ann`))
      .sort();
    expect(objects.map((o) => o.objectId)).toEqual(expected);
    expect(expected).toHaveLength(20);
    const subjects = store.reader.graph({
      objectType: 'document',
      objectId: 'd10',
      relation: 'can_read',
      subjectType: 'user',
    });
    expect(subjects).toEqual([
      { objectType: 'user', objectId: 'ann' },
      { objectType: 'user', objectId: 'bob' },
    ]);
  });

  it('answers false with a reason for unknown types, relations and permissions', async () => {
    const store = await storeWith([]);
    expect(store.reader.check(question('report:r1#can_read@user:ann'))).toEqual({
      check: false,
      reason: 'object type not found: report',
    });
    expect(store.reader.check(question('document:d1#can_fly@user:ann'))).toEqual({
      check: false,
      reason: 'relation or permission not found: document#can_fly',
    });
    expect(store.reader.check(question('document:d1#can_read@robot:r2'))).toEqual({
      check: false,
      reason: 'subject type not found: robot',
    });
  });
});
