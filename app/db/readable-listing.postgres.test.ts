import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { connectDatabase, createRepositories, type Database, migrate, type Repositories } from './index.ts';
import { listReadable } from './readable-listing.ts';

describe('listReadable on PostgreSQL 16', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let repos: Repositories;
  let ids: number[];
  const live = new Set<number>();

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('readable'));
    await migrate(sql);
    repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
    ids = [];
    for (let i = 0; i < 40; i++) {
      ids.push((await repos.documents.create({ name: `d${i}`, ownerId: 'sub-ann' })).id);
    }
    for (const id of ids) live.add(id);
    // Gone from the middle of runs: two in the trash, one deleted.
    for (const id of [ids[5]!, ids[6]!]) {
      await repos.trash.trash(id, 'sub-ann', new Date());
      live.delete(id);
    }
    await repos.documents.delete(ids[20]!);
    live.delete(ids[20]!);
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  /** What `id = ANY(readable)` finds: the live ones above `afterId`, in order, at most `limit`. */
  const expected = (readable: readonly number[], afterId: number, limit: number) =>
    [...new Set(readable)]
      .filter((id) => live.has(id) && id > afterId)
      .sort((a, b) => a - b)
      .slice(0, limit);

  it('finds exactly the live readable documents, in id order, through runs and scattered ids alike', async () => {
    const dense = ids.slice(0, 30);
    const scattered = ids.filter((_, i) => i % 3 === 0);
    const mixed = [...ids.slice(10, 25), ids[31]!, ids[35]!, ids[39]! + 1000];
    const twice = [...dense, ...dense.slice(0, 12)];
    for (const readable of [dense, scattered, mixed, [...dense].reverse(), twice]) {
      for (const [afterId, limit] of [
        [0, 1000],
        [0, 3],
        [0, 6],
        [ids[4]!, 2],
        [ids[4]!, 10],
        [ids[19]!, 5],
        [ids[39]!, 10],
      ] as const) {
        const page = await listReadable(sql, readable, afterId, limit);
        expect(page.map((d) => d.id)).toEqual(expected(readable, afterId, limit));
      }
    }
  });

  it('completes a page whose window holds documents in the trash from the ids after it', async () => {
    // The window of 8 ids from ids[0] holds two in the trash: the page takes ids[8] and ids[9].
    const page = await listReadable(sql, ids.slice(0, 30), 0, 8);
    expect(page.map((d) => d.id)).toEqual([...ids.slice(0, 5), ...ids.slice(7, 10)]);
    expect(page[0]).toMatchObject({ id: ids[0], name: 'd0', ownerId: 'sub-ann', isPublic: false });
    expect(page[0]).not.toHaveProperty('content');
  });
});
