/**
 * Who has access, and why, over HTTP against the real stack: the report lists the owner, a
 * person's share, a group's members (and the group), a folder share several levels up and public
 * visibility, each with its grant, computed by reverse lookups on the directory; the owner takes a
 * grant back with the call the report names, and the report follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

type Entry = {
  subject: { type: string; id?: string | number; email?: string; name?: string };
  can_read: boolean;
  can_write: boolean;
  can_share: boolean;
  grants: {
    kind: string;
    relation: string;
    folder?: { id: number; name: string };
    group?: { id: number; name: string };
    remove?: { method: string; path: string; body?: unknown };
  }[];
};

describe('who has access, and why, over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;

  const ok = async (caller: ApiCall, method: string, path: string, body?: unknown) => {
    const res = await caller(method, path, body);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };
  const report = async (id: number) =>
    (await ok(alice, 'GET', `/api/documents/${id}/access`)).entries as Entry[];
  const of = (entries: Entry[], name: string) =>
    entries.find((e) => e.subject.email === name || e.subject.name === name || e.subject.type === name);

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    await app.signIn('charlie');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('names every grant: owner, share, group, folder above, public — and removes them', async () => {
    const top = await ok(alice, 'POST', '/api/folders', { name: 'Archive' });
    const middle = await ok(alice, 'POST', '/api/folders', { name: '2026', parent_folder_id: top.id });
    const doc = await ok(alice, 'POST', '/api/documents', {
      name: 'Minutes',
      folder_id: middle.id,
      is_public: true,
    });
    const team = await ok(alice, 'POST', '/api/groups', { name: 'Board' });
    await ok(alice, 'POST', `/api/groups/${team.id}/members`, { email: 'charlie@example.com' });
    await ok(alice, 'POST', `/api/documents/${doc.id}/group-shares`, {
      group_id: team.id,
      permission: 'write',
    });
    await ok(alice, 'POST', '/api/shares', {
      document_id: doc.id,
      email: 'bob@example.com',
      permission: 'read',
    });
    await ok(alice, 'POST', `/api/folders/${top.id}/shares`, {
      email: 'bob@example.com',
      permission: 'write',
    });

    const entries = await report(doc.id);
    expect(entries[0]).toMatchObject({
      subject: { type: 'user', email: 'alice@example.com' },
      can_read: true,
      can_write: true,
      can_share: true,
    });
    // She owns the document and both folders above it; ownership is not taken back from here.
    expect(entries[0]!.grants.map((g) => [g.kind, g.relation, g.folder?.name]).sort()).toEqual([
      ['folder', 'owner', '2026'],
      ['folder', 'owner', 'Archive'],
      ['owner', 'owner', undefined],
    ]);
    expect(entries[0]!.grants.every((g) => g.remove === undefined)).toBe(true);
    const bobEntry = of(entries, 'bob@example.com')!;
    expect(bobEntry).toMatchObject({ can_read: true, can_write: true, can_share: false });
    expect(bobEntry.grants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'share', relation: 'reader' }),
        expect.objectContaining({
          kind: 'folder',
          relation: 'writer',
          folder: { id: top.id, name: 'Archive' },
        }),
      ]),
    );
    expect(of(entries, 'charlie@example.com')).toMatchObject({
      can_write: true,
      grants: [expect.objectContaining({ kind: 'group', group: { id: team.id, name: 'Board' } })],
    });
    expect(of(entries, 'Board')).toMatchObject({ subject: { type: 'group', id: team.id }, can_write: true });
    expect(of(entries, 'everyone')).toMatchObject({
      can_read: true,
      can_write: false,
      grants: [expect.objectContaining({ kind: 'public' })],
    });

    // The owner takes grants back through the calls the report names.
    for (const grant of [...bobEntry.grants, ...of(entries, 'everyone')!.grants]) {
      await ok(alice, grant.remove!.method, grant.remove!.path, grant.remove!.body);
    }
    const after = await report(doc.id);
    expect(of(after, 'bob@example.com')).toBeUndefined();
    expect(of(after, 'everyone')).toBeUndefined();
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    expect(of(after, 'charlie@example.com')).toBeDefined();
  });

  it('shows the report to the owner only, and answers unknown and trashed documents 404', async () => {
    const doc = await ok(alice, 'POST', '/api/documents', { name: 'Private' });
    await ok(alice, 'POST', '/api/shares', {
      document_id: doc.id,
      email: 'bob@example.com',
      permission: 'write',
    });
    expect((await bob('GET', `/api/documents/${doc.id}/access`)).status).toBe(403);
    expect((await apiClient(app.url)('GET', `/api/documents/${doc.id}/access`)).status).toBe(401);
    expect((await alice('GET', '/api/documents/2147483647/access')).status).toBe(404);
    expect((await alice('GET', '/api/documents/abc/access')).status).toBe(400);
    await ok(alice, 'DELETE', `/api/documents/${doc.id}`);
    expect((await alice('GET', `/api/documents/${doc.id}/access`)).status).toBe(404);
  });
});
