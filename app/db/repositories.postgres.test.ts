import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../test/support/database-rejection.ts';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { connectDatabase, createRepositories, type Database, migrate, type Repositories } from './index.ts';

describe('repositories on PostgreSQL 16', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('repos'));
    await migrate(sql);
    repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
    await repos.users.upsert({ id: 'sub-ben', email: 'ben@example.com', name: 'Ben' });
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  describe('users', () => {
    it('inserts, then refreshes e-mail and name on the next sign-in', async () => {
      const first = await repos.users.upsert({ id: 'sub-cy', email: 'cy@example.com', name: 'Cy' });
      const again = await repos.users.upsert({ id: 'sub-cy', email: 'cy@new.example', name: 'Cyrus' });
      expect(again).toMatchObject({ id: 'sub-cy', email: 'cy@new.example', name: 'Cyrus' });
      expect(again.createdAt).toEqual(first.createdAt);
      expect(await repos.users.getByEmail('CY@NEW.EXAMPLE')).toMatchObject({ id: 'sub-cy' });
    });

    it('keeps e-mail addresses unique regardless of case', async () => {
      const error = await rejection(repos.users.upsert({ id: 'sub-x', email: 'ANN@example.com', name: 'X' }));
      expect(error).toMatchObject({ code: 'conflict', field: 'email' });
      expect(await repos.users.get('sub-x')).toBeUndefined();
    });

    it('rejects malformed e-mails, names and ids, naming the column', async () => {
      const cases = [
        [{ id: 'sub-y', email: 'not-an-email', name: 'Y' }, 'email'],
        [{ id: 'sub-y', email: 'y@example.com', name: '   ' }, 'name'],
        [{ id: 'sub-y', email: 'y@example.com', name: 'x'.repeat(201) }, 'name'],
        [{ id: '', email: 'y@example.com', name: 'Y' }, 'id'],
        [{ id: 'x'.repeat(256), email: 'y@example.com', name: 'Y' }, 'id'],
      ] as const;
      for (const [input, field] of cases) {
        expect(await rejection(repos.users.upsert(input))).toMatchObject({ code: 'invalid', field });
      }
    });
  });

  describe('folders', () => {
    it('nests folders and lists one level', async () => {
      const top = await repos.folders.create({ name: 'Top', ownerId: 'sub-ann' });
      const child = await repos.folders.create({ name: 'Child', ownerId: 'sub-ann', parentFolderId: top.id });
      expect(child.parentFolderId).toBe(top.id);
      const children = await repos.folders.list({ parentFolderId: top.id });
      expect(children.map((f) => f.id)).toEqual([child.id]);
      const roots = await repos.folders.list({ ownerId: 'sub-ann', parentFolderId: null });
      expect(roots.map((f) => f.id)).toContain(top.id);
      expect(roots.map((f) => f.id)).not.toContain(child.id);
    });

    it('refuses cycles, including a folder inside itself', async () => {
      const a = await repos.folders.create({ name: 'A', ownerId: 'sub-ann' });
      const b = await repos.folders.create({ name: 'B', ownerId: 'sub-ann', parentFolderId: a.id });
      const c = await repos.folders.create({ name: 'C', ownerId: 'sub-ann', parentFolderId: b.id });
      for (const [id, parent] of [
        [a.id, c.id],
        [a.id, a.id],
      ] as const) {
        const error = await rejection(repos.folders.update(id, { parentFolderId: parent }));
        expect(error).toMatchObject({ code: 'invalid', field: 'parent_folder_id' });
      }
      expect((await repos.folders.get(a.id))?.parentFolderId).toBeNull();
    });

    it('limits nesting to 32 levels', async () => {
      let parent = (await repos.folders.create({ name: 'L1', ownerId: 'sub-ben' })).id;
      for (let level = 2; level <= 32; level++) {
        parent = (
          await repos.folders.create({ name: `L${level}`, ownerId: 'sub-ben', parentFolderId: parent })
        ).id;
      }
      const error = await rejection(
        repos.folders.create({ name: 'L33', ownerId: 'sub-ben', parentFolderId: parent }),
      );
      expect(error.message).toContain('at most 32 levels');
    });

    it('refuses a missing parent or owner, and deleting a folder that is not empty', async () => {
      expect(
        await rejection(repos.folders.create({ name: 'X', ownerId: 'sub-ann', parentFolderId: 999_999 })),
      ).toMatchObject({
        code: 'missing_reference',
        field: 'parent_folder_id',
      });
      expect(await rejection(repos.folders.create({ name: 'X', ownerId: 'nobody' }))).toMatchObject({
        code: 'missing_reference',
        field: 'owner_id',
      });
      const folder = await repos.folders.create({ name: 'Full', ownerId: 'sub-ann' });
      await repos.documents.create({ name: 'Inside', ownerId: 'sub-ann', folderId: folder.id });
      expect(await rejection(repos.folders.delete(folder.id))).toMatchObject({ code: 'still_referenced' });
      expect(await repos.folders.get(folder.id)).toBeDefined();
    });
  });

  describe('documents', () => {
    it('creates with defaults, updates some fields and bumps updated_at', async () => {
      const doc = await repos.documents.create({ name: 'Plan', ownerId: 'sub-ann' });
      expect(doc).toMatchObject({ name: 'Plan', content: '', isPublic: false, folderId: null });
      const saved = await repos.documents.update(doc.id, { content: 'Step 1', isPublic: true }, 'sub-ann');
      const updated = saved?.after;
      expect(saved?.before).toEqual(doc);
      expect(updated).toMatchObject({ name: 'Plan', content: 'Step 1', isPublic: true });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(doc.updatedAt.getTime());
      expect(await repos.documents.update(doc.id, {}, 'sub-ann')).toEqual({
        before: updated,
        after: updated,
        version: undefined,
      });
      expect(await repos.documents.update(987_654, { name: 'Ghost' }, 'sub-ann')).toBeUndefined();
    });

    it('rejects bad names and content with the column named, and stores nothing', async () => {
      const before = (await repos.documents.list({ limit: 1000 })).length;
      const cases = [
        [{ name: '' }, 'name'],
        [{ name: ' \t ' }, 'name'],
        [{ name: 'x'.repeat(256) }, 'name'],
        [{ name: 'line\nbreak' }, 'name'],
        [{ name: 'Big', content: 'x'.repeat(1_048_577) }, 'content'],
      ] as const;
      for (const [input, field] of cases) {
        const error = await rejection(repos.documents.create({ ownerId: 'sub-ann', ...input }));
        expect(error).toMatchObject({ code: 'invalid', field });
      }
      expect(
        await rejection(repos.documents.create({ name: 'Nul', content: 'a\u0000b', ownerId: 'sub-ann' })),
      ).toMatchObject({
        code: 'invalid',
      });
      expect((await repos.documents.list({ limit: 1000 })).length).toBe(before);
    });

    it('treats ids outside the integer range as absent and refuses them as references', async () => {
      for (const id of [0, -1, 1.5, 2 ** 31, Number.NaN])
        expect(await repos.documents.get(id)).toBeUndefined();
      expect(
        await rejection(repos.documents.create({ name: 'X', ownerId: 'sub-ann', folderId: -3 })),
      ).toMatchObject({
        code: 'invalid',
        field: 'folder_id',
      });
      expect(await rejection(repos.documents.list({ limit: 0 }))).toMatchObject({ field: 'limit' });
      expect(await rejection(repos.documents.list({ ids: [1, -1] }))).toMatchObject({ field: 'ids' });
    });

    it('lists by owner, folder, visibility and ids together', async () => {
      const folder = await repos.folders.create({ name: 'Listed', ownerId: 'sub-ben' });
      const a = await repos.documents.create({
        name: 'a',
        ownerId: 'sub-ben',
        folderId: folder.id,
        isPublic: true,
      });
      const b = await repos.documents.create({ name: 'b', ownerId: 'sub-ben', folderId: folder.id });
      await repos.documents.create({ name: 'c', ownerId: 'sub-ben' });
      const inFolder = await repos.documents.list({ ownerId: 'sub-ben', folderId: folder.id });
      expect(inFolder.map((d) => d.id)).toEqual([a.id, b.id]);
      expect((await repos.documents.list({ folderId: folder.id, isPublic: true })).map((d) => d.id)).toEqual([
        a.id,
      ]);
      expect((await repos.documents.list({ ids: [b.id, 999_999] })).map((d) => d.id)).toEqual([b.id]);
      expect(
        (await repos.documents.list({ folderId: folder.id, limit: 1, offset: 1 })).map((d) => d.id),
      ).toEqual([b.id]);
    });
  });

  describe('what a user may reach', () => {
    it('lists owned, shared and public documents after a cursor, without content; only public ones anonymously', async () => {
      await repos.users.upsert({ id: 'sub-dee', email: 'dee@example.com', name: 'Dee' });
      const own = await repos.documents.create({ name: 'own', content: 'secret', ownerId: 'sub-dee' });
      const other = await repos.documents.create({ name: 'other', ownerId: 'sub-ann' });
      const shared = await repos.documents.create({ name: 'shared', ownerId: 'sub-ann' });
      await repos.shares.create({ documentId: shared.id, userId: 'sub-dee', permission: 'read' });
      const open = await repos.documents.create({ name: 'open', ownerId: 'sub-ann', isPublic: true });
      const reach = async (userId: string | undefined, afterId = own.id - 1) =>
        (await repos.documents.listAccessible({ userId, afterId })).map((d) => d.id);
      expect(await reach('sub-dee')).toEqual([own.id, shared.id, open.id]);
      expect(await reach(undefined)).toEqual([open.id]);
      expect(await reach('sub-dee', shared.id)).toEqual([open.id]);
      expect(await reach('sub-ann')).toEqual([other.id, shared.id, open.id]);
      const [first] = await repos.documents.listAccessible({
        userId: 'sub-dee',
        afterId: own.id - 1,
        limit: 1,
      });
      expect(first).toMatchObject({ id: own.id, name: 'own' });
      expect(first).not.toHaveProperty('content');
      expect(await rejection(repos.documents.listAccessible({ userId: 'x', afterId: -1 }))).toMatchObject({
        field: 'afterId',
      });
    });

    it('pages folders by id and locks rows for an update', async () => {
      const a = await repos.folders.create({ name: 'fa', ownerId: 'sub-ben' });
      const b = await repos.folders.create({ name: 'fb', ownerId: 'sub-ben' });
      const after = await repos.folders.list({ ownerId: 'sub-ben', afterId: a.id });
      expect(after.map((f) => f.id)).toEqual([b.id]);
      const locked = await sql.begin(async (tx) => createRepositories(tx).folders.getForUpdate(b.id));
      expect(locked).toMatchObject({ id: b.id, name: 'fb' });
      expect(await repos.documents.getForUpdate(987_654)).toBeUndefined();
    });
  });

  it('keeps a user who still owns documents', async () => {
    expect(await rejection(repos.users.delete('sub-ann'))).toMatchObject({ code: 'still_referenced' });
    expect(await repos.users.get('sub-ann')).toBeDefined();
  });
});
