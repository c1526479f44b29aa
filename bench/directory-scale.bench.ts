/**
 * `npm run bench -- directory-scale`: the PostgreSQL relation store at 1,000, 100,000 and
 * 1,000,000 relations (and more with `DIRECTORY_SCALE_SIZES=1000,100000,1000000,10000000`),
 * each generated with SQL in a schema of its own on one embedded PostgreSQL 16: start-up (the
 * store's load), heap and resident memory after start and at peak, the first check (cold) and
 * p50/p99 of 20,000 checks (warm) — each size started in a process of its own (directory-scale-probe.ts).
 * Targets at 10M: < 512 MB resident, start-up ≤ 2 s, warm p50 ≤ 20 µs, p99 ≤ 2 ms.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore, postgres, type Sql } from '@gatehousejs/engine/postgres';
import { startTestPostgres } from '../test/support/postgres.ts';
import { printTable } from './measure.ts';
import { loadNow, machineLine } from './rounds.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.DIRECTORY_SCALE_SIZES ?? '1000,100000,1000000').split(',').map(Number);

/** What the probe prints. */
interface Probe {
  readonly startMs: number;
  readonly heapMb: number;
  readonly rssMb: number;
  readonly peakRssMb: number;
  readonly coldMs: number;
  readonly p50Us: number;
  readonly p99Us: number;
}

/**
 * `relations` relations in `schema`, written by SQL alone: per document an owner, a writer, a
 * reader and a parent folder; every folder owned by a user; one user per 20 relations.
 */
async function generate(
  sql: Sql,
  schema: string,
  relations: number,
): Promise<{ documents: number; users: number }> {
  const documents = Math.max(1, Math.floor(relations / 4.25));
  const folders = Math.max(1, relations - documents * 4);
  const users = Math.max(10, Math.floor(relations / 20));
  const table = sql(`${schema}.relations`);
  await sql`INSERT INTO ${table} (object_type, object_id, relation, subject_type, subject_id, created_at)
    SELECT 'document', 'doc-' || d, r.relation, r.subject_type,
      CASE r.relation
        WHEN 'owner' THEN 'user-' || ((d::bigint * 7919) % ${users})
        WHEN 'writer' THEN 'user-' || ((d::bigint * 104729 + 1) % ${users})
        WHEN 'reader' THEN 'user-' || ((d::bigint * 1299709 + 2) % ${users})
        ELSE 'folder-' || (d % ${folders})
      END, now()
    FROM generate_series(0, ${documents - 1}) AS d,
      (VALUES ('owner', 'user'), ('writer', 'user'), ('reader', 'user'), ('parent', 'folder')) AS r(relation, subject_type)`;
  await sql`INSERT INTO ${table} (object_type, object_id, relation, subject_type, subject_id, created_at)
    SELECT 'folder', 'folder-' || f, 'owner', 'user', 'user-' || (f % ${users}), now()
    FROM generate_series(0, ${folders - 1}) AS f`;
  await sql`ANALYZE ${table}`;
  return { documents, users };
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  const manifest = await loadManifestFile(path.join(HERE, '..', 'policies', 'manifest.yaml'));
  const server = await startTestPostgres();
  const url = await server.database('scale');
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const rows: Record<string, string>[] = [];
  try {
    for (const size of SIZES) {
      const schema = `scale_${size}`;
      // The store creates its tables; the relations then come from SQL alone.
      await (await createPostgresRelationStore({ sql, manifest, schema })).close();
      const generating = performance.now();
      const { documents, users } = await generate(sql, schema, size);
      const generatedS = (performance.now() - generating) / 1000;
      const load = loadNow();
      const probe = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--expose-gc',
          path.join(HERE, 'directory-scale-probe.ts'),
          url,
          schema,
          String(documents),
          String(users),
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (probe.status !== 0) {
        rows.push({
          relations: size.toLocaleString('en'),
          'start-up': `failed: ${probe.stderr.trim().split('\n').at(-1)}`,
        });
        continue;
      }
      const p = JSON.parse(probe.stdout.trim().split('\n').at(-1) ?? '{}') as Probe;
      rows.push({
        relations: size.toLocaleString('en'),
        'generated (SQL)': `${generatedS.toFixed(1)} s`,
        'start-up': `${(p.startMs / 1000).toFixed(2)} s`,
        'heap after start': `${p.heapMb.toFixed(0)} MB`,
        'RSS after start / peak': `${p.rssMb.toFixed(0)} / ${p.peakRssMb.toFixed(0)} MB`,
        'first check (cold)': `${(p.coldMs * 1000).toFixed(0)} µs`,
        'check p50 / p99 (warm)': `${p.p50Us.toFixed(1)} / ${p.p99Us.toFixed(1)} µs`,
        'load avg': load.toFixed(1),
      });
      await sql`DROP SCHEMA ${sql(schema)} CASCADE`;
    }
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
  }
  printTable(
    'directory-scale: PostgreSQL relation store, data generated with SQL, one process per size',
    rows,
  );
}
