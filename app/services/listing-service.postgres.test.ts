import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import { connectDatabase, createRepositories, type Database, migrate } from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { type Access, createListingService } from './index.ts';

/** An anonymous reader the policy lets read every candidate (the decisions are tested elsewhere). */
const everyone: Access = {
  userId: undefined,
  permissions: async () => ({ can_read: true, can_write: false, can_share: false, can_delete: false }),
  require: async () => {},
  filter: async (_type, items) => [...items],
};

describe('the listing service: search highlights', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  /** How many statements marked matches. */
  let marked = 0;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('listing'));
    await migrate(sql);
    const repos = createRepositories(sql);
    await repos.users.upsert({ id: 'sub-ann', email: 'ann@example.com', name: 'Ann' });
    for (let i = 0; i < 30; i++) {
      await repos.documents.create({
        name: `Zebra ${i}`,
        content: `zebra text ${i}`,
        ownerId: 'sub-ann',
        isPublic: true,
      });
    }
  });
  afterAll(async () => {
    await sql?.end();
    await pg?.stop();
  });

  it('marks matches only in the rows a page shows, not in those fetched to probe for more', async () => {
    // Every statement the service sends, seen as the driver receives it.
    const watched = new Proxy(sql, {
      apply(target, self, args: unknown[]) {
        const strings = args[0] as readonly string[] | undefined;
        if (Array.isArray(strings) && strings.join('').includes('ts_headline')) marked++;
        return Reflect.apply(target, self, args);
      },
    }) as Database;
    const listing = createListingService({ sql: watched, afterCommit: async () => undefined });
    const first = await listing.page(everyone, { scope: 'public', search: 'zebra', limit: 5, sort: 'name' });
    expect(first.items).toHaveLength(5);
    expect(first.items.every((item) => item.headline?.text.includes('\u0002zebra\u0003'))).toBe(true);
    const second = await listing.page(everyone, {
      scope: 'public',
      search: 'zebra',
      limit: 5,
      sort: 'name',
      after: first.next!,
    });
    expect(second.items).toHaveLength(5);
    expect(second.previous).not.toBeNull();
    // One marking statement per page, for its rows — none in the fetches and the probe for more.
    expect(marked).toBe(2);
    const unsearched = await listing.page(everyone, { scope: 'public', limit: 5 });
    expect(unsearched.items.every((item) => item.headline === undefined)).toBe(true);
    expect(marked).toBe(2);
  });
});
