/**
 * Folder and group sharing over HTTP, as an attacker or a careless client uses it: another user's
 * group or folder cannot be managed (IDOR), bad input names its field, unknown objects are 404, and
 * every unsafe route of groups and shares is refused from another origin, with or without a body,
 * changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { sharingFixture } from './support/sharing-fixture.ts';

describe('folder and group sharing over HTTP, refused', () => {
  const sharing = sharingFixture();

  it("refuses to let anyone but the owner manage a group or a folder's shares (IDOR)", async () => {
    const { app, alice, bob, charlie, post, folder, doc, status } = sharing;
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
    const { alice, post, folder, status } = sharing;
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

  it('refuses every unsafe route of groups and shares from another origin, body or not, changing nothing', async () => {
    const { alice, bob, post, folder, doc, status } = sharing;
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
