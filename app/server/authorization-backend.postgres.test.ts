import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../../test/support/postgres.ts';
import { connectDatabase, type Database, migrate } from '../db/index.ts';
import type { EmbeddedPostgresServer } from '../stack/index.ts';
import { startEmbeddedAuthorization } from './authorization-backend.ts';

const ALICE = { type: 'IDENTITY_TYPE_SUB', value: 'sub-alice' } as const;

describe('the embedded engine on PostgreSQL: set questions for lists', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('backend'));
    await migrate(sql);
  });
  afterAll(async () => {
    await sql.end();
    await pg.stop();
  });

  it('asks a page as one set question while the directory is loaded whole, with the answers of item by item', async () => {
    const backend = await startEmbeddedAuthorization({ sql, directoryLoading: 'snapshot' });
    try {
      const { directory } = backend;
      const relation = (objectId: string, rel: string, subjectId: string, objectType = 'document') => ({
        objectType,
        objectId,
        relation: rel,
        subjectType: objectType === 'user' ? 'identity' : 'user',
        subjectId,
      });
      // As the application writes a user who signs in (Topaz finds the user through it).
      await directory.setRelation(relation('sub-alice', 'identifier', 'sub-alice', 'user'));
      await directory.setRelation(relation('1', 'owner', 'sub-alice'));
      await directory.setRelation(relation('2', 'owner', 'sub-bob'));
      await directory.setRelation(relation('3', 'reader', 'sub-alice'));
      await directory.setRelation(relation('4', 'reader', '*'));
      await directory.deleteRelation(relation('3', 'reader', 'sub-alice'));
      const resource = (country: string) => ({
        location: { country_code: country },
        object_type: 'document',
        relation: 'can_read',
        subject_type: 'user',
      });
      const ids = ['1', '2', '3', '4', '5'];
      const service = backend.decisionService;
      expect(service.decideSet).toBeDefined();
      for (const country of ['FR', 'CN']) {
        const set = await service.decideSet!({
          identity: ALICE,
          policyPath: 'webapp.check',
          decision: 'allowed_object_ids',
          resourceContext: { ...resource(country), object_ids: ids },
        });
        const oneByOne: string[] = [];
        for (const id of ids) {
          const { allowed } = await service.decide({
            identity: ALICE,
            policyPath: 'webapp.check',
            decisions: ['allowed'],
            resourceContext: { ...resource(country), object_id: id },
          });
          if (allowed) oneByOne.push(id);
        }
        expect([...(set ?? [])].sort(), country).toEqual(oneByOne);
        expect(oneByOne, country).toEqual(country === 'FR' ? ['1', '4'] : []);
      }
    } finally {
      await backend.close();
    }
  });

  it('decides item by item with a directory loaded on demand', async () => {
    const backend = await startEmbeddedAuthorization({ sql, directoryLoading: 'on-demand' });
    try {
      expect(backend.decisionService.decideSet).toBeUndefined();
      expect(backend.decisionService.decideBatch).toBeDefined();
    } finally {
      await backend.close();
    }
  });
});
