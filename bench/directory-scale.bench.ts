/**
 * `npm run bench -- directory-scale`: the PostgreSQL relation store at 1,000, 100,000, 1,000,000
 * and 10,000,000 relations (`DIRECTORY_SCALE_SIZES=1000,100000` for fewer), each generated with
 * SQL in a schema of its own on one embedded PostgreSQL 16, started in a process of its own
 * (directory-scale-probe.ts) with each loading: `snapshot` (every relation in the heap; up to
 * 1,000,000 — beyond, it needs several GB) and `on-demand` (a bounded cache). Printed: start-up,
 * heap and resident memory (after the checks, and the peak), check p50/p99 cold (after a warm-up,
 * the first check of each of up to 5,000 documents never checked before), for a new user, and warm
 * (the same checks again), the on-demand/snapshot ratios of the same run, and where a cold check's
 * time goes: the first checks after the start (the warm-up, printed apart), a bare round trip's
 * p50/p99 taken between the cold checks (the machine's own floor and tail), and PostgreSQL's CPU,
 * the probe's CPU and the bytes PostgreSQL read from storage, per check. The probe connects over
 * the server's Unix socket, as the application does.
 * Targets at 10M (on demand): < 512 MB resident, start-up ≤ 2 s, warm p50 ≤ 20 µs, cold p99 ≤ 2 ms.
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
const SIZES = (process.env.DIRECTORY_SCALE_SIZES ?? '1000,100000,1000000,10000000').split(',').map(Number);
/** Largest directory also started with `snapshot` loading. */
const SNAPSHOT_MAX = 1_000_000;
const TARGETS = { rssMb: 512, startMs: 2_000, warmP50Us: 20, coldP99Us: 2_000 };

/** What the probe prints. */
interface Probe {
  readonly loading: string;
  readonly startMs: number;
  readonly heapMb: number;
  readonly rssMb: number;
  readonly peakRssMb: number;
  readonly afterStartSamples: number;
  readonly afterStartP50Us: number;
  readonly afterStartP99Us: number;
  readonly coldSamples: number;
  readonly coldP50Us: number;
  readonly coldP99Us: number;
  readonly newUserP50Us: number;
  readonly newUserP99Us: number;
  readonly warmP50Us: number;
  readonly warmP99Us: number;
  readonly roundTripP50Us: number;
  readonly roundTripP99Us: number;
  readonly probeCpuUs: number;
  readonly serverCpuUs: number | null;
  readonly serverDiskKb: number | null;
}

const us = (x: number) => x.toFixed(0);

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
  // Indexes built once after the rows are in, not row by row (the store's own definitions).
  await sql`ALTER TABLE ${table} DROP CONSTRAINT relations_pkey`;
  await sql`DROP INDEX ${sql(`${schema}.relations_by_subject_relation`)}`;
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
  await sql`ALTER TABLE ${table} ADD PRIMARY KEY
    (object_type, object_id, relation, subject_type, subject_id, subject_relation)`;
  await sql`CREATE INDEX relations_by_subject_relation ON ${table}
    (subject_type, subject_id, subject_relation, object_type, relation, object_id)`;
  // As a directory whose rows were written long ago: vacuumed (hint bits set, visibility map
  // current, so a subject's existence is an index-only scan), not freshly bulk-inserted, where
  // each first read of a page also writes it.
  await sql`VACUUM (ANALYZE) ${table}`;
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
  const costs: Record<string, string>[] = [];
  const ratios: Record<string, string>[] = [];
  const targets: { target: string; measured: string; met: boolean }[] = [];
  try {
    for (const size of SIZES) {
      const schema = `scale_${size}`;
      // The store creates its tables; the relations then come from SQL alone.
      await (await createPostgresRelationStore({ sql, manifest, schema })).close();
      const generating = performance.now();
      const { documents, users } = await generate(sql, schema, size);
      const generatedS = (performance.now() - generating) / 1000;
      const probes: Probe[] = [];
      for (const loading of size <= SNAPSHOT_MAX ? ['snapshot', 'on-demand'] : ['on-demand']) {
        const load = loadNow();
        const probe = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            '--expose-gc',
            path.join(HERE, 'directory-scale-probe.ts'),
            // As the application connects to its embedded server: over the Unix socket.
            server.overSocket(url),
            schema,
            String(documents),
            String(users),
            loading,
          ],
          { encoding: 'utf8', maxBuffer: 1 << 20 },
        );
        if (probe.status !== 0) {
          rows.push({
            relations: size.toLocaleString('en'),
            loading,
            'start-up': `failed: ${probe.stderr.trim().split('\n').at(-1)}`,
          });
          continue;
        }
        const p = JSON.parse(probe.stdout.trim().split('\n').at(-1) ?? '{}') as Probe;
        probes.push(p);
        rows.push({
          relations: size.toLocaleString('en'),
          loading: p.loading,
          'generated (SQL)': `${generatedS.toFixed(1)} s`,
          'start-up': `${(p.startMs / 1000).toFixed(2)} s`,
          heap: `${p.heapMb.toFixed(0)} MB`,
          'RSS / peak': `${p.rssMb.toFixed(0)} / ${p.peakRssMb.toFixed(0)} MB`,
          'cold p50 / p99 (n)': `${us(p.coldP50Us)} / ${us(p.coldP99Us)} µs (${p.coldSamples})`,
          'new user p50 / p99': `${us(p.newUserP50Us)} / ${us(p.newUserP99Us)} µs`,
          'warm p50 / p99': `${p.warmP50Us.toFixed(1)} / ${p.warmP99Us.toFixed(1)} µs`,
          'load avg': `${load.toFixed(1)}–${loadNow().toFixed(1)}`,
        });
        costs.push({
          relations: size.toLocaleString('en'),
          loading: p.loading,
          'cold p50 / p99': `${us(p.coldP50Us)} / ${us(p.coldP99Us)} µs`,
          'first checks after start p50 / p99 (n)': `${us(p.afterStartP50Us)} / ${us(p.afterStartP99Us)} µs (${p.afterStartSamples})`,
          'bare round trip p50 / p99': `${us(p.roundTripP50Us)} / ${us(p.roundTripP99Us)} µs`,
          'PostgreSQL CPU': p.serverCpuUs === null ? 'n/a' : `${us(p.serverCpuUs)} µs`,
          'probe CPU': `${us(p.probeCpuUs)} µs`,
          'read from disk': p.serverDiskKb === null ? 'n/a' : `${p.serverDiskKb.toFixed(1)} kB`,
        });
      }
      const [whole, onDemand] = probes.length === 2 ? probes : [];
      if (whole && onDemand) {
        ratios.push({
          relations: size.toLocaleString('en'),
          'start-up': (onDemand.startMs / whole.startMs).toFixed(2),
          'peak RSS': (onDemand.peakRssMb / whole.peakRssMb).toFixed(2),
          'warm p50': (onDemand.warmP50Us / whole.warmP50Us).toFixed(2),
          'cold p99': (onDemand.coldP99Us / whole.coldP99Us).toFixed(2),
        });
      }
      const largest = probes.find((p) => p.loading === 'on-demand');
      if (size === Math.max(...SIZES) && largest) {
        targets.push(
          {
            target: `RSS peak < ${TARGETS.rssMb} MB`,
            measured: `${largest.peakRssMb.toFixed(0)} MB`,
            met: largest.peakRssMb < TARGETS.rssMb,
          },
          {
            target: `start-up ≤ ${TARGETS.startMs / 1000} s`,
            measured: `${(largest.startMs / 1000).toFixed(2)} s`,
            met: largest.startMs <= TARGETS.startMs,
          },
          {
            target: `warm p50 ≤ ${TARGETS.warmP50Us} µs`,
            measured: `${largest.warmP50Us.toFixed(1)} µs`,
            met: largest.warmP50Us <= TARGETS.warmP50Us,
          },
          {
            target: `cold p99 ≤ ${TARGETS.coldP99Us / 1000} ms`,
            measured: `${(largest.coldP99Us / 1000).toFixed(2)} ms (bare round trip: ${(largest.roundTripP99Us / 1000).toFixed(2)} ms)`,
            met: largest.coldP99Us <= TARGETS.coldP99Us,
          },
        );
      }
      await sql`DROP SCHEMA ${sql(schema)} CASCADE`;
    }
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
  }
  printTable(
    'directory-scale: PostgreSQL relation store, data generated with SQL, one process per size and loading',
    rows,
  );
  printTable(
    'directory-scale: where a cold check goes — a bare SELECT 1 between the cold checks, and CPU and disk reads per check of the cold phase (document and new user)',
    costs,
  );
  printTable('directory-scale: on-demand / snapshot, same run (below 1 is in favour of on-demand)', ratios);
  printTable(
    `directory-scale: targets at ${Math.max(...SIZES).toLocaleString('en')} relations, on demand`,
    targets.map((t) => ({ target: t.target, measured: t.measured, '': t.met ? 'met' : 'MISSED' })),
  );
}
