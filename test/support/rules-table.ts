/**
 * The authorization rules table of the specification, cell by cell, over HTTP against a real
 * stack (PostgreSQL, an OpenID provider's login form, the embedded engine, the location service):
 * owner, write share, read share, public (signed in — also by a user who holds no relation yet —
 * and anonymous), and a user in a restricted country (charlie, CN) — denied everything, his own
 * document included. Also: the listing agrees with reading one by one, and the permission query
 * with both. Run against the development provider (`npm test`) and Keycloak (interop suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../app/db/index.ts';
import { documentCreated } from '../../app/directory-sync/index.ts';
import { DEV_USERS } from '../../app/stack/index.ts';
import { type ApiCall, apiClient } from './api-client.ts';
import type { TestApp } from './test-app.ts';

type Operation = 'read' | 'write' | 'delete' | 'share';
// Delete last: it ends the document.
const OPERATIONS: readonly Operation[] = ['read', 'write', 'share', 'delete'];

/**
 * Declares the suite.
 *
 * @param start starts the application under test (stopped after the suite)
 * @example
 * describeRulesTable('the rules table over HTTP', () => startTestApp());
 */
export function describeRulesTable(title: string, start: () => Promise<TestApp>): void {
  describe(title, () => {
    let app: TestApp;
    let alice: ApiCall;
    let bob: ApiCall;
    let charlie: ApiCall;
    let anonymous: ApiCall;
    let charlieSub: string;

    /** A document of alice's, shared as `share` says, public when asked. */
    async function aliceDocument(
      name: string,
      share?: { email: string; permission: 'read' | 'write' },
      isPublic = false,
    ) {
      const created = await alice('POST', '/api/documents', {
        name,
        content: `${name} text`,
        is_public: isPublic,
      });
      expect(created.status).toBe(201);
      if (share) {
        const shared = await alice('POST', '/api/shares', { document_id: created.body.id, ...share });
        expect(shared.status).toBe(201);
      }
      return created.body.id as number;
    }

    /** A document charlie owns: written as if he created it before he moved, delivered by the relay. */
    async function charlieDocument(): Promise<number> {
      const document = await withTransaction(app.sql, async (tx) => {
        const created = await tx.documents.create({ name: 'Charlie notes', ownerId: charlieSub });
        await tx.directoryOutbox.enqueue(documentCreated(created));
        return created;
      });
      await app.running.documentApp.relay.flush();
      return document.id;
    }

    /** Performs `operation` on document `id` as `caller`; returns the status. */
    async function attempt(caller: ApiCall, operation: Operation, id: number): Promise<number> {
      switch (operation) {
        case 'read':
          return (await caller('GET', `/api/documents/${id}`)).status;
        case 'write':
          return (await caller('PUT', `/api/documents/${id}`, { content: 'changed' })).status;
        case 'delete':
          return (await caller('DELETE', `/api/documents/${id}`)).status;
        case 'share': {
          const email = caller === charlie ? 'bob@example.com' : 'charlie@example.com';
          return (await caller('POST', '/api/shares', { document_id: id, email, permission: 'read' })).status;
        }
      }
    }

    beforeAll(async () => {
      app = await start();
      alice = apiClient(await app.signIn('alice'));
      bob = apiClient(await app.signIn('bob'));
      charlie = apiClient(await app.signIn('charlie'));
      anonymous = apiClient(app.url);
      // The development provider's and the Keycloak realm's users have the same subject ids.
      charlieSub = DEV_USERS.find((u) => u.username === 'charlie')!.sub;
    });
    afterAll(async () => {
      await app?.stop();
    });

    // Expected status per operation; a fresh document for every row, as delete destroys it.
    const rows: [string, () => Promise<[ApiCall, number]>, Record<Operation, number>][] = [
      // First, while bob holds no relation at all (Topaz answers checks for such a subject false).
      [
        'a signed-in user holding no relation yet, public document',
        async () => [bob, await aliceDocument('Public', undefined, true)],
        { read: 200, write: 403, share: 403, delete: 403 },
      ],
      [
        'owner',
        async () => [alice, await aliceDocument('Own')],
        { read: 200, write: 200, share: 201, delete: 204 },
      ],
      [
        'holder of a write share',
        async () => [bob, await aliceDocument('Write', { email: 'bob@example.com', permission: 'write' })],
        { read: 200, write: 200, share: 403, delete: 403 },
      ],
      [
        'holder of a read share',
        async () => [bob, await aliceDocument('Read', { email: 'bob@example.com', permission: 'read' })],
        { read: 200, write: 403, share: 403, delete: 403 },
      ],
      [
        'anyone signed in, public document',
        async () => [bob, await aliceDocument('Public', undefined, true)],
        { read: 200, write: 403, share: 403, delete: 403 },
      ],
      [
        'anyone without a session, public document',
        async () => [anonymous, await aliceDocument('Public', undefined, true)],
        { read: 200, write: 401, share: 401, delete: 401 },
      ],
      [
        'a signed-in user without any relation',
        async () => [bob, await aliceDocument('Private')],
        { read: 403, write: 403, share: 403, delete: 403 },
      ],
      [
        'no session, private document',
        async () => [anonymous, await aliceDocument('Private')],
        { read: 401, write: 401, share: 401, delete: 401 },
      ],
      [
        'restricted country, own document',
        async () => [charlie, await charlieDocument()],
        { read: 403, write: 403, share: 403, delete: 403 },
      ],
      [
        'restricted country, write share',
        async () => [
          charlie,
          await aliceDocument('For C', { email: 'charlie@example.com', permission: 'write' }),
        ],
        { read: 403, write: 403, share: 403, delete: 403 },
      ],
      [
        'restricted country, public document',
        async () => [charlie, await aliceDocument('Public', undefined, true)],
        { read: 403, write: 403, share: 403, delete: 403 },
      ],
    ];

    for (const [actor, setUp, expected] of rows) {
      it(`${actor}: read ${expected.read}, write ${expected.write}, share ${expected.share}, delete ${expected.delete}`, async () => {
        const [caller, id] = await setUp();
        const seen: Record<string, number> = {};
        for (const operation of OPERATIONS) seen[operation] = await attempt(caller, operation, id);
        expect(seen).toEqual(expected);
      });
    }

    it('names the policy that denied: the route policy, or webapp.check for the relationship', async () => {
      const id = await aliceDocument('Named', { email: 'bob@example.com', permission: 'read' });
      expect((await bob('PUT', `/api/documents/${id}`, { name: 'x' })).body).toEqual({
        detail: 'Access denied: webapp.PUT.api.documents.__id',
      });
      expect(
        (
          await bob('POST', '/api/shares', {
            document_id: id,
            email: 'charlie@example.com',
            permission: 'read',
          })
        ).body,
      ).toEqual({ detail: 'Access denied: webapp.check' });
      expect((await charlie('GET', '/api/documents')).body).toEqual({
        detail: 'Access denied: webapp.GET.api.documents',
      });
      const anon = await anonymous('GET', `/api/documents/${await aliceDocument('Hidden')}`);
      expect(anon.body).toEqual({ detail: 'Sign-in required' });
      expect(anon.headers.get('www-authenticate')).toContain('login="/login"');
    });

    it('denies charlie every /api route, folders and listing included', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/documents'],
        ['POST', '/api/documents', { name: 'C' }],
        ['GET', '/api/folders'],
        ['POST', '/api/folders', { name: 'C' }],
        ['GET', '/api/documents/1/permissions'],
        ['POST', '/api/shares', { document_id: 1, email: 'bob@example.com', permission: 'read' }],
      ];
      for (const [method, path, body] of calls) {
        const res = await charlie(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    });

    it('lists exactly the documents each caller may read, and the permission query agrees', async () => {
      const ids = (await app.repos.documents.list({ limit: 1000 })).map((d) => d.id);
      expect(ids.length).toBeGreaterThan(5);
      for (const [who, caller] of [
        ['alice', alice],
        ['bob', bob],
        ['anonymous', anonymous],
      ] as const) {
        const listed = (await caller('GET', '/api/documents')).body.map((d: { id: number }) => d.id);
        const readable: number[] = [];
        for (const id of ids) {
          const status = (await caller('GET', `/api/documents/${id}`)).status;
          expect([200, 401, 403], `${who} GET ${id}`).toContain(status);
          if (status === 200) readable.push(id);
          const can = (await caller('GET', `/api/documents/${id}/permissions`)).body;
          expect(can.can_read, `${who} can_read ${id}`).toBe(status === 200);
          const write = await caller('PUT', `/api/documents/${id}`, { content: `seen by ${who}` });
          expect(can.can_write, `${who} can_write ${id}`).toBe(write.status === 200);
        }
        expect(listed, who).toEqual(readable);
      }
      expect(app.logs.filter((l) => l.level === 'error')).toEqual([]);
    });
  });
}
