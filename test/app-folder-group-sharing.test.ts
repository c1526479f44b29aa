/**
 * Folder and group sharing over HTTP against the real stack (PostgreSQL, the development provider,
 * the embedded engine with its directory in PostgreSQL): a folder share reaches everything inside
 * at any depth, moving a document out ends it, revoking cascades; groups give every member what
 * they are shared and take it back from a removed member; a trashed document cannot be shared with
 * a group, and its group shares come back with it. The hostile side is
 * `app-folder-group-sharing-hostile.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { sharingFixture } from './support/sharing-fixture.ts';

describe('folder and group sharing over HTTP', () => {
  const sharing = sharingFixture();

  it('reaches documents and folders at any depth through a folder share, and revokes them all', async () => {
    const { alice, bob, post, folder, doc, status } = sharing;
    const top = await folder('Projects');
    let parent = top.id;
    for (let level = 1; level <= 8; level++) parent = (await folder(`Level ${level}`, parent)).id;
    const deep = await doc('Deep plan', parent);
    const shallow = await doc('Shallow plan', top.id);
    expect(await status(bob, 'GET', `/api/documents/${deep.id}`)).toBe(403);

    await post(alice, `/api/folders/${top.id}/shares`, { email: 'bob@example.com', permission: 'read' });
    expect((await bob('GET', `/api/documents/${deep.id}`)).body).toMatchObject({ content: 'Deep plan text' });
    expect(await status(bob, 'GET', `/api/folders/${parent}/contents`)).toBe(200);
    expect(await status(bob, 'PUT', `/api/documents/${deep.id}`, { content: 'bob was here' })).toBe(403);
    expect((await bob('GET', `/api/documents/${deep.id}/permissions`)).body).toMatchObject({
      can_read: true,
      can_write: false,
      can_share: false,
      can_delete: false,
    });
    // Shared with him, so listed among what is shared with him.
    const listed = (await bob('GET', '/api/documents?limit=1000')).body as { id: number }[];
    expect(listed.map((d) => d.id)).toEqual(expect.arrayContaining([deep.id, shallow.id]));
    const folders = (await bob('GET', '/api/folders')).body as { id: number }[];
    expect(folders.map((f) => f.id)).toContain(top.id);

    // Moving a document out of the shared folder ends what it inherited.
    expect(await status(alice, 'PUT', `/api/documents/${shallow.id}`, { folder_id: null })).toBe(200);
    expect(await status(bob, 'GET', `/api/documents/${shallow.id}`)).toBe(403);

    const shares = (await alice('GET', `/api/folders/${top.id}/shares`)).body;
    expect(shares).toEqual([
      expect.objectContaining({ subject_type: 'user', email: 'bob@example.com', permission: 'read' }),
    ]);
    expect(await status(alice, 'DELETE', `/api/folders/${top.id}/shares/bob@example.com`)).toBe(204);
    expect(await status(bob, 'GET', `/api/documents/${deep.id}`)).toBe(403);
    expect(await status(bob, 'GET', `/api/folders/${parent}/contents`)).toBe(403);
    expect(await status(alice, 'DELETE', `/api/folders/${top.id}/shares/bob@example.com`)).toBe(404);
  });

  it('lets a write share of a folder edit and add documents inside, which its owner then reads', async () => {
    const { alice, bob, post, folder, doc, status } = sharing;
    const shelf = await folder('Shelf');
    const inside = await doc('Inside', shelf.id);
    await post(alice, `/api/folders/${shelf.id}/shares`, { email: 'bob@example.com', permission: 'write' });
    expect(await status(bob, 'PUT', `/api/documents/${inside.id}`, { content: 'edited by bob' })).toBe(200);
    expect(await status(bob, 'DELETE', `/api/documents/${inside.id}`)).toBe(403);
    expect(
      await status(bob, 'POST', '/api/shares', {
        document_id: inside.id,
        email: 'charlie@example.com',
        permission: 'read',
      }),
    ).toBe(403);
    const bobs = await post(bob, '/api/documents', { name: 'Bob adds', folder_id: shelf.id });
    expect(await status(alice, 'GET', `/api/documents/${bobs.id}`)).toBe(200);
    // The share is the owner's to give: bob cannot pass the folder on.
    expect(
      await status(bob, 'POST', `/api/folders/${shelf.id}/shares`, {
        email: 'charlie@example.com',
        permission: 'read',
      }),
    ).toBe(403);
  });

  it('gives every member of a group what the group is shared, and takes it from a removed member', async () => {
    const { alice, bob, charlie, post, folder, doc, status } = sharing;
    const team = await post(alice, '/api/groups', { name: 'Editors' });
    await post(alice, `/api/groups/${team.id}/members`, { email: 'bob@example.com' });
    const memo = await doc('Memo', null);
    const room = await folder('Team room');
    const roomDoc = await doc('Agenda', room.id);

    await post(alice, `/api/documents/${memo.id}/group-shares`, { group_id: team.id, permission: 'write' });
    await post(alice, `/api/folders/${room.id}/shares`, { group_id: team.id, permission: 'read' });
    expect(await status(bob, 'PUT', `/api/documents/${memo.id}`, { content: 'team edit' })).toBe(200);
    expect(await status(bob, 'GET', `/api/documents/${roomDoc.id}`)).toBe(200);
    expect(await status(charlie, 'GET', `/api/documents/${memo.id}`)).toBe(403);
    // Members see the group and who is in it; only the owner manages it.
    expect((await bob('GET', `/api/groups/${team.id}`)).body).toMatchObject({
      name: 'Editors',
      manageable: false,
      members: [expect.objectContaining({ email: 'bob@example.com' })],
    });
    expect(((await bob('GET', '/api/groups')).body as { id: number }[]).map((g) => g.id)).toContain(team.id);

    expect(await status(alice, 'DELETE', `/api/groups/${team.id}/members/bob@example.com`)).toBe(204);
    expect(await status(bob, 'GET', `/api/documents/${memo.id}`)).toBe(403);
    expect(await status(bob, 'GET', `/api/documents/${roomDoc.id}`)).toBe(403);
    expect(await status(bob, 'GET', `/api/groups/${team.id}`)).toBe(403);

    await post(alice, `/api/groups/${team.id}/members`, { email: 'bob@example.com' });
    expect(await status(bob, 'GET', `/api/documents/${memo.id}`)).toBe(200);
    expect(await status(alice, 'DELETE', `/api/documents/${memo.id}/group-shares/${team.id}`)).toBe(204);
    expect(await status(bob, 'GET', `/api/documents/${memo.id}`)).toBe(403);

    // Deleting the group ends every share it held.
    expect(await status(alice, 'DELETE', `/api/groups/${team.id}`)).toBe(204);
    expect(await status(bob, 'GET', `/api/documents/${roomDoc.id}`)).toBe(403);
    expect(await status(alice, 'GET', `/api/folders/${room.id}/shares`)).toBe(200);
    expect((await alice('GET', `/api/folders/${room.id}/shares`)).body).toEqual([]);
    expect(await status(alice, 'GET', `/api/groups/${team.id}`)).toBe(404);
  });

  it('treats a trashed document as gone: no group share, and its group shares come back with it', async () => {
    const { alice, bob, post, doc, status } = sharing;
    const team = await post(alice, '/api/groups', { name: 'Trash watchers' });
    await post(alice, `/api/groups/${team.id}/members`, { email: 'bob@example.com' });
    const kept = await doc('Kept', null);
    await post(alice, `/api/documents/${kept.id}/group-shares`, { group_id: team.id, permission: 'read' });
    expect(await status(alice, 'DELETE', `/api/documents/${kept.id}`)).toBe(204);
    expect(await status(bob, 'GET', `/api/documents/${kept.id}`)).toBe(404);
    expect(
      await status(alice, 'POST', `/api/documents/${kept.id}/group-shares`, {
        group_id: team.id,
        permission: 'write',
      }),
    ).toBe(404);
    expect(await status(alice, 'DELETE', `/api/documents/${kept.id}/group-shares/${team.id}`)).toBe(404);
    expect(await status(alice, 'POST', `/api/trash/${kept.id}/restore`)).toBe(200);
    expect(await status(bob, 'GET', `/api/documents/${kept.id}`)).toBe(200);
  });
});
