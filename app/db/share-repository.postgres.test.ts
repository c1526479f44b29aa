import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../test/support/database-rejection.ts';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { connectDatabase, createRepositories, type Database, migrate, type Repositories } from './index.ts';

describe('shares on PostgreSQL 16', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('shares'));
    await migrate(sql);
    repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
    await repos.users.upsert({ id: 'sub-ben', email: 'ben@example.com', name: 'Ben' });
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  it('allows one share per document and user, read or write, never to the owner', async () => {
    const doc = await repos.documents.create({ name: 'Shared', ownerId: 'sub-ann' });
    const share = await repos.shares.create({ documentId: doc.id, userId: 'sub-ben', permission: 'read' });
    expect(share).toMatchObject({ documentId: doc.id, userId: 'sub-ben', permission: 'read' });
    expect(
      await rejection(repos.shares.create({ documentId: doc.id, userId: 'sub-ben', permission: 'write' })),
    ).toMatchObject({
      code: 'conflict',
    });
    expect(
      await rejection(repos.shares.create({ documentId: doc.id, userId: 'sub-ann', permission: 'read' })),
    ).toMatchObject({ code: 'invalid', field: 'user_id' });
    expect(
      await rejection(
        repos.shares.create({ documentId: doc.id, userId: 'sub-cy', permission: 'admin' as 'read' }),
      ),
    ).toMatchObject({ code: 'invalid', field: 'permission' });
    expect(
      await rejection(repos.shares.create({ documentId: doc.id, userId: 'nobody', permission: 'read' })),
    ).toMatchObject({ code: 'missing_reference', field: 'user_id' });
    expect(await repos.shares.update(doc.id, 'sub-ben', 'write')).toMatchObject({ permission: 'write' });
    expect((await repos.shares.listByUser('sub-ben')).map((s) => s.documentId)).toContain(doc.id);
  });

  it('disappear with their document', async () => {
    const doc = await repos.documents.create({ name: 'Doomed', ownerId: 'sub-ann' });
    await repos.shares.create({ documentId: doc.id, userId: 'sub-ben', permission: 'read' });
    expect(await repos.documents.delete(doc.id)).toMatchObject({ id: doc.id });
    expect(await repos.shares.listByDocument(doc.id)).toEqual([]);
    expect(await repos.shares.revoke(doc.id, 'sub-ben', () => [])).toBeUndefined();
  });

  it('are granted and revoked with their outbox entries in one statement, or not at all', async () => {
    const doc = await repos.documents.create({ name: 'Outboxed', ownerId: 'sub-ann' });
    const change = (relation: string, op: 'setRelation' | 'deleteRelation') => ({
      op,
      relation: {
        objectType: 'document',
        objectId: String(doc.id),
        relation,
        subjectType: 'user',
        subjectId: 'sub-ben',
      },
    });
    const pendingBefore = await repos.directoryOutbox.countPending();
    const granted = await repos.shares.grant({ documentId: doc.id, userId: 'sub-ben', permission: 'write' }, [
      change('writer', 'setRelation'),
      change('reader', 'deleteRelation'),
    ]);
    expect(granted.share).toMatchObject({ documentId: doc.id, userId: 'sub-ben', permission: 'write' });
    const queued = await repos.directoryOutbox.listPending(1000);
    expect(granted.outboxIds).toEqual(queued.slice(-2).map((e) => e.id));
    expect(queued.slice(-2).map((e) => e.change)).toEqual([
      change('writer', 'setRelation'),
      change('reader', 'deleteRelation'),
    ]);
    // A second grant conflicts: neither the share nor its outbox entry is stored.
    expect(
      await rejection(
        repos.shares.grant({ documentId: doc.id, userId: 'sub-ben', permission: 'read' }, [
          change('reader', 'setRelation'),
        ]),
      ),
    ).toMatchObject({ code: 'conflict' });
    expect(await repos.directoryOutbox.countPending()).toBe(pendingBefore + 2);
    // The revocation's changes follow the permission the deleted row had.
    const revoked = await repos.shares.revoke(doc.id, 'sub-ben', (share) => [
      change(share.permission === 'write' ? 'writer' : 'reader', 'deleteRelation'),
    ]);
    expect(revoked?.share.permission).toBe('write');
    const [entry] = (await repos.directoryOutbox.listPending(1000)).slice(-1);
    expect([revoked?.outboxIds, entry?.change]).toEqual([[entry?.id], change('writer', 'deleteRelation')]);
    expect(
      await repos.shares.revoke(doc.id, 'sub-ben', () => [change('x', 'deleteRelation')]),
    ).toBeUndefined();
    expect(await repos.directoryOutbox.countPending()).toBe(pendingBefore + 3);
  });
});
