import { runRelationGraphContract } from '@gatehousejs/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresServer, startTestPostgres } from '../test/support/postgres.ts';
import {
  ARROW_THROUGH_SETS_EXPECTED,
  ARROW_THROUGH_SETS_MANIFEST,
  ARROW_THROUGH_SETS_RELATIONS,
  arrowThroughSetsAnswers,
} from './arrow-through-sets.fixture.ts';
import { parseManifest } from './index.ts';
import { postgres, type Sql } from './postgres-driver/index.ts';
import { createPostgresRelationStore } from './postgres-relation-store.ts';

let server: EmbeddedPostgresServer;
let sql: Sql;
let schemas = 0;

beforeAll(async () => {
  server = await startTestPostgres();
  sql = postgres(await server.database('directory_graph_test'), { max: 4, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
});

// Loaded whole, object searches walk the index; loaded on demand, they are SQL.
for (const loading of ['snapshot', 'on-demand'] as const) {
  runRelationGraphContract(`postgres store (${loading})`, async (fixture) => {
    const store = await createPostgresRelationStore({
      manifest: parseManifest(fixture.manifest),
      sql,
      schema: `graph_${++schemas}`,
      loading,
    });
    await store.applyBatch(fixture.relations.map((relation) => ({ op: 'setRelation', relation })));
    return { graph: store, close: () => store.close() };
  });
}

describe('createPostgresRelationStore graph searches', () => {
  it('searches through an arrow whose base holds a subject set, both ways', async () => {
    const store = await createPostgresRelationStore({
      manifest: parseManifest(ARROW_THROUGH_SETS_MANIFEST),
      sql,
      schema: `arrow_sets_${++schemas}`,
    });
    try {
      await store.applyBatch(
        ARROW_THROUGH_SETS_RELATIONS.map((relation) => ({ op: 'setRelation', relation })),
      );
      expect(await arrowThroughSetsAnswers(store)).toEqual(ARROW_THROUGH_SETS_EXPECTED);
    } finally {
      await store.close();
    }
  });
});
