import { describe, expect, it } from 'vitest';
import { FOLDER_SHARING_MODEL } from './folder-sharing-model.fixture.ts';
import { objectWalk } from './graph-walk.ts';

/** The rows of a column-wise table, as `a b c` strings. */
function rows<K extends string>(table: Readonly<Record<K, readonly string[]>>, keys: readonly K[]): string[] {
  const count = table[keys[0] as K].length;
  return Array.from({ length: count }, (_, i) => keys.map((k) => table[k][i]).join(' ')).sort();
}

describe('objectWalk', () => {
  it('folds terms into what each grant implies, keeping only names that lead on or are searched', () => {
    const walk = objectWalk(FOLDER_SHARING_MODEL, 'document', 'can_read');
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
    const walk = objectWalk(FOLDER_SHARING_MODEL, 'document', 'can_read');
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
    const walk = objectWalk(FOLDER_SHARING_MODEL, 'document', 'owner');
    expect(rows(walk.closure, ['objectType', 'name', 'derived'])).toEqual(['document owner owner']);
    expect(walk.steps.fromType).toEqual([]);
  });
});
