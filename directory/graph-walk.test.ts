import { describe, expect, it } from 'vitest';
import { objectWalk } from './graph-walk.ts';
import { parseManifest } from './index.ts';

const model = parseManifest(
  `model:
  version: 3
types:
  user: {}
  group:
    relations:
      member: user | group#member
  folder:
    relations:
      owner: user
      reader: user | group#member
      parent: folder
    permissions:
      can_read: owner | reader | parent->can_read
      can_write: owner | parent->can_write
  document:
    relations:
      owner: user
      reader: user | user:* | group#member
      parent: folder
    permissions:
      can_read: owner | reader | parent->can_read
      can_write: owner | parent->can_write
`,
  'm.yaml',
);

/** The rows of a column-wise table, as `a b c` strings. */
function rows<K extends string>(table: Readonly<Record<K, readonly string[]>>, keys: readonly K[]): string[] {
  const count = table[keys[0] as K].length;
  return Array.from({ length: count }, (_, i) => keys.map((k) => table[k][i]).join(' ')).sort();
}

describe('objectWalk', () => {
  it('folds terms into what each grant implies, keeping only names that lead on or are searched', () => {
    const walk = objectWalk(model, 'document', 'can_read');
    expect(rows(walk.closure, ['objectType', 'name', 'derived', 'steps', 'target'])).toEqual([
      'document can_read can_read false true',
      'document owner can_read false true',
      'document reader can_read false true',
      'folder can_read can_read true false',
      'folder owner can_read true false',
      'folder reader can_read true false',
      'group member member true false',
    ]);
  });

  it('steps through subject sets and arrows as the model admits them, widened where they land', () => {
    const walk = objectWalk(model, 'document', 'can_read');
    const keys = [
      'fromType',
      'fromName',
      'subjectRelation',
      'objectType',
      'relation',
      'derived',
      'steps',
      'target',
    ] as const;
    expect(rows(walk.steps, keys)).toEqual([
      'folder can_read  document parent can_read false true',
      'folder can_read  folder parent can_read true false',
      'group member member document reader can_read false true',
      'group member member folder reader can_read true false',
      'group member member group member member true false',
    ]);
  });

  it('walks nothing for a permission no step reaches', () => {
    const walk = objectWalk(model, 'document', 'owner');
    expect(rows(walk.closure, ['objectType', 'name', 'derived'])).toEqual(['document owner owner']);
    expect(walk.steps.fromType).toEqual([]);
  });
});
