import { describe, expect, it } from 'vitest';
import { FOLDER_SHARING_MODEL } from './folder-sharing-model.fixture.ts';
import { searchReach } from './graph-reach.ts';

const node = (type: string, name: string) => `${type}\u001f${name}`;

describe('searchReach', () => {
  it('keeps the nodes from which the searched permission is reached, through terms, arrows and subject sets', () => {
    const reach = searchReach(FOLDER_SHARING_MODEL, 'document', 'can_read');
    expect(reach.kept).toEqual(
      [
        node('document', 'can_read'),
        node('document', 'owner'),
        node('document', 'reader'),
        node('folder', 'can_read'),
        node('folder', 'owner'),
        node('folder', 'reader'),
        node('group', 'member'),
      ].sort(),
    );
    expect(reach.steps.term).toEqual(
      [
        node('document', 'owner'),
        node('document', 'reader'),
        node('folder', 'owner'),
        node('folder', 'reader'),
      ].sort(),
    );
    expect(reach.steps.arrow).toEqual([node('folder', 'can_read')]);
    // A member of a group is a member of the groups it is in, and a reader of what they are shared.
    expect(reach.steps.subjectSet).toEqual([node('group', 'member')]);
  });

  it('leaves out what only leads to other permissions (can_write, can_delete) and the searched node itself', () => {
    const reach = searchReach(FOLDER_SHARING_MODEL, 'document', 'can_read');
    for (const other of [
      node('document', 'can_write'),
      node('document', 'can_delete'),
      node('folder', 'can_write'),
    ]) {
      expect(reach.kept).not.toContain(other);
    }
    const taken = [...reach.steps.term, ...reach.steps.arrow, ...reach.steps.subjectSet];
    expect(taken).not.toContain(node('document', 'can_read'));
  });

  it('goes on from the searched node when it leads to itself (folders in folders)', () => {
    const reach = searchReach(FOLDER_SHARING_MODEL, 'folder', 'can_read');
    expect(reach.steps.arrow).toEqual([node('folder', 'can_read')]);
    expect(reach.kept).not.toContain(node('document', 'owner'));
  });
});
