/**
 * Giving documents and folders away, over HTTP against the real stack: the new owner holds
 * everything an owner holds at once, the old owner keeps nothing but what the new owner shares
 * back (documented), a document leaves the old owner's folder, a folder goes with everything of
 * the old owner's inside it; the rows and the directory change together, once, under concurrent
 * attempts; and only the owner can do it — not a writer, another user, an anonymous or restricted
 * caller, nor a forged request from another origin — with bad input answered 4xx by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USERS } from '../../app/stack/index.ts';
import { type ApiCall, apiClient } from './api-client.ts';
import { pageRequests } from './page-requests.ts';
import type { SignedInClient } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

const [aliceUser, bobUser] = DEV_USERS;

/**
 * Declares the suite (the embedded engine in `test/app-ownership.test.ts`, Topaz in `test/topaz/app-ownership.topaz.test.ts`).
 *
 * @param start starts the application under test (stopped after the suite)
 * @example
 * describeOwnershipTransfer('ownership transfer', () => startTestApp());
 */
export function describeOwnershipTransfer(title: string, start: () => Promise<TestApp>): void {
  describe(title, () => {
    let app: TestApp;
    let aliceClient: SignedInClient;
    let bobClient: SignedInClient;
    let alice: ApiCall;
    let bob: ApiCall;
    let charlie: ApiCall;
    let anonymous: ApiCall;
    const { get, post } = pageRequests(() => app);

    const created = async (call: ApiCall, path: string, body: object) => {
      const res = await call('POST', path, body);
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const give = (call: ApiCall, type: 'documents' | 'folders', id: number, email: string) =>
      call('PUT', `/api/${type}/${id}/owner`, { email });
    const permissions = async (call: ApiCall, id: number) =>
      (await call('GET', `/api/documents/${id}/permissions`)).body;

    beforeAll(async () => {
      app = await start();
      [aliceClient, bobClient] = await Promise.all([app.signIn('alice'), app.signIn('bob')]);
      alice = apiClient(aliceClient);
      bob = apiClient(bobClient);
      charlie = apiClient(await app.signIn('charlie'));
      anonymous = apiClient(app.url);
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('gives a document: the new owner holds everything, the old owner nothing until shared back', async () => {
      const folder = await created(alice, '/api/folders', { name: 'Alice drafts' });
      const id = await created(alice, '/api/documents', {
        name: 'Budget',
        content: 'numbers',
        folder_id: folder,
      });
      await alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission: 'read' });

      const given = await give(alice, 'documents', id, 'BOB@example.com');
      expect(given.status, given.text).toBe(200);
      expect(given.body).toEqual({
        owner: { id: bobUser?.sub, email: 'bob@example.com', name: 'Bob Brown' },
        documents: 1,
        folders: 0,
      });
      expect(await permissions(bob, id)).toEqual({
        can_read: true,
        can_write: true,
        can_share: true,
        can_delete: true,
      });
      expect(await permissions(alice, id)).toEqual({
        can_read: false,
        can_write: false,
        can_share: false,
        can_delete: false,
      });
      expect((await alice('GET', `/api/documents/${id}`)).status).toBe(403);
      // It left alice's folder (which would otherwise keep granting her everything inside).
      const read = await bob('GET', `/api/documents/${id}`);
      expect(read.body).toMatchObject({ owner_id: bobUser?.sub, folder_id: null, content: 'numbers' });
      const contents = await alice('GET', `/api/folders/${folder}/contents`);
      expect(contents.body.documents.map((d: { id: number }) => d.id)).not.toContain(id);
      // bob's read share ended: an owner holds no share of his own.
      expect(await app.sql`SELECT 1 FROM shares WHERE document_id = ${id}`).toHaveLength(0);
      expect((await bob('GET', `/api/documents/${id}/access`)).body.entries).not.toContainEqual(
        expect.objectContaining({
          grants: expect.arrayContaining([expect.objectContaining({ kind: 'share' })]),
        }),
      );

      // What the old owner keeps is what the new owner grants.
      await bob('POST', '/api/shares', { document_id: id, email: 'alice@example.com', permission: 'read' });
      expect(await permissions(alice, id)).toMatchObject({
        can_read: true,
        can_write: false,
        can_share: false,
      });
      expect((await give(alice, 'documents', id, 'alice@example.com')).status).toBe(403);
    });

    it('gives a folder with everything of the owner inside it; what others own stays theirs', async () => {
      const top = await created(alice, '/api/folders', { name: 'Projects' });
      const inner = await created(alice, '/api/folders', { name: 'Phase 1', parent_folder_id: top });
      const a1 = await created(alice, '/api/documents', { name: 'Plan', folder_id: top });
      const b1 = await created(alice, '/api/documents', { name: 'Tasks', folder_id: inner });
      const trashed = await created(alice, '/api/documents', { name: 'Old', folder_id: inner });
      expect((await alice('DELETE', `/api/documents/${trashed}`)).status).toBe(204);
      const share = await alice('POST', `/api/folders/${top}/shares`, {
        email: 'bob@example.com',
        permission: 'write',
      });
      expect(share.status, share.text).toBe(201);
      const bobs = await created(bob, '/api/documents', { name: 'Bob idea', folder_id: inner });

      const given = await give(alice, 'folders', top, 'bob@example.com');
      expect(given.status, given.text).toBe(200);
      expect(given.body).toMatchObject({ documents: 3, folders: 2 });
      for (const id of [a1, b1, bobs]) {
        expect(await permissions(bob, id), String(id)).toMatchObject({ can_read: true, can_share: true });
        expect((await alice('GET', `/api/documents/${id}`)).status).toBe(403);
      }
      expect((await alice('GET', `/api/folders/${top}`)).status).toBe(403);
      expect((await alice('GET', `/api/folders/${inner}/contents`)).status).toBe(403);
      expect(await app.sql`SELECT 1 FROM folder_shares WHERE folder_id = ${top}`).toHaveLength(0);
      // The trashed document went too: it is in bob's trash now, alice's is without it.
      expect((await bob('GET', '/api/trash')).body.items.map((d: { id: number }) => d.id)).toContain(trashed);
      expect((await alice('GET', '/api/trash')).body.items.map((d: { id: number }) => d.id)).not.toContain(
        trashed,
      );

      // A folder name the new owner already has in the same place: refused, nothing changed.
      const mine = await created(alice, '/api/folders', { name: 'Shared notes' });
      await created(bob, '/api/folders', { name: 'shared NOTES' });
      const clash = await give(alice, 'folders', mine, 'bob@example.com');
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({
        field: 'email',
        detail: expect.stringMatching(/already has a folder/),
      });
      expect((await alice('GET', `/api/folders/${mine}`)).body.owner_id).toBe(aliceUser?.sub);
    });

    it('lets only the owner give, refuses bad input by name, and changes nothing when refused', async () => {
      const id = await created(alice, '/api/documents', { name: 'Contract' });
      const folder = await created(alice, '/api/folders', { name: 'Legal' });
      await alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission: 'write' });
      const cases: [ApiCall, string, object, number, RegExp | undefined][] = [
        [bob, `/api/documents/${id}/owner`, { email: 'bob@example.com' }, 403, undefined],
        [bob, `/api/folders/${folder}/owner`, { email: 'bob@example.com' }, 403, undefined],
        [charlie, `/api/documents/${id}/owner`, { email: 'charlie@example.com' }, 403, undefined],
        [anonymous, `/api/documents/${id}/owner`, { email: 'bob@example.com' }, 401, undefined],
        [alice, `/api/documents/${id}/owner`, { email: 'nobody@example.com' }, 404, /User not found/],
        [alice, `/api/documents/${id}/owner`, { email: 'alice@example.com' }, 400, /already own/],
        [alice, `/api/documents/${id}/owner`, { email: 'not an address' }, 400, /email/],
        [alice, `/api/documents/${id}/owner`, {}, 400, /email/],
        [
          alice,
          `/api/documents/${id}/owner`,
          { email: 'bob@example.com', keep: 'write' },
          400,
          /unknown field/,
        ],
        [alice, '/api/documents/2000000000/owner', { email: 'bob@example.com' }, 404, /Document not found/],
        [alice, '/api/folders/0/owner', { email: 'bob@example.com' }, 400, /id/],
      ];
      for (const [call, path, body, status, message] of cases) {
        const res = await call('PUT', path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}: ${res.text}`).toBe(status);
        if (message) expect(res.body.detail).toMatch(message);
      }
      expect(
        (
          await alice('PUT', `/api/documents/${id}/owner`, 'email=bob@example.com', {
            'content-type': 'text/plain',
          })
        ).status,
      ).toBe(415);
      // A forged request from another origin, with the owner's cookie: refused before anything.
      for (const origin of ['https://evil.example', 'null']) {
        const res = await aliceClient.fetch(`/api/documents/${id}/owner`, {
          method: 'PUT',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'bob@example.com' }),
        });
        expect(res.status).toBe(403);
      }
      const trashed = await created(alice, '/api/documents', { name: 'Binned' });
      await alice('DELETE', `/api/documents/${trashed}`);
      expect((await give(alice, 'documents', trashed, 'bob@example.com')).status).toBe(404);
      expect((await alice('GET', `/api/documents/${id}`)).body.owner_id).toBe(aliceUser?.sub);
      expect(await permissions(bob, id)).toMatchObject({ can_write: true, can_share: false });
    });

    it('changes hands exactly once under concurrent attempts, rows and directory alike', async () => {
      const id = await created(alice, '/api/documents', { name: 'Race' });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => give(alice, 'documents', id, 'bob@example.com')),
      );
      expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
      expect(answers.every((a) => a.status === 200 || a.status === 403)).toBe(true);
      expect(await permissions(bob, id)).toMatchObject({ can_share: true, can_delete: true });
      expect(await permissions(alice, id)).toMatchObject({ can_read: false });
      const owners = await app.authorization.directory.getRelations({
        objectType: 'document',
        objectId: String(id),
        relation: 'owner',
      });
      expect(owners.map((r) => r.subjectId)).toEqual([bobUser?.sub]);
      expect(await app.sql`SELECT owner_id FROM documents WHERE id = ${id}`).toEqual([
        { owner_id: bobUser?.sub },
      ]);
    });

    it('gives through the page form, which says what the owner loses first', async () => {
      const id = await created(alice, '/api/documents', { name: 'Handbook' });
      const page = await get(aliceClient, `/documents/${id}/owner`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('You keep no access of your own');
      expect((await get(bobClient, `/documents/${id}/owner`)).status).toBe(403);
      expect((await get(aliceClient, `/documents/${id}/shares`)).html).toContain(
        `href="/documents/${id}/owner"`,
      );
      const bad = await post(aliceClient, `/documents/${id}/owner`, { email: 'nobody@example.com' });
      expect(bad.status).toBe(404);
      expect(bad.html).toContain('User not found');
      const empty = await post(aliceClient, `/documents/${id}/owner`, { email: '' });
      expect(empty.status).toBe(400);
      expect(empty.html).toContain('Enter the e-mail address of the new owner');
      const done = await post(aliceClient, `/documents/${id}/owner`, { email: 'bob@example.com' });
      expect(done.status).toBe(303);
      expect(done.location).toBe('/?done=document-given');
      expect((await get(aliceClient, `/documents/${id}`)).status).toBe(403);
      expect((await get(bobClient, `/documents/${id}`)).status).toBe(200);
    });
  });
}
