import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  migrate,
  type Repositories,
} from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { type Access, createServices, type Permission, ServiceError, type Services } from './index.ts';

/**
 * The caller as the services see it, with the permissions a test grants (`document:7#can_share`):
 * the decisions themselves belong to the policies and are tested there and end to end; here the
 * service's own work is under test — what it requires, reads, writes and enqueues.
 */
function accessFor(userId: string | undefined, grants: ReadonlySet<string>): Access & { asked: string[] } {
  const asked: string[] = [];
  const holds = (type: string, id: number, permission: Permission) =>
    grants.has(`${type}:${id}#${permission}`);
  return {
    userId,
    asked,
    async permissions(type, id, permissions) {
      return Object.fromEntries(permissions.map((p) => [p, holds(type, id, p)])) as Record<
        Permission,
        boolean
      >;
    },
    async require(type, id, permission) {
      asked.push(`${type}:${id}#${permission}`);
      if (!holds(type, id, permission)) throw new ServiceError('forbidden', 'Access denied: webapp.check');
    },
    async filter(type, items, permission) {
      return items.filter((item) => holds(type, item.id, permission));
    },
  };
}

describe('the share service: listing and changing shares', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;
  let services: Services;
  let delivered: number;
  let documentId: number;

  const pendingChanges = async () =>
    (await repos.directoryOutbox.listPending()).map((entry) => entry.change).slice(-2);

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('shares'));
    await migrate(sql);
    repos = createRepositories(sql);
    for (const name of ['ann', 'ben', 'cy']) {
      await repos.users.upsert({ id: `sub-${name}`, email: `${name}@example.com`, name });
    }
    services = createServices({
      sql,
      afterCommit: async () => {
        delivered++;
      },
    });
  });
  afterAll(async () => {
    await sql?.end();
    await pg?.stop();
  });
  beforeEach(async () => {
    delivered = 0;
    documentId = (await repos.documents.create({ name: 'Plan', ownerId: 'sub-ann' })).id;
    await repos.shares.create({ documentId, userId: 'sub-cy', permission: 'write' });
    await repos.shares.create({ documentId, userId: 'sub-ben', permission: 'read' });
  });

  const owner = () => accessFor('sub-ann', new Set([`document:${documentId}#can_share`]));

  it('lists the shares with their users by e-mail, for a caller who may share the document', async () => {
    const access = owner();
    const shares = await services.shares.list(access, documentId);
    expect(shares.map((s) => [s.user.email, s.share.permission])).toEqual([
      ['ben@example.com', 'read'],
      ['cy@example.com', 'write'],
    ]);
    expect(access.asked).toEqual([`document:${documentId}#can_share`]);
  });

  it('refuses the list to a caller without can_share, and names an unknown document', async () => {
    const reader = accessFor('sub-ben', new Set([`document:${documentId}#can_read`]));
    await expect(services.shares.list(reader, documentId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(services.shares.list(owner(), 2_000_000_000)).rejects.toMatchObject({ code: 'not_found' });
    await expect(services.shares.list(accessFor(undefined, new Set()), documentId)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('changes read to write with the old relation removed and the new one set in the same commit', async () => {
    const changed = await services.shares.change(owner(), documentId, 'BEN@example.com', 'write');
    expect(changed.share.permission).toBe('write');
    expect(changed.user.id).toBe('sub-ben');
    expect((await repos.shares.get(documentId, 'sub-ben'))?.permission).toBe('write');
    const relation = (op: string, name: string) => ({
      op,
      relation: {
        objectType: 'document',
        objectId: String(documentId),
        relation: name,
        subjectType: 'user',
        subjectId: 'sub-ben',
      },
    });
    expect(await pendingChanges()).toEqual([
      relation('deleteRelation', 'reader'),
      relation('setRelation', 'writer'),
    ]);
    expect(delivered).toBe(1);

    await services.shares.change(owner(), documentId, 'ben@example.com', 'read');
    expect(await pendingChanges()).toEqual([
      relation('deleteRelation', 'writer'),
      relation('setRelation', 'reader'),
    ]);
  });

  it('changes nothing (and enqueues nothing) when the share already has the permission', async () => {
    const before = (await repos.directoryOutbox.listPending()).length;
    const same = await services.shares.change(owner(), documentId, 'cy@example.com', 'write');
    expect(same.share.permission).toBe('write');
    expect((await repos.directoryOutbox.listPending()).length).toBe(before);
    expect(delivered).toBe(0);
  });

  it('refuses a change without can_share, for an unknown user or share, and without a user', async () => {
    const writer = accessFor('sub-cy', new Set([`document:${documentId}#can_write`]));
    await expect(services.shares.change(writer, documentId, 'cy@example.com', 'read')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      services.shares.change(owner(), documentId, 'nobody@example.com', 'read'),
    ).rejects.toMatchObject({
      code: 'not_found',
      field: 'email',
      message: 'User not found',
    });
    await services.shares.revoke(owner(), documentId, 'ben@example.com');
    await expect(
      services.shares.change(owner(), documentId, 'ben@example.com', 'write'),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'Share not found',
    });
    await expect(
      services.shares.change(accessFor(undefined, new Set()), documentId, 'ben@example.com', 'write'),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    expect((await repos.shares.get(documentId, 'sub-cy'))?.permission).toBe('write');
  });
});
