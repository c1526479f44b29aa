import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import { connectDatabase, type Database } from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { remoteDirectoryReplica } from './index.ts';

const quiet = { warn: () => {} };

describe('the view of a directory every replica reads (Topaz)', () => {
  let pg: EmbeddedPostgresServer;
  let sqlA: Database;
  let sqlB: Database;

  beforeAll(async () => {
    pg = await startTestPostgres();
    const url = await pg.database('replica_notices');
    sqlA = await connectDatabase(url);
    sqlB = await connectDatabase(url);
  });
  afterAll(async () => {
    await sqlA?.end();
    await sqlB?.end();
    await pg?.stop();
  });

  it('tells this replica at once and the others by NOTIFY when a relay delivered; position stays 0', async () => {
    const a = await remoteDirectoryReplica(sqlA, quiet);
    const b = await remoteDirectoryReplica(sqlB, quiet);
    try {
      const heardA: number[] = [];
      const heardB = new Promise<void>((resolve) => b.changes.subscribe(() => resolve()));
      a.changes.subscribe(() => heardA.push(Date.now()));
      a.delivered();
      // Synchronously here: the writer's next decision on this replica already sees the change.
      expect(heardA.length).toBeGreaterThanOrEqual(1);
      await heardB;
      expect([a.position(), b.position()]).toEqual([0, 0]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
