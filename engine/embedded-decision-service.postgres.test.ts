import { decisionServiceFixture, runDecisionServiceContract } from '@gatehousejs/core/testing';
import { parseManifest } from '@gatehousejs/directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresServer, startTestPostgres } from '../test/support/postgres.ts';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import { createPostgresRelationStore, type PostgresRelationStore, postgres, type Sql } from './postgres.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

let server: EmbeddedPostgresServer;
let sql: Sql;
let schemas = 0;

beforeAll(async () => {
  server = await startTestPostgres();
  sql = postgres(await server.database('engine_test'), { max: 4, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
});

const manifest = parseManifest(decisionServiceFixture.manifest, 'manifest.yaml');

async function postgresStore(
  schema = `engine_${++schemas}`,
  loading: 'snapshot' | 'on-demand' = 'snapshot',
): Promise<PostgresRelationStore> {
  return createPostgresRelationStore({ sql, schema, manifest, loading });
}

for (const loading of ['snapshot', 'on-demand'] as const) {
  runDecisionServiceContract(`embedded engine, Postgres store (${loading})`, async (fixture) => {
    const store = await postgresStore(undefined, loading);
    for (const object of fixture.objects) await store.setObject(object);
    for (const relation of fixture.relations) await store.setRelation(relation);
    const policies = await createTempPolicyDir(fixture.policies);
    const service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store });
    return {
      service,
      close: async () => {
        await service.close();
        await store.close();
        await policies.remove();
      },
    };
  });
}

describe('embedded engine over a Postgres store', () => {
  let policies: TempPolicyDir;
  let store: PostgresRelationStore;
  let service: EmbeddedDecisionService;

  beforeAll(async () => {
    store = await postgresStore('engine_shared');
    policies = await createTempPolicyDir(decisionServiceFixture.policies);
    service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store });
  });
  afterAll(async () => {
    await service?.close();
    await store?.close();
    await policies?.remove();
  });

  it('decides from relations written through its directory, and written by another instance', async () => {
    const canRead = async (subjectId: string) =>
      (
        await service.decide({
          identity: { type: 'IDENTITY_TYPE_SUB', value: subjectId },
          policyPath: 'contract.check',
          decisions: ['allowed'],
          resourceContext: {
            object_type: 'document',
            object_id: 'doc-9',
            relation: 'can_read',
            subject_type: 'user',
          },
        })
      ).allowed;
    expect(await canRead('dana')).toBe(false);
    await service.directory.setObject({ type: 'document', id: 'doc-9' });
    await service.directory.setObject({ type: 'user', id: 'dana' });
    await service.directory.setRelation({
      objectType: 'document',
      objectId: 'doc-9',
      relation: 'reader',
      subjectType: 'user',
      subjectId: 'dana',
    });
    expect(await canRead('dana')).toBe(true);

    const other = await postgresStore('engine_shared');
    await other.setObject({ type: 'user', id: 'erin' });
    await other.setRelation({
      objectType: 'document',
      objectId: 'doc-9',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'erin',
    });
    await store.waitForVersion(other.version);
    await other.close();
    expect(await canRead('erin')).toBe(true);
  });
});
