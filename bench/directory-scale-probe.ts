/**
 * One start of the PostgreSQL relation store, in a process of its own (run by
 * `directory-scale.bench.ts` with `--expose-gc`): `node --import tsx directory-scale-probe.ts
 * <database url> <schema> <documents> <users> <snapshot|on-demand>`. Prints one JSON line:
 * start-up time, heap and resident memory after the checks (and the peak), and check times —
 * cold (each document's first check, which loads what it needs when the store loads on demand)
 * and warm (the same documents again, answered from memory) — for owning and random users.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore, postgres } from '@gatehousejs/engine/postgres';

const [url, schema, documentsText, usersText, loadingText] = process.argv.slice(2);
const documents = Number(documentsText);
const users = Number(usersText);
const loading = loadingText === 'on-demand' ? 'on-demand' : 'snapshot';
const MANIFEST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies', 'manifest.yaml');
/** Documents checked (each by its owner and by a random user), then checked again this many times. */
const COLD_DOCUMENTS = 2_000;
const WARM_PASSES = 5;

/** A kB figure of /proc/self/status (VmRSS, VmHWM), in MB. */
function statusMb(field: string): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

const manifest = await loadManifestFile(MANIFEST);
// Over the server's Unix socket when the URL names one (`?host=/dir`), as the application connects.
const address = new URL(url as string);
const socketDir = address.searchParams.get('host');
address.searchParams.delete('host');
const sql = postgres(address.href, {
  max: 4,
  onnotice: () => {},
  ...(socketDir ? { path: path.join(socketDir, `.s.PGSQL.${address.port}`) } : {}),
});
const began = performance.now();
const store = await createPostgresRelationStore({ sql, manifest, schema, loading });
const startMs = performance.now() - began;
// The owner of document d, as the generating SQL wrote it.
const owner = (d: number) => `user-${(d * 7_919) % users}`;
const checkOf = (d: number, user: string) => ({
  objectType: 'document',
  objectId: `doc-${d}`,
  relation: 'can_read',
  subjectType: 'user',
  subjectId: user,
});
const picked = Array.from({ length: COLD_DOCUMENTS }, () => Math.floor(Math.random() * documents));
const asked = picked.flatMap((d) => [
  checkOf(d, owner(d)),
  checkOf(d, `user-${Math.floor(Math.random() * users)}`),
]);

// Cold: every check awaited one after another, as requests that each find nothing in memory.
const cold: number[] = [];
let allowed = 0;
for (const check of asked) {
  const t = performance.now();
  if (await store.check(check)) allowed++;
  cold.push((performance.now() - t) * 1_000);
}
if (allowed < COLD_DOCUMENTS)
  throw new Error(`only ${allowed} of ${asked.length} checks allowed: owners refused`);
// Warm: the same checks, answered from memory (checkNow throws if anything were missing).
const warm: number[] = [];
for (let pass = 0; pass < WARM_PASSES; pass++) {
  for (const check of asked) {
    const t = performance.now();
    store.checkNow(check);
    warm.push((performance.now() - t) * 1_000);
  }
}
cold.sort((a, b) => a - b);
warm.sort((a, b) => a - b);
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    loading: store.loading,
    startMs,
    heapMb: memory.heapUsed / 2 ** 20,
    rssMb: statusMb('VmRSS'),
    peakRssMb: statusMb('VmHWM'),
    coldP50Us: percentile(cold, 0.5),
    coldP99Us: percentile(cold, 0.99),
    warmP50Us: percentile(warm, 0.5),
    warmP99Us: percentile(warm, 0.99),
    allowedShare: allowed / asked.length,
  }),
);
await store.close();
await sql.end({ timeout: 5 });
