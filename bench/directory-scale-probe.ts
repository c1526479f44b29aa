/**
 * One start of the PostgreSQL relation store, in a process of its own (run by
 * `directory-scale.bench.ts` with `--expose-gc`): `node --import tsx directory-scale-probe.ts
 * <database url> <schema> <documents> <users>`. Prints one JSON line: start-up time, heap and
 * resident memory after start (and the peak), the first check's time (cold) and the percentiles
 * of checks on random documents for random and owning users (warm).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore, postgres } from '@gatehousejs/engine/postgres';

const [url, schema, documentsText, usersText] = process.argv.slice(2);
const documents = Number(documentsText);
const users = Number(usersText);
const MANIFEST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies', 'manifest.yaml');
const CHECKS = 20_000;

/** A kB figure of /proc/self/status (VmRSS, VmHWM), in MB. */
function statusMb(field: string): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

const manifest = await loadManifestFile(MANIFEST);
const sql = postgres(url as string, { max: 2, onnotice: () => {} });
const began = performance.now();
const store = await createPostgresRelationStore({ sql, manifest, schema });
const startMs = performance.now() - began;
// The owner of document d, as the generating SQL wrote it.
const owner = (d: number) => `user-${(d * 7_919) % users}`;
const check = (d: number, user: string) =>
  store.checkNow({
    objectType: 'document',
    objectId: `doc-${d}`,
    relation: 'can_read',
    subjectType: 'user',
    subjectId: user,
  });
let t = performance.now();
const coldAllowed = check(1, owner(1));
const coldMs = performance.now() - t;
if (!coldAllowed) throw new Error('the owner of doc-1 was refused');
const times: number[] = [];
let allowed = 0;
for (let i = 0; i < CHECKS; i++) {
  const d = Math.floor(Math.random() * documents);
  const user = i % 2 === 0 ? owner(d) : `user-${Math.floor(Math.random() * users)}`;
  t = performance.now();
  if (check(d, user)) allowed++;
  times.push((performance.now() - t) * 1_000);
}
times.sort((a, b) => a - b);
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    startMs,
    heapMb: memory.heapUsed / 2 ** 20,
    rssMb: statusMb('VmRSS'),
    peakRssMb: statusMb('VmHWM'),
    coldMs,
    p50Us: percentile(times, 0.5),
    p99Us: percentile(times, 0.99),
    allowedShare: allowed / CHECKS,
  }),
);
await store.close();
await sql.end({ timeout: 5 });
