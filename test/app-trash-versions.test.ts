/**
 * The trash and document versions over the JSON API against the real stack (PostgreSQL, the
 * embedded engine, sign-in through the provider): a deleted document leaves every list, search and
 * share holder's view, only its owner restores it (shares and all) or deletes it for good, and it
 * is purged 30 days after it was trashed (the application's clock moved, not waited for). Versions
 * are listed and read by readers and restored by the owner or a writer only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;

describe('the trash and versions over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let anonymous: ApiCall;
  let skew = 0;

  const created = async (body: Record<string, unknown>) => {
    const res = await alice('POST', '/api/documents', body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; name: string };
  };
  const share = async (id: number, permission: 'read' | 'write') => {
    const res = await alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission });
    expect(res.status, res.text).toBe(201);
  };
  const ids = (res: { body: { items?: { id: number }[] } | { id: number }[] }) =>
    (Array.isArray(res.body) ? res.body : (res.body.items ?? [])).map((d) => d.id);

  beforeAll(async () => {
    app = await startTestApp({ clock: { now: () => Date.now() + skew } });
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    anonymous = apiClient(app.url);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('hides a trashed document from its holders, lists and search; its owner restores it with its shares', async () => {
    const doc = await created({ name: 'Quarterly zebra report', content: 'zebra figures', is_public: true });
    await share(doc.id, 'write');
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);

    expect((await bob('DELETE', `/api/documents/${doc.id}`)).status).toBe(403);
    expect((await alice('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);

    for (const caller of [alice, bob, anonymous]) {
      expect((await caller('GET', `/api/documents/${doc.id}`)).status).toBe(404);
      expect(ids(await caller('GET', '/api/documents'))).not.toContain(doc.id);
      expect(ids(await caller('GET', '/api/search?q=zebra'))).not.toContain(doc.id);
    }
    expect((await bob('PUT', `/api/documents/${doc.id}`, { content: 'changed' })).status).toBe(404);
    expect((await bob('GET', `/api/documents/${doc.id}/versions`)).status).toBe(404);
    expect((await alice('DELETE', `/api/documents/${doc.id}`)).status).toBe(404);

    const trash = await alice('GET', '/api/trash');
    expect(trash.status, trash.text).toBe(200);
    const item = trash.body.items.find((d: { id: number }) => d.id === doc.id);
    expect(item).toMatchObject({ name: doc.name, trashed_by: expect.any(String) });
    expect(Date.parse(item.purge_at) - Date.parse(item.trashed_at)).toBe(30 * DAY);
    expect(ids(await bob('GET', '/api/trash'))).toEqual([]);
    expect((await anonymous('GET', '/api/trash')).status).toBe(401);

    expect((await bob('POST', `/api/trash/${doc.id}/restore`)).status).toBe(403);
    expect((await bob('DELETE', `/api/trash/${doc.id}`)).status).toBe(403);
    const restored = await alice('POST', `/api/trash/${doc.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ id: doc.id, content: 'zebra figures', is_public: true });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    expect((await bob('PUT', `/api/documents/${doc.id}`, { content: 'zebra, edited' })).status).toBe(200);
    expect(ids(await anonymous('GET', '/api/search?q=zebra'))).toContain(doc.id);
    expect((await alice('POST', `/api/trash/${doc.id}/restore`)).status).toBe(404);
  });

  it('leaves a trashed document out of its folder, lets the folder go, and restores it to no folder', async () => {
    const folder = await alice('POST', '/api/folders', { name: 'Drafts' });
    expect(folder.status, folder.text).toBe(201);
    const doc = await created({ name: 'Draft', folder_id: folder.body.id });
    expect((await alice('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    const contents = await alice('GET', `/api/folders/${folder.body.id}/contents`);
    expect(contents.body).toMatchObject({ documents: [], empty: true });
    expect((await alice('DELETE', `/api/folders/${folder.body.id}`)).status).toBe(204);
    const restored = await alice('POST', `/api/trash/${doc.id}/restore`);
    expect(restored.body).toMatchObject({ id: doc.id, folder_id: null });
  });

  it('deletes a trashed document for good, with its relations in the directory', async () => {
    const doc = await created({ name: 'Short-lived' });
    await share(doc.id, 'read');
    expect((await alice('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    expect((await alice('DELETE', `/api/trash/${doc.id}`)).status).toBe(204);
    expect(ids(await alice('GET', '/api/trash'))).not.toContain(doc.id);
    expect((await alice('DELETE', `/api/trash/${doc.id}`)).status).toBe(404);
    expect((await alice('POST', `/api/trash/${doc.id}/restore`)).status).toBe(404);
    const [row] = await app.sql`SELECT count(*)::int AS n FROM documents WHERE id = ${doc.id}`;
    expect(row?.n).toBe(0);
    await app.running.documentApp.relay.flush();
    const check = await app.authorization.decisionService.decide({
      identity: {
        type: 'IDENTITY_TYPE_SUB',
        value: (await app.repos.users.getByEmail('bob@example.com'))!.id,
      },
      policyPath: 'webapp.check',
      decisions: ['can_read'],
      resourceContext: {
        object_type: 'document',
        object_id: String(doc.id),
        subject_type: 'user',
        location: { country_code: 'GB' },
      },
    });
    expect(check.can_read).toBe(false);
    expect((await alice('GET', '/api/trash/abc')).status).toBe(404);
    expect((await alice('POST', '/api/trash/0/restore')).status).toBe(400);
  });

  it('lists and reads versions for readers, restores one for the owner or a writer only', async () => {
    const doc = await created({ name: 'Minutes', content: 'first' });
    expect((await alice('PUT', `/api/documents/${doc.id}`, { content: 'second' })).status).toBe(200);
    expect((await alice('PUT', `/api/documents/${doc.id}`, { name: 'Minutes (final)' })).status).toBe(200);
    await share(doc.id, 'read');

    const list = await bob('GET', `/api/documents/${doc.id}/versions`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list.body.items[0]).toMatchObject({
      name: 'Minutes (final)',
      changed_by_name: expect.any(String),
    });
    expect(list.body.items[0].content).toBeUndefined();
    const first = await bob('GET', `/api/documents/${doc.id}/versions/1`);
    expect(first.body).toMatchObject({ version: 1, name: 'Minutes', content: 'first' });
    expect((await bob('GET', `/api/documents/${doc.id}/versions/9`)).status).toBe(404);
    expect((await bob('GET', `/api/documents/${doc.id}/versions/0`)).status).toBe(400);
    expect((await anonymous('GET', `/api/documents/${doc.id}/versions`)).status).toBe(401);

    expect((await bob('POST', `/api/documents/${doc.id}/versions/1/restore`)).status).toBe(403);
    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(204);
    await share(doc.id, 'write');
    const restored = await bob('POST', `/api/documents/${doc.id}/versions/1/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ name: 'Minutes', content: 'first' });
    const after = await alice('GET', `/api/documents/${doc.id}/versions`);
    expect(after.body.items[0]).toMatchObject({ version: 4, name: 'Minutes' });
  });

  it("answers 404 for a trashed document's shares, and restores it with every share", async () => {
    const doc = await created({ name: 'Shared, then trashed' });
    await share(doc.id, 'read');
    expect((await alice('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    const revoke = await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`);
    expect(revoke.status, revoke.text).toBe(404);
    expect(revoke.body.detail).toBe('Document not found');
    const [kept] = await app.sql`SELECT count(*)::int AS n FROM shares WHERE document_id = ${doc.id}`;
    expect(kept?.n).toBe(1);
    const grant = { document_id: doc.id, email: 'charlie@example.com', permission: 'read' };
    expect((await alice('POST', '/api/shares', grant)).status).toBe(404);
    expect((await alice('POST', `/api/trash/${doc.id}/restore`)).status).toBe(200);
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(204);
    const gone = await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`);
    expect(gone.body.detail).toBe('Share not found');
  });

  it('purges what was trashed 30 days ago, and nothing younger', async () => {
    const old = await created({ name: 'Old news' });
    const young = await created({ name: 'Fresh news' });
    expect((await alice('DELETE', `/api/documents/${old.id}`)).status).toBe(204);
    // Two days on (a new session: the first one idled out meanwhile).
    skew = 2 * DAY;
    const later = apiClient(await app.signIn('alice'));
    expect((await later('DELETE', `/api/documents/${young.id}`)).status).toBe(204);
    const purge = () => app.running.documentApp.services.trash.purgeExpired();

    skew = 30 * DAY - 60_000;
    expect(await purge()).toBe(0);
    skew = 30 * DAY + 1000;
    expect(await purge()).toBe(1);
    const left = await app.sql<
      { id: number }[]
    >`SELECT id FROM documents WHERE id IN (${old.id}, ${young.id})`;
    expect(left.map((r) => r.id)).toEqual([young.id]);
    skew = 32 * DAY + 1000;
    expect(await purge()).toBe(1);
  });
});
