import type { DirectoryWrite } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  migrate,
  type PendingLogin,
  type Repositories,
  withTransaction,
} from './index.ts';

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const hash = (n: number) => n.toString(16).padStart(64, '0');
const pending: PendingLogin = { state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43), returnTo: '/docs' };
const owner = (documentId: number, sub: string): DirectoryWrite => ({
  op: 'setRelation',
  relation: {
    objectType: 'document',
    objectId: String(documentId),
    relation: 'owner',
    subjectType: 'user',
    subjectId: sub,
  },
});

describe('sessions and the directory outbox on PostgreSQL 16', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('sessions'));
    await migrate(sql);
    repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  describe('sessions', () => {
    it('finds a session with its user until it expires by the given clock', async () => {
      await repos.sessions.createForUser({
        tokenHash: hash(1),
        userId: 'sub-ann',
        createdAt: T0,
        expiresAt: at(86_400),
      });
      expect(await repos.sessions.findActive(hash(1), at(86_399))).toMatchObject({
        user: { id: 'sub-ann', email: 'ann@example.com', name: 'Ann' },
      });
      expect(await repos.sessions.findActive(hash(1), at(86_400))).toBeUndefined();
      expect(await repos.sessions.deleteExpired(at(86_400))).toBeGreaterThanOrEqual(1);
      expect(await repos.sessions.findActive(hash(1), at(0))).toBeUndefined();
    });

    it('hands a pending sign-in out once, and never as a signed-in session', async () => {
      await repos.sessions.createPendingLogin({
        tokenHash: hash(2),
        pendingLogin: pending,
        createdAt: T0,
        expiresAt: at(600),
      });
      expect(await repos.sessions.findActive(hash(2), at(1))).toBeUndefined();
      expect(await repos.sessions.takePendingLogin(hash(2), at(1))).toEqual(pending);
      expect(await repos.sessions.takePendingLogin(hash(2), at(1))).toBeUndefined();
    });

    it('does not hand out an expired pending sign-in', async () => {
      await repos.sessions.createPendingLogin({
        tokenHash: hash(3),
        pendingLogin: pending,
        createdAt: T0,
        expiresAt: at(600),
      });
      expect(await repos.sessions.takePendingLogin(hash(3), at(600))).toBeUndefined();
    });

    it('refuses malformed records', async () => {
      const base = { createdAt: T0, expiresAt: at(10) };
      await expect(
        repos.sessions.createForUser({ ...base, tokenHash: 'plain-token', userId: 'sub-ann' }),
      ).rejects.toMatchObject({
        code: 'invalid',
        field: 'token_hash',
      });
      await expect(
        repos.sessions.createForUser({ tokenHash: hash(4), userId: 'sub-ann', createdAt: T0, expiresAt: T0 }),
      ).rejects.toMatchObject({ code: 'invalid', field: 'expires_at' });
      await expect(
        repos.sessions.createPendingLogin({
          ...base,
          tokenHash: hash(5),
          pendingLogin: { ...pending, returnTo: 'https://evil' },
        }),
      ).rejects.toMatchObject({ code: 'invalid', field: 'pending_login' });
    });

    it('signs a user out everywhere', async () => {
      for (const n of [6, 7]) {
        await repos.sessions.createForUser({
          tokenHash: hash(n),
          userId: 'sub-ann',
          createdAt: T0,
          expiresAt: at(100),
        });
      }
      expect(await repos.sessions.deleteForUser('sub-ann')).toBe(2);
      expect(await repos.sessions.findActive(hash(6), at(1))).toBeUndefined();
    });
  });

  describe('directory outbox', () => {
    it('commits a data change and its outbox rows together', async () => {
      const before = await repos.directoryOutbox.countPending();
      const doc = await withTransaction(sql, async (tx) => {
        const created = await tx.documents.create({ name: 'Mirrored', ownerId: 'sub-ann' });
        await tx.directoryOutbox.enqueue([owner(created.id, 'sub-ann')]);
        return created;
      });
      expect(await repos.documents.get(doc.id)).toBeDefined();
      const pendingRows = await repos.directoryOutbox.listPending(1000);
      expect(pendingRows.length).toBe(before + 1);
      expect(pendingRows.at(-1)!.change).toEqual(owner(doc.id, 'sub-ann'));
    });

    it('writes neither when the transaction fails half-way', async () => {
      const documents = (await repos.documents.list()).length;
      const outbox = await repos.directoryOutbox.countPending();
      await expect(
        withTransaction(sql, async (tx) => {
          const created = await tx.documents.create({ name: 'Lost', ownerId: 'sub-ann' });
          await tx.directoryOutbox.enqueue([owner(created.id, 'sub-ann')]);
          await tx.documents.create({ name: '', ownerId: 'sub-ann' });
        }),
      ).rejects.toMatchObject({ code: 'invalid', field: 'name' });
      expect((await repos.documents.list()).length).toBe(documents);
      expect(await repos.directoryOutbox.countPending()).toBe(outbox);
    });

    it('refuses a malformed change before writing any of the batch', async () => {
      const outbox = await repos.directoryOutbox.countPending();
      const bad = { op: 'setRelation', relation: { objectType: 'document' } } as unknown as DirectoryWrite;
      await expect(repos.directoryOutbox.enqueue([owner(1, 'a'), bad])).rejects.toMatchObject({
        code: 'invalid',
      });
      expect(await repos.directoryOutbox.countPending()).toBe(outbox);
    });

    it('keeps order, counts attempts and marks delivery once', async () => {
      const changes: DirectoryWrite[] = [
        owner(10, 'sub-ann'),
        {
          op: 'setRelation',
          relation: {
            objectType: 'document',
            objectId: '10',
            relation: 'reader',
            subjectType: 'user',
            subjectId: '*',
          },
        },
        { op: 'deleteObject', type: 'document', id: '10' },
      ];
      const ids = await repos.directoryOutbox.enqueue(changes);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const listed = (await repos.directoryOutbox.listPending(1000)).filter((e) => ids.includes(e.id));
      expect(listed.map((e) => e.change)).toEqual(changes);
      await repos.directoryOutbox.markFailed(ids[0]!, `directory unavailable ${'!'.repeat(5000)}`);
      const [failed] = (await repos.directoryOutbox.listPending(1000)).filter((e) => e.id === ids[0]);
      expect(failed).toMatchObject({ attempts: 1, deliveredAt: null });
      expect(failed!.lastError!.length).toBe(2000);
      expect(await repos.directoryOutbox.pendingAmong([ids[1]!, ids[0]!])).toEqual([ids[0], ids[1]]);
      expect(await repos.directoryOutbox.markDelivered([ids[0]!], at(5))).toBe(1);
      expect(await repos.directoryOutbox.markDelivered([ids[0]!], at(6))).toBe(0);
      expect(await repos.directoryOutbox.pendingAmong([ids[0]!, ids[1]!])).toEqual([ids[1]]);
      expect((await repos.directoryOutbox.listPending(1000)).map((e) => e.id)).not.toContain(ids[0]);
      expect(await repos.directoryOutbox.deleteDelivered(at(10))).toBe(1);
    });
  });
});
