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

const DAY = 86_400_000;

/**
 * The caller with the permissions a test grants (`document:7#can_delete`); the decisions belong
 * to the policies (tested there and end to end) — here what the service requires, hides and
 * enqueues is under test.
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

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ServiceError ? error.code : String(error)),
  );

describe('the trash service', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;
  let services: Services;
  let now = Date.parse('2026-11-01T12:00:00Z');
  let delivered = 0;
  let id: number;

  const owner = () => accessFor('sub-ann', new Set([`document:${id}#can_delete`, `document:${id}#can_read`]));

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('trash'));
    await migrate(sql);
    repos = createRepositories(sql);
    for (const name of ['ann', 'ben']) {
      await repos.users.upsert({ id: `sub-${name}`, email: `${name}@example.com`, name });
    }
    services = createServices({
      sql,
      afterCommit: async () => {
        delivered++;
      },
      clock: { now: () => now },
    });
  });
  afterAll(async () => {
    await sql?.end();
    await pg?.stop();
  });
  beforeEach(async () => {
    delivered = 0;
    id = (
      await repos.documents.create({
        name: 'Zebra plan',
        content: 'zebra',
        ownerId: 'sub-ann',
        isPublic: true,
      })
    ).id;
    await repos.shares.create({ documentId: id, userId: 'sub-ben', permission: 'write' });
  });

  it('moves a deleted document to the trash, where no statement on live documents finds it', async () => {
    const access = owner();
    await services.documents.remove(access, id);
    expect(access.asked).toEqual([`document:${id}#can_delete`]);
    expect(await repos.documents.get(id)).toBeUndefined();
    expect(await repos.documents.list({ ids: [id] })).toEqual([]);
    expect(await repos.documents.update(id, { name: 'Renamed' }, 'sub-ann')).toBeUndefined();
    const reachable = await repos.documents.listAccessible({ userId: 'sub-ben', limit: 1000 });
    expect(reachable.map((d) => d.id)).not.toContain(id);
    for (const scope of ['own', 'shared', 'public', 'reachable'] as const) {
      for (const userId of ['sub-ann', 'sub-ben', undefined]) {
        const page = await repos.documentListing.page({
          userId,
          scope,
          sort: 'name',
          search: 'zebra',
          limit: 100,
        });
        expect(
          page.map((d) => d.id),
          `${scope} for ${userId}`,
        ).not.toContain(id);
      }
    }
    expect(await code(services.documents.get(owner(), id))).toBe('not_found');
    expect(await code(services.documents.remove(owner(), id))).toBe('not_found');
    expect(await repos.trash.get(id, new Date(0))).toMatchObject({
      id,
      trashedBy: 'sub-ann',
      trashedAt: new Date(now),
    });
    // Nothing changes in the directory while it is in the trash.
    expect(delivered).toBe(0);
  });

  it("lists the caller's own trash, as far as the policy lets them delete", async () => {
    await services.documents.remove(owner(), id);
    const listed = await services.trash.list(owner());
    expect(listed.items.map((d) => d.id)).toContain(id);
    expect((await services.trash.list(accessFor('sub-ann', new Set()))).items).toEqual([]);
    expect(
      (await services.trash.list(accessFor('sub-ben', new Set([`document:${id}#can_delete`])))).items,
    ).toEqual([]);
    expect(await code(services.trash.list(accessFor(undefined, new Set())))).toBe('unauthenticated');
  });

  it('restores and deletes for good only with can_delete, and only what is in the trash', async () => {
    const writer = accessFor('sub-ben', new Set([`document:${id}#can_write`, `document:${id}#can_read`]));
    expect(await code(services.trash.restore(owner(), id))).toBe('not_found');
    expect(await code(services.trash.get(owner(), id))).toBe('not_found');
    await services.documents.remove(owner(), id);
    expect(await code(services.trash.get(writer, id))).toBe('forbidden');
    expect(await code(services.trash.restore(writer, id))).toBe('forbidden');
    expect(await code(services.trash.purge(writer, id))).toBe('forbidden');
    expect(await services.trash.get(owner(), id)).toMatchObject({
      id,
      name: 'Zebra plan',
      trashedBy: 'sub-ann',
    });
    const restored = await services.trash.restore(owner(), id);
    expect(restored).toMatchObject({ id, name: 'Zebra plan', content: 'zebra', isPublic: true });
    expect(await repos.shares.get(id, 'sub-ben')).toMatchObject({ permission: 'write' });
    expect(delivered).toBe(0);

    await services.documents.remove(owner(), id);
    await services.trash.purge(owner(), id);
    expect(await repos.trash.get(id, new Date(0))).toBeUndefined();
    const pending = (await repos.directoryOutbox.listPending()).map((entry) => entry.change);
    expect(pending.at(-1)).toEqual({ op: 'deleteObject', type: 'document', id: String(id) });
    expect(delivered).toBe(1);
    expect(await code(services.trash.purge(owner(), id))).toBe('not_found');
  });

  it('purges documents 30 days after they were trashed, by the clock, and offers them no longer', async () => {
    await services.documents.remove(owner(), id);
    const trashedAt = now;
    now = trashedAt + 30 * DAY - 1;
    expect(await services.trash.purgeExpired()).toBe(0);
    expect((await services.trash.list(owner())).items.map((d) => d.id)).toContain(id);
    now = trashedAt + 30 * DAY;
    // Expired: no longer offered or restorable, even before the purge ran.
    expect((await services.trash.list(owner())).items.map((d) => d.id)).not.toContain(id);
    expect(await code(services.trash.restore(owner(), id))).toBe('not_found');
    expect(await code(services.trash.get(owner(), id))).toBe('not_found');
    expect(await services.trash.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await repos.trash.get(id, new Date(0))).toBeUndefined();
    const pending = (await repos.directoryOutbox.listPending()).map((entry) => entry.change);
    expect(pending).toContainEqual({ op: 'deleteObject', type: 'document', id: String(id) });
    expect(await services.trash.purgeExpired()).toBe(0);
  });
});
