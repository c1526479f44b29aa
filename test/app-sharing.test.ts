/**
 * Sharing, publishing, folders and listing over HTTP against the real stack: the share/revoke
 * lifecycle, public documents with and without a session, owner-only publishing, folder
 * placement, the permission query, and the listing filtered per user with keyset paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('sharing, publishing and folders over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let anonymous: ApiCall;
  let bobSub: string;

  const create = async (caller: ApiCall, body: Record<string, unknown>) => {
    const res = await caller('POST', '/api/documents', body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; owner_id: string; is_public: boolean; folder_id: number | null };
  };
  const ids = async (caller: ApiCall, query = '') =>
    ((await caller('GET', `/api/documents${query}`)).body as { id: number }[]).map((d) => d.id);
  const bobRelations = async (documentId: number) =>
    (await app.authorization.directory.getRelations({ objectType: 'document', objectId: String(documentId) }))
      .filter((r) => r.subjectId === bobSub)
      .map((r) => r.relation);

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    anonymous = apiClient(app.url);
    bobSub = app.stack.users.find((u) => u.username === 'bob')!.sub;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shares, refuses a second share, revokes, and the directory follows every step', async () => {
    const doc = await create(alice, { name: 'Budget', content: 'numbers' });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);

    const shared = await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'BOB@example.com',
      permission: 'read',
    });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({
      document_id: doc.id,
      user_id: bobSub,
      email: 'bob@example.com',
      permission: 'read',
    });
    expect(await bobRelations(doc.id)).toEqual(['reader']);
    expect((await bob('GET', `/api/documents/${doc.id}`)).body).toMatchObject({
      id: doc.id,
      content: 'numbers',
    });
    expect((await bob('PUT', `/api/documents/${doc.id}`, { content: 'mine' })).status).toBe(403);

    const again = await alice('POST', '/api/shares', {
      document_id: doc.id,
      user_id: bobSub,
      permission: 'write',
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already shared/);

    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(204);
    expect(await bobRelations(doc.id)).toEqual([]);
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(404);

    expect(
      (await alice('POST', '/api/shares', { document_id: doc.id, user_id: bobSub, permission: 'write' }))
        .status,
    ).toBe(201);
    expect(await bobRelations(doc.id)).toEqual(['writer']);
    const edited = await bob('PUT', `/api/documents/${doc.id}`, {
      name: 'Budget v2',
      content: 'more numbers',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Budget v2', content: 'more numbers', owner_id: doc.owner_id });
    expect((await bob('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(403);
    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(204);
    expect((await bob('PUT', `/api/documents/${doc.id}`, { content: 'late' })).status).toBe(403);
    expect(await app.repos.directoryOutbox.countPending()).toBe(0);
  });

  it('invites an unknown address, answers 404 for an unknown document or user id and 400 for sharing with the owner', async () => {
    const doc = await create(alice, { name: 'Lonely' });
    const unknownUser = await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'nobody@example.com',
      permission: 'read',
    });
    // An address nobody signs in with yet is invited; the share takes effect at the first sign-in.
    expect(unknownUser).toMatchObject({
      status: 202,
      body: { document_id: doc.id, email: 'nobody@example.com', permission: 'read', pending: true },
    });
    const again = await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'NOBODY@example.com',
      permission: 'write',
    });
    expect(again).toMatchObject({ status: 409, body: { field: 'email' } });
    const unknownId = await alice('POST', '/api/shares', {
      document_id: doc.id,
      user_id: 'nobody',
      permission: 'read',
    });
    expect(unknownId).toMatchObject({ status: 404, body: { detail: 'User not found', field: 'user_id' } });
    const unknownDoc = await alice('POST', '/api/shares', {
      document_id: 999_999,
      email: 'bob@example.com',
      permission: 'read',
    });
    expect(unknownDoc).toMatchObject({
      status: 404,
      body: { detail: 'Document not found', field: 'document_id' },
    });
    const owner = await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'alice@example.com',
      permission: 'read',
    });
    expect(owner.status).toBe(400);
    expect((await alice('DELETE', `/api/shares/999999/bob@example.com`)).status).toBe(404);
    expect((await alice('DELETE', `/api/shares/${doc.id}/nobody@example.com`)).status).toBe(404);
  });

  it('makes a document public and private again: readable without a session only meanwhile', async () => {
    const doc = await create(alice, { name: 'Announcement', content: 'hello' });
    expect((await anonymous('GET', `/api/documents/${doc.id}`)).status).toBe(401);
    expect((await alice('PUT', `/api/documents/${doc.id}`, { is_public: true })).body.is_public).toBe(true);
    expect((await anonymous('GET', `/api/documents/${doc.id}`)).body).toMatchObject({ content: 'hello' });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    expect(await ids(anonymous)).toContain(doc.id);
    expect((await anonymous('GET', `/api/documents/${doc.id}/permissions`)).body).toEqual({
      can_read: true,
      can_write: false,
      can_share: false,
      can_delete: false,
    });
    expect((await alice('PUT', `/api/documents/${doc.id}`, { is_public: false })).status).toBe(200);
    expect((await anonymous('GET', `/api/documents/${doc.id}`)).status).toBe(401);
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    expect(await ids(anonymous)).not.toContain(doc.id);
  });

  it('lets only the owner publish: a write share edits name and content, not visibility', async () => {
    const doc = await create(alice, { name: 'Draft' });
    await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'bob@example.com',
      permission: 'write',
    });
    const publish = await bob('PUT', `/api/documents/${doc.id}`, {
      name: 'Published draft',
      is_public: true,
    });
    expect(publish).toMatchObject({ status: 403, body: { detail: 'Access denied: webapp.check' } });
    expect((await alice('GET', `/api/documents/${doc.id}`)).body).toMatchObject({
      name: 'Draft',
      is_public: false,
    });
    // Repeating the current visibility is not a publishing decision.
    expect((await bob('PUT', `/api/documents/${doc.id}`, { name: 'Draft 2', is_public: false })).status).toBe(
      200,
    );
  });

  it('places documents only in folders the caller may write', async () => {
    const aliceFolder = (await alice('POST', '/api/folders', { name: 'Reports' })).body;
    const bobFolder = (await bob('POST', '/api/folders', { name: 'Bob stuff' })).body;
    expect(aliceFolder).toMatchObject({ name: 'Reports', parent_folder_id: null });
    expect((await bob('GET', `/api/folders/${aliceFolder.id}`)).status).toBe(403);
    expect((await bob('GET', '/api/folders')).body.map((f: { id: number }) => f.id)).toEqual([bobFolder.id]);

    const refused = await bob('POST', '/api/documents', { name: 'Sneaky', folder_id: aliceFolder.id });
    expect(refused).toMatchObject({ status: 403, body: { detail: 'Access denied: webapp.check' } });
    const missing = await bob('POST', '/api/documents', { name: 'Lost', folder_id: 999_999 });
    expect(missing).toMatchObject({ status: 404, body: { field: 'folder_id' } });
    const filed = await create(alice, { name: 'Q1', folder_id: aliceFolder.id });
    expect(filed.folder_id).toBe(aliceFolder.id);

    await alice('POST', '/api/shares', {
      document_id: filed.id,
      email: 'bob@example.com',
      permission: 'write',
    });
    // Moving is the owner's (like publishing): a write share edits, it does not take the
    // document out of the owner's folder — not into the holder's folder, not out of any folder.
    for (const folderId of [bobFolder.id, null]) {
      const moved = await bob('PUT', `/api/documents/${filed.id}`, { folder_id: folderId });
      expect(moved).toMatchObject({ status: 403, body: { detail: 'Access denied: webapp.check' } });
    }
    expect((await bob('PUT', `/api/documents/${filed.id}`, { name: 'Q1 (edited)' })).status).toBe(200);
    // The owner moves it only into folders she may write.
    expect((await alice('PUT', `/api/documents/${filed.id}`, { folder_id: bobFolder.id })).status).toBe(403);
    const otherShelf = (await alice('POST', '/api/folders', { name: 'Archive' })).body;
    expect((await alice('PUT', `/api/documents/${filed.id}`, { folder_id: otherShelf.id })).status).toBe(200);
    expect((await alice('PUT', `/api/documents/${filed.id}`, { folder_id: aliceFolder.id })).status).toBe(
      200,
    );
    const parents = await app.authorization.directory.getRelations({
      objectType: 'document',
      objectId: String(filed.id),
      relation: 'parent',
    });
    expect(parents.map((r) => r.subjectId)).toEqual([String(aliceFolder.id)]);

    const sub = await alice('POST', '/api/folders', { name: 'Sub', parent_folder_id: aliceFolder.id });
    expect(sub.status).toBe(201);
    expect(
      (await alice('POST', '/api/folders', { name: 'Inside Bob', parent_folder_id: bobFolder.id })).status,
    ).toBe(403);
    const cycle = await alice('PUT', `/api/folders/${aliceFolder.id}`, { parent_folder_id: sub.body.id });
    expect(cycle).toMatchObject({ status: 400, body: { field: 'parent_folder_id' } });
    expect((await alice('DELETE', `/api/folders/${aliceFolder.id}`)).status).toBe(409);
    expect((await alice('PUT', `/api/folders/${sub.body.id}`, { name: 'Renamed' })).body.name).toBe(
      'Renamed',
    );
    expect((await alice('DELETE', `/api/folders/${sub.body.id}`)).status).toBe(204);
    expect((await alice('GET', `/api/folders/${sub.body.id}`)).status).toBe(404);
    // Bob's folder never received Alice's document: he can delete it.
    expect((await bob('DELETE', `/api/folders/${bobFolder.id}`)).status).toBe(204);
  });

  it('lists per user, in pages linked by Link: rel="next"', async () => {
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) mine.push((await create(bob, { name: `Bob ${i}` })).id);
    const bobIds = await ids(bob);
    expect(bobIds).toEqual(expect.arrayContaining(mine));
    expect((await ids(alice)).filter((id) => mine.includes(id))).toEqual([]);
    for (const id of await ids(anonymous)) {
      expect((await anonymous('GET', `/api/documents/${id}`)).body.is_public).toBe(true);
    }
    const pages: number[] = [];
    let next: string | undefined = '/api/documents?limit=2';
    while (next) {
      const page = await bob('GET', next);
      expect(page.body.length).toBeLessThanOrEqual(2);
      pages.push(...page.body.map((d: { id: number }) => d.id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(pages).toEqual(bobIds);
  });
});
