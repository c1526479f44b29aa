/**
 * Folder and group sharing over HTTP against the real stack (PostgreSQL, the development provider,
 * the embedded engine with its directory in PostgreSQL): a folder share reaches everything inside
 * at any depth, moving a document out ends it, revoking cascades; groups give every member what
 * they are shared and take it back from a removed member; another user's group or folder cannot
 * be managed; bad input names its field; a trashed document cannot be shared with a group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('folder and group sharing over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let charlie: ApiCall;

  const post = async (caller: ApiCall, path: string, body: Record<string, unknown>, status = 201) => {
    const res = await caller('POST', path, body);
    expect(res.status, `${path}: ${res.text}`).toBe(status);
    return res.body;
  };
  const folder = (name: string, parent?: number) =>
    post(alice, '/api/folders', { name, parent_folder_id: parent ?? null }) as Promise<{ id: number }>;
  const doc = (name: string, folderId: number | null) =>
    post(alice, '/api/documents', { name, content: `${name} text`, folder_id: folderId }) as Promise<{
      id: number;
    }>;
  const status = async (caller: ApiCall, method: string, path: string, body?: unknown) =>
    (await caller(method, path, body)).status;

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    // Signed in so that his address is known; he is in no group and holds nothing.
    charlie = apiClient(await app.signIn('charlie'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('reaches documents and folders at any depth through a folder share, and revokes them all', async () => {
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

  it("refuses to let anyone but the owner manage a group or a folder's shares (IDOR)", async () => {
    const team = await post(alice, '/api/groups', { name: 'Private circle' });
    const secret = await folder('Secret');
    const secretDoc = await doc('Secret doc', null);
    const bobsGroup = await post(bob, '/api/groups', { name: 'Bob friends' });
    await post(bob, `/api/groups/${bobsGroup.id}/members`, { email: 'charlie@example.com' });

    expect(await status(bob, 'GET', `/api/groups/${team.id}`)).toBe(403);
    expect(await status(bob, 'POST', `/api/groups/${team.id}/members`, { email: 'bob@example.com' })).toBe(
      403,
    );
    expect(await status(bob, 'DELETE', `/api/groups/${team.id}/members/alice@example.com`)).toBe(403);
    expect(await status(bob, 'DELETE', `/api/groups/${team.id}`)).toBe(403);
    expect(await status(bob, 'GET', `/api/folders/${secret.id}/shares`)).toBe(403);
    expect(
      await status(bob, 'POST', `/api/folders/${secret.id}/shares`, {
        email: 'bob@example.com',
        permission: 'write',
      }),
    ).toBe(403);
    expect(
      await status(bob, 'POST', `/api/documents/${secretDoc.id}/group-shares`, {
        group_id: bobsGroup.id,
        permission: 'read',
      }),
    ).toBe(403);
    // alice cannot share with bob's group: she may not see it, so it is unknown to her.
    const foreignGroup = await alice('POST', `/api/folders/${secret.id}/shares`, {
      group_id: bobsGroup.id,
      permission: 'read',
    });
    expect(foreignGroup.status).toBe(404);
    expect(foreignGroup.body).toMatchObject({ field: 'group_id' });
    expect(await status(charlie, 'GET', `/api/documents/${secretDoc.id}`)).toBe(403);
    // Anonymous callers are asked to sign in.
    expect(await status(apiClient(app.url), 'POST', '/api/groups', { name: 'x' })).toBe(401);
  });

  it('answers bad input with 4xx naming the field, and unknown objects with 404', async () => {
    const box = await folder('Box');
    const team = await post(alice, '/api/groups', { name: 'Box people' });
    const cases: [string, string, unknown, number, string | undefined][] = [
      ['POST', '/api/groups', { name: '' }, 400, 'name'],
      ['POST', '/api/groups', { name: 'Box people' }, 409, 'name'],
      ['POST', '/api/groups', { name: 'x', extra: 1 }, 400, undefined],
      ['POST', `/api/groups/${team.id}/members`, { email: 'not-an-address' }, 400, 'email'],
      ['POST', `/api/groups/${team.id}/members`, { email: 'nobody@example.com' }, 404, 'email'],
      ['DELETE', `/api/groups/${team.id}/members/charlie@example.com`, undefined, 404, 'email'],
      ['POST', '/api/groups/0/members', { email: 'bob@example.com' }, 400, 'id'],
      ['POST', '/api/groups/2147483647/members', { email: 'bob@example.com' }, 404, undefined],
      [
        'POST',
        `/api/folders/${box.id}/shares`,
        { email: 'bob@example.com', permission: 'admin' },
        400,
        'permission',
      ],
      [
        'POST',
        `/api/folders/${box.id}/shares`,
        { email: 'bob@example.com', group_id: team.id, permission: 'read' },
        400,
        'email',
      ],
      [
        'POST',
        `/api/folders/${box.id}/shares`,
        { email: 'alice@example.com', permission: 'read' },
        400,
        'email',
      ],
      [
        'POST',
        `/api/folders/${box.id}/shares`,
        { email: 'nobody@example.com', permission: 'read' },
        404,
        'email',
      ],
      [
        'POST',
        `/api/folders/${box.id}/shares`,
        { group_id: 2147483647, permission: 'read' },
        404,
        'group_id',
      ],
      [
        'POST',
        '/api/folders/2147483647/shares',
        { email: 'bob@example.com', permission: 'read' },
        404,
        undefined,
      ],
      ['DELETE', `/api/folders/${box.id}/group-shares/${team.id}`, undefined, 404, 'group_id'],
      ['DELETE', `/api/folders/${box.id}/group-shares/abc`, undefined, 400, 'group_id'],
      [
        'POST',
        '/api/documents/2147483647/group-shares',
        { group_id: team.id, permission: 'read' },
        404,
        undefined,
      ],
    ];
    for (const [method, path, body, expected, field] of cases) {
      const res = await alice(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`).toBe(expected);
      expect(typeof res.body.detail).toBe('string');
      if (field) expect(res.body.field ?? res.body.detail, `${method} ${path}`).toContain(field);
    }
    await post(alice, `/api/folders/${box.id}/shares`, { group_id: team.id, permission: 'read' });
    expect(
      await status(alice, 'POST', `/api/folders/${box.id}/shares`, {
        group_id: team.id,
        permission: 'write',
      }),
    ).toBe(409);
  });

  it('treats a trashed document as gone: no group share, and its group shares come back with it', async () => {
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
  it('refuses every unsafe route of groups and shares from another origin, body or not, changing nothing', async () => {
    const team = await post(alice, '/api/groups', { name: 'Guarded' });
    await post(alice, `/api/groups/${team.id}/members`, { email: 'bob@example.com' });
    const box = await folder('Guarded box');
    const memo = await doc('Guarded memo', null);
    await post(alice, `/api/folders/${box.id}/shares`, { email: 'bob@example.com', permission: 'read' });
    await post(alice, `/api/documents/${memo.id}/group-shares`, { group_id: team.id, permission: 'read' });
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/groups', { name: 'Forged' }],
      ['DELETE', `/api/groups/${team.id}`, undefined],
      ['POST', `/api/groups/${team.id}/members`, { email: 'charlie@example.com' }],
      ['DELETE', `/api/groups/${team.id}/members/bob@example.com`, undefined],
      ['POST', `/api/folders/${box.id}/shares`, { email: 'charlie@example.com', permission: 'write' }],
      ['DELETE', `/api/folders/${box.id}/shares/bob@example.com`, undefined],
      ['DELETE', `/api/folders/${box.id}/group-shares/${team.id}`, undefined],
      ['POST', `/api/documents/${memo.id}/group-shares`, { group_id: team.id, permission: 'write' }],
      ['DELETE', `/api/documents/${memo.id}/group-shares/${team.id}`, undefined],
    ];
    const foreigners: Record<string, string>[] = [
      { origin: 'http://127.0.0.1:1' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const foreign of foreigners) {
      for (const [method, path, body] of attempts) {
        const res = await alice(method, path, body, foreign);
        expect(res.status, `${method} ${path} ${JSON.stringify(foreign)}`).toBe(403);
      }
    }
    expect(((await alice('GET', '/api/groups')).body as { name: string }[]).map((g) => g.name)).not.toContain(
      'Forged',
    );
    expect((await alice('GET', `/api/groups/${team.id}`)).body.members).toHaveLength(1);
    expect((await alice('GET', `/api/folders/${box.id}/shares`)).body).toHaveLength(1);
    expect(await status(bob, 'GET', `/api/documents/${memo.id}`)).toBe(200);
    expect(await status(bob, 'PUT', `/api/documents/${memo.id}`, { content: 'no' })).toBe(403);
  });
});
