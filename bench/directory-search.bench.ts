/**
 * `npm run bench -- directory-search`: the PostgreSQL store's object search — the documents a user
 * can read (`findObjects` document#can_read), what a list of the application asks first — at 1,000
 * and 10,000 readable documents per user (`DIRECTORY_SEARCH_SIZES=1000` for fewer), beside the
 * previous query on the same rows with the previous index (a copy of the table in a schema of its
 * own), and the store loaded whole, which walks its in-memory index after one read of the change
 * log, in interleaved rounds. Users: alice owns the documents; bob reads as many through a tree
 * of folders shared with a group he is in, half as many again shared with
 * him one by one, and the public ones; an anonymous request reads the public ones. Among them,
 * twenty times as many documents of other users. Printed: PostgreSQL's CPU per search (the
 * kernel's count for the server process, `/proc/<pid>/schedstat`) and the search's wall time, as
 * medians and ranges over the rounds.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ObjectSearch } from '@gatehousejs/core';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore, postgres, type Sql } from '@gatehousejs/engine/postgres';
import { graphRules } from '../directory/graph-rules.ts';
import { previousObjectSearch } from '../directory/previous-object-search.fixture.ts';
import { startTestPostgres } from '../test/support/postgres.ts';
import { printTable } from './measure.ts';
import { backendPids, backendUsage, usageSince } from './postgres-backend-usage.ts';
import { loadNow, machineLine, median, range } from './rounds.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.DIRECTORY_SEARCH_SIZES ?? '1000,10000').split(',').map(Number);
const ROUNDS = 5;
const FOLDERS = 20;

/** The directory for `n` readable documents per user, written by SQL into `schema.relations`. */
async function generate(sql: Sql, schema: string, n: number): Promise<void> {
  const table = sql(`${schema}.relations`);
  const insert = (rows: ReturnType<Sql>) =>
    sql`INSERT INTO ${table} (object_type, object_id, relation, subject_type, subject_id, subject_relation, created_at)
      SELECT *, now() FROM (${rows}) AS generated`;
  // Other users' documents, twenty times as many; alice's own; bob's through folders and groups.
  await insert(sql`SELECT 'document', 'doc-' || d, 'owner', 'user', 'user-' || (d % 50), ''
    FROM generate_series(1, ${20 * n}) AS d`);
  await insert(
    sql`SELECT 'document', 'alice-' || d, 'owner', 'user', 'alice', '' FROM generate_series(1, ${n}) AS d`,
  );
  await insert(sql`SELECT 'group', 'team', 'member', 'user', 'bob', ''
    UNION ALL SELECT 'folder', 'folder-1', 'reader', 'group', 'team', 'member'
    UNION ALL SELECT 'folder', 'folder-' || f, 'parent', 'folder', 'folder-' || (f / 2), ''
      FROM generate_series(2, ${FOLDERS}) AS f`);
  await insert(sql`SELECT 'document', 'doc-' || d, 'parent', 'folder', 'folder-' || (1 + d % ${FOLDERS}), ''
    FROM generate_series(1, ${n}) AS d`);
  await insert(sql`SELECT 'document', 'doc-' || (${n} + d), 'reader', 'user', 'bob', ''
    FROM generate_series(1, ${n / 2}) AS d`);
  await insert(
    sql`SELECT 'document', 'doc-' || (d * 7), 'reader', 'user', '*', '' FROM generate_series(1, 200) AS d`,
  );
}

/** A copy of `schema.relations` in `copy`, indexed as the previous store indexed it. */
async function previousTable(sql: Sql, schema: string, copy: string): Promise<void> {
  await sql`CREATE SCHEMA ${sql(copy)}`;
  await sql`CREATE TABLE ${sql(`${copy}.relations`)} AS SELECT * FROM ${sql(`${schema}.relations`)}`;
  await sql`ALTER TABLE ${sql(`${copy}.relations`)} ADD PRIMARY KEY
    (object_type, object_id, relation, subject_type, subject_id, subject_relation)`;
  await sql`CREATE INDEX relations_by_subject ON ${sql(`${copy}.relations`)} (subject_type, subject_id)`;
}

interface Sample {
  readonly cpuMs: number;
  readonly wallMs: number;
}

/** PostgreSQL's CPU and the wall time per search, over `count` searches. */
async function sample(pids: number[], count: number, search: () => Promise<unknown>): Promise<Sample> {
  for (let i = 0; i < 3; i++) await search();
  const before = backendUsage(pids);
  const start = performance.now();
  for (let i = 0; i < count; i++) await search();
  const wallMs = (performance.now() - start) / count;
  const used = usageSince(before, backendUsage(pids));
  return { cpuMs: used ? used.cpuNs / 1e6 / count : Number.NaN, wallMs };
}

/** `median (low–high)` of milliseconds, to two decimals. */
function medianAndRange(ms: number[]): string {
  const fixed = (x: number) => x.toFixed(2);
  return `${fixed(median(ms))} (${range(ms, fixed)})`;
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  const manifest = await loadManifestFile(path.join(HERE, '..', 'policies', 'manifest.yaml'));
  const rules = graphRules(manifest);
  const server = await startTestPostgres();
  const url = await server.database('directory_search');
  // One connection each: the searches' server process is the one measured.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const probe = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows: Record<string, string | number>[] = [];
    for (const n of SIZES) {
      const schema = `search_${n}`;
      const copy = `previous_${n}`;
      const store = await createPostgresRelationStore({ sql, manifest, schema, loading: 'on-demand' });
      let whole: Awaited<ReturnType<typeof createPostgresRelationStore>> | undefined;
      try {
        await generate(sql, schema, n);
        // Loaded whole, the store walks its index (after one read of the change log).
        whole = await createPostgresRelationStore({ sql, manifest, schema, loading: 'snapshot' });
        await previousTable(sql, schema, copy);
        await sql`VACUUM (ANALYZE) ${sql(`${schema}.relations`)}`;
        await sql`VACUUM (ANALYZE) ${sql(`${copy}.relations`)}`;
        const [database] = await probe`SELECT current_database() AS name`;
        const pids = await backendPids(probe, database?.name as string);
        const count = Math.max(5, Math.round(40_000 / n));
        for (const [who, subjectId] of [
          ['alice (owner)', 'alice'],
          ['bob (folders, groups, shares)', 'bob'],
          ['anonymous (public)', '*'],
        ] as const) {
          const search: ObjectSearch = {
            objectType: 'document',
            relation: 'can_read',
            subjectType: 'user',
            subjectId,
          };
          const found = (await store.findObjects(search)).length;
          const previous = () => previousObjectSearch(sql, copy, manifest, rules, search);
          const current = () => store.findObjects(search);
          const walked = () => (whole as NonNullable<typeof whole>).findObjects(search);
          if ((await previous()).length !== found) throw new Error(`${who}: the two searches disagree`);
          if ((await walked()).length !== found) throw new Error(`${who}: the index walk disagrees`);
          const variants = [previous, current, walked];
          const samples: [Sample[], Sample[], Sample[]] = [[], [], []];
          for (let round = 0; round < ROUNDS; round++) {
            for (let k = 0; k < variants.length; k++) {
              const at = (round + k) % variants.length;
              samples[at]?.push(await sample(pids, count, variants[at]!));
            }
          }
          const [before, after, inMemory] = samples;
          const cpu = (of: Sample[]) => medianAndRange(of.map((s) => s.cpuMs));
          const wall = (of: Sample[]) => medianAndRange(of.map((s) => s.wallMs));
          rows.push({
            'documents per user': n,
            reader: who,
            found,
            'PostgreSQL CPU, previous (median, range ms)': cpu(before),
            'PostgreSQL CPU, now': cpu(after),
            'wall, previous (ms)': wall(before),
            'wall, now': wall(after),
            'PostgreSQL CPU, loaded whole': cpu(inMemory),
            'wall, loaded whole': wall(inMemory),
          });
        }
      } finally {
        await store.close();
        await whole?.close();
      }
    }
    printTable(
      `directory-search: document#can_read by SQL (previous, now) and loaded whole, ${ROUNDS} interleaved rounds (load ${loadNow().toFixed(1)})`,
      rows,
    );
  } finally {
    await probe.end({ timeout: 5 });
    await sql.end({ timeout: 5 });
    await server.stop();
  }
}
