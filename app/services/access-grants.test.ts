import { describe, expect, it } from 'vitest';
import { relationOf } from '../../test/support/relation-text.ts';
import { grantOfPath } from './access-grants.ts';

describe('the grant a directory path stands for', () => {
  it('names grants on the document itself', () => {
    expect(grantOfPath([relationOf('document:7', 'owner', 'user:ann')])).toEqual({
      kind: 'owner',
      relation: 'owner',
      userId: 'ann',
    });
    expect(grantOfPath([relationOf('document:7', 'reader', 'user:bob')])).toEqual({
      kind: 'share',
      relation: 'reader',
      userId: 'bob',
    });
    expect(grantOfPath([relationOf('document:7', 'reader', 'user:*')])).toEqual({
      kind: 'public',
      relation: 'reader',
    });
    expect(
      grantOfPath([
        relationOf('document:7', 'writer', 'group:3', 'member'),
        relationOf('group:3', 'member', 'user:bob'),
      ]),
    ).toEqual({ kind: 'group', relation: 'writer', groupId: 3 });
  });

  it('names the folder above, and the group a folder is shared with', () => {
    expect(
      grantOfPath([
        relationOf('document:7', 'parent', 'folder:2'),
        relationOf('folder:2', 'parent', 'folder:1'),
        relationOf('folder:1', 'reader', 'group:4', 'member'),
        relationOf('group:4', 'member', 'user:cy'),
      ]),
    ).toEqual({ kind: 'folder', relation: 'reader', folderId: 1, groupId: 4 });
    expect(
      grantOfPath([
        relationOf('document:7', 'parent', 'folder:2'),
        relationOf('folder:2', 'owner', 'user:ann'),
      ]),
    ).toEqual({
      kind: 'folder',
      relation: 'owner',
      folderId: 2,
      userId: 'ann',
    });
    expect(grantOfPath([relationOf('document:7', 'parent', 'folder:2')])).toBeUndefined();
  });
});
