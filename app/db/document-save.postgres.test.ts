import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  MIGRATIONS,
  migrate,
  type Repositories,
} from './index.ts';

describe('saving a document with its version in one statement', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('saves'));
    // Up to the migration before the counter, with a document that already has three versions.
    await migrate(
      sql,
      MIGRATIONS.filter((m) => m.version < 8),
    );
    repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
    const [old] = await sql<{ id: number }[]>`
      INSERT INTO documents (name, content, owner_id) VALUES ('Old', '', 'sub-ann') RETURNING id`;
    for (const version of [1, 2, 3]) {
      await sql`INSERT INTO document_versions (document_id, version, name, content, changed_by)
                VALUES (${old!.id}, ${version}, 'Old', ${`text ${version}`}, 'sub-ann')`;
    }
    await migrate(sql);
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  it('continues the numbering of the versions recorded before the counter existed', async () => {
    const [old] = await repos.documents.list({ limit: 1 });
    const saved = await repos.documents.update(old!.id, { content: 'text 4' }, 'sub-ann');
    expect(saved?.version).toBe(4);
    expect((await repos.documentVersions.list(old!.id)).map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('gives concurrent saves distinct, consecutive versions, each with the state it replaced', async () => {
    const doc = await repos.documents.create({ name: 'Log', ownerId: 'sub-ann' });
    await repos.documentVersions.record(doc.id, 1, doc, 'sub-ann');
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        repos.documents.update(doc.id, { content: `line ${i}` }, 'sub-ann'),
      ),
    );
    const byVersion = saves.map((s) => s!).sort((a, b) => a.version! - b.version!);
    expect(byVersion.map((s) => s.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    // Each save replaced what the save before it wrote.
    expect(byVersion.slice(1).map((s) => s.before.content)).toEqual(
      byVersion.slice(0, -1).map((s) => s.after.content),
    );
    const history = await repos.documentVersions.list(doc.id);
    expect(history.map((v) => v.version)).toEqual(Array.from({ length: 21 }, (_, i) => 21 - i));
    expect((await repos.documentVersions.get(doc.id, 21))?.content).toBe(byVersion.at(-1)!.after.content);
  });

  it('records no version when neither name nor text changed, and still saves the other fields', async () => {
    const doc = await repos.documents.create({ name: 'Same', content: 'x', ownerId: 'sub-ann' });
    await repos.documentVersions.record(doc.id, 1, doc, 'sub-ann');
    const same = await repos.documents.update(
      doc.id,
      { name: 'Same', content: 'x', isPublic: true },
      'sub-ann',
    );
    expect(same).toMatchObject({
      version: undefined,
      before: { isPublic: false },
      after: { isPublic: true },
    });
    const renamed = await repos.documents.update(doc.id, { name: 'Other' }, 'sub-ann');
    expect(renamed).toMatchObject({
      version: 2,
      before: { name: 'Same' },
      after: { name: 'Other', content: 'x' },
    });
    expect((await repos.documentVersions.list(doc.id)).map((v) => [v.version, v.name])).toEqual([
      [2, 'Other'],
      [1, 'Same'],
    ]);
  });

  it('lets exactly one of concurrent saves made from the same revision through, the others get the current document', async () => {
    const doc = await repos.documents.create({ name: 'Race', content: 'base', ownerId: 'sub-ann' });
    expect(doc.revision).toBe(1);
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        repos.documents.update(doc.id, { content: `edit ${i}` }, 'sub-ann', doc.revision),
      ),
    );
    const saved = saves.filter((s) => s && !('stale' in s));
    const stale = saves.filter((s) => s && 'stale' in s);
    expect(saved).toHaveLength(1);
    expect(stale).toHaveLength(19);
    const winner = saved[0] as { after: { content: string; revision: number } };
    expect(winner.after.revision).toBe(2);
    for (const refused of stale) {
      expect(refused).toMatchObject({ stale: { content: winner.after.content, revision: 2 } });
    }
    expect((await repos.documents.get(doc.id))?.content).toBe(winner.after.content);
    expect((await repos.documentVersions.list(doc.id)).map((v) => v.version)).toEqual([2]);
    expect((await repos.documentVersions.get(doc.id, 2))?.content).toBe(winner.after.content);
  });

  it('moves the revision on for every change, the version for name and text only, neither for a no-op', async () => {
    const doc = await repos.documents.create({ name: 'Counters', content: 'x', ownerId: 'sub-ann' });
    const published = await repos.documents.update(doc.id, { isPublic: true }, 'sub-ann', 1);
    expect(published).toMatchObject({ after: { revision: 2, version: 1, isPublic: true } });
    const same = await repos.documents.update(doc.id, { content: 'x', isPublic: true }, 'sub-ann', 2);
    expect(same).toMatchObject({ after: { revision: 2, version: 1 } });
    expect((same as { after: { updatedAt: Date } }).after.updatedAt).toEqual(
      (published as { after: { updatedAt: Date } }).after.updatedAt,
    );
    expect(await repos.documents.update(doc.id, { isPublic: false }, 'sub-ann', 1)).toMatchObject({
      stale: { revision: 2, isPublic: true },
    });
    const edited = await repos.documents.update(doc.id, { content: 'y' }, 'sub-ann', 2);
    expect(edited).toMatchObject({ version: 2, after: { revision: 3, version: 2, content: 'y' } });
    // Without an expected revision a save applies to whatever is current.
    expect(await repos.documents.update(doc.id, { content: 'z' }, 'sub-ann')).toMatchObject({
      after: { revision: 4, version: 3 },
    });
  });

  it('saves nothing in a trashed document, and refuses an invalid name without a version', async () => {
    const doc = await repos.documents.create({ name: 'Gone', ownerId: 'sub-ann' });
    await repos.documentVersions.record(doc.id, 1, doc, 'sub-ann');
    await expect(repos.documents.update(doc.id, { name: '' }, 'sub-ann')).rejects.toMatchObject({
      code: 'invalid',
      field: 'name',
    });
    await repos.trash.trash(doc.id, 'sub-ann', new Date());
    expect(await repos.documents.update(doc.id, { content: 'late' }, 'sub-ann')).toBeUndefined();
    expect((await repos.documentVersions.list(doc.id)).map((v) => v.version)).toEqual([1]);
  });
});
