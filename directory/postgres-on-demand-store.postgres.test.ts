import { runRelationGraphContract } from '@gatehousejs/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresServer, startTestPostgres } from '../test/support/postgres.ts';
import { DirectoryError, parseManifest } from './index.ts';
import { postgres, type Sql } from './postgres-driver/index.ts';
import { createPostgresRelationStore, type PostgresRelationStore } from './postgres-relation-store.ts';
import { runRelationStoreContract } from './relation-store.contract.ts';

let server: EmbeddedPostgresServer;
let sql: Sql;
let schemas = 0;

beforeAll(async () => {
  server = await startTestPostgres();
  sql = postgres(await server.database('on_demand_test'), { max: 4, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
});

// The smallest budget the options allow, so the contract also runs with entries evicted.
runRelationStoreContract(
  'postgres, on demand',
  async (options) =>
    createPostgresRelationStore({
      ...options,
      sql,
      schema: `od_contract_${++schemas}`,
      loading: 'on-demand',
      cacheBudget: 100,
    }),
  { describe, it, expect, afterEach },
);

runRelationGraphContract('postgres store, on demand', async (fixture) => {
  const store = await createPostgresRelationStore({
    manifest: parseManifest(fixture.manifest),
    sql,
    schema: `od_graph_${++schemas}`,
    loading: 'on-demand',
  });
  await store.applyBatch(fixture.relations.map((relation) => ({ op: 'setRelation', relation })));
  return { graph: store, close: () => store.close() };
});

const manifest = parseManifest(
  `model: {version: 3}
types:
  user: {}
  folder:
    relations:
      owner: user
      parent: folder
    permissions:
      can_read: owner | parent->can_read
  document:
    relations:
      owner: user
      reader: user | user:*
      parent: folder
    permissions:
      can_read: owner | reader | parent->can_read
`,
  'on-demand.yaml',
);
const relation = (o: string, name: string, s: string) => {
  const [objectType, objectId] = o.split(':') as [string, string];
  const [subjectType, subjectId] = s.split(':') as [string, string];
  return { objectType, objectId, relation: name, subjectType, subjectId };
};
const canRead = (o: string, s: string) => relation(o, 'can_read', s);

describe('createPostgresRelationStore, on-demand loading', () => {
  const stores: PostgresRelationStore[] = [];
  const open = async (schema: string, extra: Record<string, unknown> = {}) => {
    const store = await createPostgresRelationStore({
      sql,
      manifest,
      schema,
      loading: 'on-demand',
      ...extra,
    });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('starts without reading relations and loads what a check needs, four folders deep', async () => {
    const writer = await open('od_cold', { loading: 'snapshot' });
    await writer.applyBatch([
      { op: 'setRelation', relation: relation('folder:f1', 'owner', 'user:ann') },
      { op: 'setRelation', relation: relation('folder:f2', 'parent', 'folder:f1') },
      { op: 'setRelation', relation: relation('folder:f3', 'parent', 'folder:f2') },
      { op: 'setRelation', relation: relation('folder:f4', 'parent', 'folder:f3') },
      { op: 'setRelation', relation: relation('document:d1', 'parent', 'folder:f4') },
      { op: 'setObject', object: { type: 'user', id: 'ann', displayName: 'Ann' } },
    ]);
    const cold = await open('od_cold');
    expect(cold.loading).toBe('on-demand');
    // Nothing is in memory: a synchronous check names what it lacks instead of guessing.
    const error = (() => {
      try {
        cold.checkNow(canRead('document:d1', 'user:ann'));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).code).toBe('not_loaded');

    expect(await cold.check(canRead('document:d1', 'user:ann'))).toBe(true);
    expect(await cold.check(canRead('document:d1', 'user:bob'))).toBe(false);
    // Loaded now: the same check answers synchronously.
    expect(cold.checkNow(canRead('document:d1', 'user:ann'))).toBe(true);
    expect(await cold.readThrough(() => cold.reader.object('user', 'ann')?.displayName)).toBe('Ann');
  });

  it("keeps loaded objects current through another instance's writes, without loading them again", async () => {
    const a = await open('od_feed', { loading: 'snapshot' });
    const b = await open('od_feed');
    await a.setRelation(relation('document:d1', 'owner', 'user:ann'));
    await b.waitForVersion(a.version);
    expect(await b.check(canRead('document:d1', 'user:ann'))).toBe(true);

    await a.setRelation(relation('document:d1', 'reader', 'user:bob'));
    await a.deleteRelation(relation('document:d1', 'owner', 'user:ann'));
    await b.waitForVersion(a.version);
    // d1 was changed in memory, not loaded again; whether ann still holds any relation is asked anew.
    expect(b.checkNow(canRead('document:d1', 'user:bob'))).toBe(true);
    expect(await b.check(canRead('document:d1', 'user:ann'))).toBe(false);

    await a.setRelation(relation('document:d1', 'reader', 'user:*'));
    await a.setRelation(relation('document:d2', 'owner', 'user:cat'));
    await a.deleteObject('user', 'bob');
    await b.waitForVersion(a.version);
    expect(await b.check(canRead('document:d1', 'user:cat'))).toBe(true);
    expect(await b.getRelations({ objectType: 'document', objectId: 'd1' })).toEqual([
      relation('document:d1', 'reader', 'user:*'),
    ]);
  });

  it('answers a thousand documents right with room for a hundred relations', async () => {
    const a = await open('od_budget', { loading: 'snapshot' });
    const writes = Array.from({ length: 1_000 }, (_, i) => ({
      op: 'setRelation' as const,
      relation: relation(`document:d${i}`, i % 3 === 0 ? 'reader' : 'owner', `user:u${i % 7}`),
    }));
    await a.applyBatch(writes);
    const b = await open('od_budget', { cacheBudget: 100 });
    const checks = Array.from({ length: 1_000 }, (_, i) => canRead(`document:d${i}`, `user:u${(i * 5) % 7}`));
    const expected = checks.map((c) => a.checkNow(c));
    expect(await b.checks(checks)).toEqual(expected);
    expect(await b.checks(checks.slice(0, 50))).toEqual(expected.slice(0, 50));
  });

  it('resolves identities by subject and keeps that answer current', async () => {
    const identity = parseManifest(
      `model: {version: 3}
types:
  identity: {}
  user:
    relations:
      identifier: identity
`,
      'identity.yaml',
    );
    const a = await open('od_query', { manifest: identity, loading: 'snapshot' });
    const b = await open('od_query', { manifest: identity });
    const query = { objectType: 'user', relation: 'identifier', subjectType: 'identity', subjectId: 'sub-1' };
    const users = () => b.readThrough(() => b.reader.relations(query).map((r) => r.objectId));
    expect(await users()).toEqual([]);
    await a.setRelation(relation('user:ann', 'identifier', 'identity:sub-1'));
    await b.waitForVersion(a.version);
    expect(await users()).toEqual(['ann']);
    await a.deleteObject('user', 'ann');
    await b.waitForVersion(a.version);
    expect(await users()).toEqual([]);
  });

  it('chooses by size with auto: whole up to snapshotLimit, on demand above it', async () => {
    const writer = await open('od_auto', { loading: 'snapshot' });
    await writer.applyBatch(
      Array.from({ length: 20 }, (_, i) => ({
        op: 'setRelation' as const,
        relation: relation(`document:d${i}`, 'owner', 'user:ann'),
      })),
    );
    expect((await open('od_auto', { loading: 'auto', snapshotLimit: 100 })).loading).toBe('snapshot');
    expect((await open('od_auto', { loading: 'auto', snapshotLimit: 10 })).loading).toBe('on-demand');
  });
});
