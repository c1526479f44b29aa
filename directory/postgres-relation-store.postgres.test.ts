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
  sql = postgres(await server.database('directory_test'), { max: 4, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
});

runRelationStoreContract(
  'postgres',
  async (options) => createPostgresRelationStore({ ...options, sql, schema: `contract_${++schemas}` }),
  { describe, it, expect, afterEach },
);

const manifest = parseManifest(
  `model: {version: 3}
types:
  user: {}
  document:
    relations:
      owner: user
    permissions:
      can_read: owner
`,
  'convergence.yaml',
);
const owner = (doc: string, user: string) => ({
  objectType: 'document',
  objectId: doc,
  relation: 'owner',
  subjectType: 'user',
  subjectId: user,
});
const canRead = (doc: string, user: string) => ({ ...owner(doc, user), relation: 'can_read' });

describe('createPostgresRelationStore', () => {
  const stores: PostgresRelationStore[] = [];
  const open = async (schema: string, extra: { changeRetention?: number } = {}) => {
    const store = await createPostgresRelationStore({ sql, manifest, schema, ...extra });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('persists writes: a new instance loads them from the database at start', async () => {
    const first = await open('reload');
    await first.setRelation(owner('d1', 'ann'));
    await first.setObject({ type: 'user', id: 'ann', displayName: 'Ann' });
    await first.close();
    const second = await open('reload');
    expect(second.checkNow(canRead('d1', 'ann'))).toBe(true);
    expect(second.reader.object('user', 'ann')?.displayName).toBe('Ann');
    const [row] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM reload.relations`;
    expect(row?.count).toBe(1);
  });

  it('converges two instances on the same database through NOTIFY, in commit order', async () => {
    const a = await open('converge');
    const b = await open('converge');
    await a.setRelation(owner('d1', 'ann'));
    await b.waitForVersion(a.version);
    expect(b.checkNow(canRead('d1', 'ann'))).toBe(true);

    await b.deleteRelation(owner('d1', 'ann'));
    await b.setRelation(owner('d2', 'bob'));
    await a.waitForVersion(b.version);
    expect(a.checkNow(canRead('d1', 'ann'))).toBe(false);
    expect(a.checkNow(canRead('d2', 'bob'))).toBe(true);

    await Promise.all([
      a.setRelation(owner('d3', 'cat')),
      b.deleteRelation(owner('d3', 'cat')),
      a.setRelation(owner('d4', 'dan')),
      b.setObject({ type: 'user', id: 'dan', properties: { level: 3 } }),
    ]);
    const latest = Math.max(a.version, b.version);
    await Promise.all([a.waitForVersion(latest), b.waitForVersion(latest)]);
    expect(await b.getRelations({})).toEqual(await a.getRelations({}));
    expect(a.reader.object('user', 'dan')).toEqual(b.reader.object('user', 'dan'));
    const persisted = await sql`SELECT object_id, subject_id FROM converge.relations ORDER BY object_id`;
    expect(persisted.map((r) => r.object_id)).toEqual((await a.getRelations({})).map((r) => r.objectId));
  });

  it("tells its change watchers once its index holds a change, its own or another instance's", async () => {
    const a = await open('watched');
    const b = await open('watched');
    const heard: { store: string; position?: number; sees: boolean }[] = [];
    const listen = (name: string, store: PostgresRelationStore) =>
      store.subscribe(({ position }) =>
        heard.push({ store: name, position, sees: store.checkNow(canRead('d1', 'ann')) }),
      );
    const stopA = listen('a', a);
    listen('b', b);
    await a.setRelation(owner('d1', 'ann'));
    await b.waitForVersion(a.version);
    expect(heard).toEqual([
      { store: 'a', position: a.version, sees: true },
      { store: 'b', position: a.version, sees: true },
    ]);
    // A replay that finds nothing new tells nobody.
    await a.refresh();
    await b.refresh();
    expect(heard).toHaveLength(2);
    stopA();
    await b.deleteRelation(owner('d1', 'ann'));
    await a.waitForVersion(b.version);
    expect(heard.slice(2)).toEqual([{ store: 'b', position: b.version, sees: false }]);
  });

  it("applies a writer's own commit without reading the log back, and replays one that came between", async () => {
    const logReads: string[] = [];
    const counted = postgres(await server.database('directory_test'), {
      max: 2,
      onnotice: () => {},
      debug: (_connection, query) => {
        if (/FROM\s+"own_commit"\."change_log"/.test(query)) logReads.push(query);
      },
    });
    try {
      const a = await createPostgresRelationStore({ sql: counted, manifest, schema: 'own_commit' });
      stores.push(a);
      const b = await open('own_commit');
      logReads.length = 0;
      await a.setRelation(owner('d1', 'ann'));
      expect(a.checkNow(canRead('d1', 'ann'))).toBe(true);
      expect(logReads).toEqual([]);

      // b's commit comes before a's next one: a's write resolves with both in its index.
      await b.setRelation(owner('d2', 'bob'));
      await a.setRelation(owner('d3', 'cat'));
      expect(a.checkNow(canRead('d2', 'bob'))).toBe(true);
      expect(a.checkNow(canRead('d3', 'cat'))).toBe(true);
      expect(a.version).toBe(3);
      await b.waitForVersion(a.version);
      expect(await b.getRelations({})).toEqual(await a.getRelations({}));
    } finally {
      await Promise.all(stores.splice(0).map((s) => s.close()));
      await counted.end({ timeout: 5 });
    }
  });

  it('replays changes in version order when their versions cross a power of ten (999 → 1,000)', async () => {
    const a = await open('decimal');
    const relations = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        op: 'setRelation' as const,
        relation: owner(`d${from + i}`, 'ann'),
      }));
    await a.applyBatch(relations(0, 995));
    const b = await open('decimal');
    // One read of the log brings 996–1,005 into b: '1000' sorts before '996' as text.
    await a.applyBatch(relations(995, 10));
    await b.waitForVersion(a.version);
    expect(b.reader.relations({}).length).toBe(1_005);
    expect(b.checkNow(canRead('d995', 'ann'))).toBe(true);
  });

  it('answers an object search with every committed change, before its notice arrives', async () => {
    const store = await open('search_fresh');
    await store.setRelation(owner('d1', 'ann'));
    // Another instance's commit whose notice has not arrived: logged as every write is, no NOTIFY.
    await sql.begin(async (tx) => {
      const [state] = await tx<{ version: number }[]>`UPDATE search_fresh.state SET version = version + 1
        WHERE id = 1 RETURNING version::int AS version`;
      const change = { op: 'setRelation', relation: { ...owner('d2', 'ann'), createdAt: Date.now() } };
      await tx`INSERT INTO search_fresh.change_log (version, change) VALUES (${state!.version}, ${tx.json(change)})`;
    });
    expect(store.checkNow(canRead('d2', 'ann'))).toBe(false);
    const search = { objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId: 'ann' };
    expect(await store.findObjects(search)).toEqual(['d1', 'd2']);
    // The checks that follow read the memory the search caught up.
    expect(store.checkNow(canRead('d2', 'ann'))).toBe(true);
  });

  it('reloads an instance that fell behind the retained change log', async () => {
    const a = await open('retention', { changeRetention: 100 });
    const b = await open('retention', { changeRetention: 100 });
    await b.close();
    for (let i = 0; i < 250; i++) await a.setRelation(owner(`d${i}`, 'ann'));
    const [state] = await sql<
      { pruned: number }[]
    >`SELECT pruned_through::int AS pruned FROM retention.state`;
    expect(state?.pruned).toBeGreaterThan(0);
    const c = await open('retention', { changeRetention: 100 });
    expect(c.checkNow(canRead('d249', 'ann'))).toBe(true);
    expect(c.reader.relations({}).length).toBe(250);
  });

  it('applies a batch in order and in one transaction; an invalid write leaves everything as it was', async () => {
    const a = await open('batch', { changeRetention: 100 });
    const b = await open('batch', { changeRetention: 100 });
    await a.applyBatch([
      { op: 'setObject', object: { type: 'document', id: 'd1' } },
      { op: 'setRelation', relation: owner('d1', 'ann') },
      { op: 'deleteRelation', relation: owner('d1', 'ann') },
      { op: 'setRelation', relation: owner('d1', 'bob') },
    ]);
    expect(a.checkNow(canRead('d1', 'ann'))).toBe(false);
    expect(a.checkNow(canRead('d1', 'bob'))).toBe(true);
    await b.waitForVersion(a.version);
    expect(b.checkNow(canRead('d1', 'bob'))).toBe(true);
    expect(b.checkNow(canRead('d1', 'ann'))).toBe(false);

    const before = a.version;
    const refused = await a
      .applyBatch([
        { op: 'deleteRelation', relation: owner('d1', 'bob') },
        { op: 'setRelation', relation: { ...owner('d1', 'cat'), relation: 'no_such_relation' } },
      ])
      .catch((e) => e);
    expect(refused).toBeInstanceOf(DirectoryError);
    expect(a.version).toBe(before);
    expect(a.checkNow(canRead('d1', 'bob'))).toBe(true);

    // Batches crossing a multiple of the retention still cut the log.
    for (let i = 0; i < 4; i++) {
      await a.applyBatch(
        Array.from({ length: 70 }, (_, j) => ({
          op: 'setRelation' as const,
          relation: owner(`e${i}-${j}`, 'ann'),
        })),
      );
    }
    const [state] = await sql<{ pruned: number }[]>`SELECT pruned_through::int AS pruned FROM batch.state`;
    expect(state?.pruned).toBeGreaterThan(0);
    const c = await open('batch', { changeRetention: 100 });
    expect(c.reader.relations({}).length).toBe(281);
  });

  it('rejects a pending wait for a version when the store closes', async () => {
    const a = await open('waits');
    const outcome = expect(a.waitForVersion(a.version + 1_000)).rejects.toMatchObject({
      code: 'store_closed',
    });
    await a.close();
    await outcome;
  });

  it('keeps the schema name out of SQL text unless it is a plain identifier', async () => {
    const error = await createPostgresRelationStore({ sql, manifest, schema: 'x; DROP TABLE y' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).code).toBe('invalid_options');
    expect((error as DirectoryError).message).toMatch(/schema/);
  });

  it('fails start-up with store_unavailable when the database cannot be reached', async () => {
    const error = await createPostgresRelationStore({
      url: 'postgres://nobody:wrong@127.0.0.1:1/none',
      manifest,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).code).toBe('store_unavailable');
  });
});
