/**
 * One start of the PostgreSQL relation store, in a process of its own (run by
 * `directory-scale.bench.ts` with `--expose-gc`): `node --import tsx directory-scale-probe.ts
 * <database url> <schema> <documents> <users> <snapshot|on-demand>`. Prints one JSON line:
 * start-up time, heap and resident memory after the checks (and the peak), and check times.
 *
 * - After start: the first few hundred documents, checked as the cold ones below but printed
 *   apart — they pay for the process's own start (code not yet compiled by V8's JIT, a young heap
 *   still growing, connections not yet open, the server's statement not yet planned), which the
 *   cold figures must not mistake for the cost of a check.
 * - Cold: each of up to 5,000 documents never checked before (distinct, none of the warm-up's),
 *   checked once by its owner: nothing of it is in the store's memory — not the document, not its
 *   folder, and (but for the odd user who owns two of them) not the user. One sample per document.
 * - New user: the same document then checked by a random user (only the user is missing).
 * - Warm: every check again, answered from memory (`checkNow`, which throws if anything is not).
 * - Round trip: a bare `SELECT 1` on a connection of its own, after each cold check — the floor
 *   any check that asks PostgreSQL pays on this machine at this moment, and its tail.
 * - Server: PostgreSQL's CPU and bytes read from storage (past the OS page cache) over the cold
 *   checks, per check, from the kernel's counters of the store's server processes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore, postgres } from '@gatehousejs/engine/postgres';
import { backendPids, backendUsage, usageSince } from './postgres-backend-usage.ts';

const [url, schema, documentsText, usersText, loadingText] = process.argv.slice(2);
const documents = Number(documentsText);
const users = Number(usersText);
const loading = loadingText === 'on-demand' ? 'on-demand' : 'snapshot';
const MANIFEST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies', 'manifest.yaml');
/** Documents checked before measuring (at most a quarter of them all). */
const WARMUP_DOCUMENTS = Math.min(500, Math.floor(documents / 4));
/** Cold samples: documents never checked before, one first check each. */
const COLD_DOCUMENTS = Math.min(5_000, documents - WARMUP_DOCUMENTS);
const WARM_PASSES = 5;

/** A kB figure of /proc/self/status (VmRSS, VmHWM), in MB. */
function statusMb(field: string): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Distinct random documents, `count` of them (a partial Fisher–Yates shuffle of their numbers). */
function distinctDocuments(count: number): number[] {
  const order = new Map<number, number>();
  const picked: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (documents - i));
    picked.push(order.get(j) ?? j);
    order.set(j, order.get(i) ?? i);
  }
  return picked;
}

const manifest = await loadManifestFile(MANIFEST);
// Over the server's Unix socket when the URL names one (`?host=/dir`), as the application connects.
const address = new URL(url as string);
const socketDir = address.searchParams.get('host');
address.searchParams.delete('host');
const connection = {
  onnotice: () => {},
  ...(socketDir ? { path: path.join(socketDir, `.s.PGSQL.${address.port}`) } : {}),
};
const sql = postgres(address.href, { max: 4, ...connection });
const floor = postgres(address.href, { max: 1, ...connection });
const began = performance.now();
const store = await createPostgresRelationStore({ sql, manifest, schema, loading });
const startMs = performance.now() - began;
// The owner of document d, as the generating SQL wrote it.
const owner = (d: number) => `user-${(d * 7_919) % users}`;
const randomUser = () => `user-${Math.floor(Math.random() * users)}`;
const checkOf = (d: number, user: string) => ({
  objectType: 'document',
  objectId: `doc-${d}`,
  relation: 'can_read',
  subjectType: 'user',
  subjectId: user,
});
const order = distinctDocuments(WARMUP_DOCUMENTS + COLD_DOCUMENTS);

// Timed too, and printed apart: what the first checks after a start cost.
const afterStart: number[] = [];
for (const d of order.slice(0, WARMUP_DOCUMENTS)) {
  const t = performance.now();
  await store.check(checkOf(d, owner(d)));
  afterStart.push((performance.now() - t) * 1_000);
  await store.check(checkOf(d, randomUser()));
  await floor`SELECT 1`;
}

// Cold: every check awaited one after another, as requests that each find nothing in memory.
const asked = order.slice(WARMUP_DOCUMENTS).flatMap((d) => [checkOf(d, owner(d)), checkOf(d, randomUser())]);
const cold: number[] = [];
const newUser: number[] = [];
const roundTrip: number[] = [];
let allowed = 0;
const pids = await backendPids(floor, address.pathname.slice(1));
const serverBefore = backendUsage(pids);
const cpuBefore = process.cpuUsage();
for (const [i, check] of asked.entries()) {
  const t = performance.now();
  if (await store.check(check)) allowed++;
  (i % 2 === 0 ? cold : newUser).push((performance.now() - t) * 1_000);
  if (i % 2 === 0) {
    const r = performance.now();
    await floor`SELECT 1`;
    roundTrip.push((performance.now() - r) * 1_000);
  }
}
const probeCpu = process.cpuUsage(cpuBefore);
const server = usageSince(serverBefore, backendUsage(pids));
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
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    loading: store.loading,
    startMs,
    heapMb: memory.heapUsed / 2 ** 20,
    rssMb: statusMb('VmRSS'),
    peakRssMb: statusMb('VmHWM'),
    afterStartSamples: afterStart.length,
    afterStartP50Us: percentile(afterStart, 0.5),
    afterStartP99Us: percentile(afterStart, 0.99),
    coldSamples: cold.length,
    coldP50Us: percentile(cold, 0.5),
    coldP99Us: percentile(cold, 0.99),
    newUserP50Us: percentile(newUser, 0.5),
    newUserP99Us: percentile(newUser, 0.99),
    warmP50Us: percentile(warm, 0.5),
    warmP99Us: percentile(warm, 0.99),
    roundTripP50Us: percentile(roundTrip, 0.5),
    roundTripP99Us: percentile(roundTrip, 0.99),
    // Per check of the cold phase (a document's first and a new user's), both processes.
    probeCpuUs: (probeCpu.user + probeCpu.system) / asked.length,
    serverCpuUs: server ? server.cpuNs / 1_000 / asked.length : null,
    serverDiskKb: server ? server.diskBytes / 1_024 / asked.length : null,
    allowedShare: allowed / asked.length,
  }),
);
await store.close();
await Promise.all([sql.end({ timeout: 5 }), floor.end({ timeout: 5 })]);
