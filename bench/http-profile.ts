/**
 * `npx tsx bench/http-profile.ts '<variant>' [seconds]`: a CPU profile of one server variant of
 * the HTTP benchmarks (`http-variants.ts`) under load — the server alone in its own process with
 * `--cpu-prof`, loaded from another process (16 connections) — then its functions by self time
 * and by total time (with each function's share of the measured CPU per request), and the
 * profile's file for Chrome DevTools. Run it for a variant and its
 * baseline (`'fastify + authzPlugin'` and `fastify`) to see where the added CPU goes.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CpuProfile, functionShares } from './cpu-profile-summary.ts';
import { order } from './http-rounds.ts';
import { isServerVariant, REQUEST_HEADERS, REQUEST_PATH, SERVER_VARIANTS } from './http-variants.ts';
import { printTable } from './measure.ts';
import { startLoadClient, startServer, stopServer } from './server-process.ts';

const [variant = '', duration = '10'] = process.argv.slice(2);
const seconds = Number(duration);
if (!isServerVariant(variant) || !(seconds > 0)) {
  console.error(
    `usage: http-profile.ts '<variant>' [seconds, default 10]; variants: ${Object.keys(SERVER_VARIANTS).join(', ')}`,
  );
  process.exit(2);
}
const dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-profile-'));
const server = await startServer(variant, [
  '--cpu-prof',
  '--cpu-prof-dir',
  dir,
  '--cpu-prof-interval',
  '100',
]);
const client = startLoadClient();
let cpuMicros = Number.NaN;
let requests = 0;
try {
  // The warm-up is in the profile too; the CPU per request is the measured window's.
  const result = await order(client, {
    path: REQUEST_PATH,
    headers: REQUEST_HEADERS,
    connections: 16,
    port: server.port,
    serverPid: server.pid,
    warmupSeconds: 2,
    seconds,
  });
  requests = result.requests;
  cpuMicros = result.serverCpuNs / 1000 / requests;
  if (result.failed > 0) throw new Error(`${result.failed} responses were not 200`);
} finally {
  client.disconnect();
  await stopServer(server);
}
// One profile per thread: the main thread's (thread 0) is the server's; tsx's loader thread has its own.
const file = path.join(dir, (await readdir(dir)).find((f) => /\.0\.\d+\.cpuprofile$/.test(f))!);
const shares = functionShares(JSON.parse(await readFile(file, 'utf8')) as CpuProfile);
// The profile samples the main thread's wall clock: its share off "(idle)" is the server's CPU,
// which apportions the measured CPU per request among the functions.
const busy = 100 - (shares.find((s) => s.name === '(idle)')?.selfPercent ?? 0);
const micros = (percent: number) => `${((percent / busy) * cpuMicros).toFixed(2)} µs`;
const onCpu = shares.filter((s) => s.name !== '(idle)');
const row = (s: (typeof shares)[number]) => ({
  function: s.name.slice(0, 110),
  self: `${s.selfPercent.toFixed(1)} %`,
  total: `${s.totalPercent.toFixed(1)} %`,
  'total per request': micros(s.totalPercent),
});
console.log(
  `${variant}: ${requests} requests, server CPU ${cpuMicros.toFixed(1)} µs/request; profile ${file}`,
);
printTable(
  'by self time',
  [...onCpu]
    .sort((a, b) => b.selfPercent - a.selfPercent)
    .slice(0, 30)
    .map(row),
);
printTable('by total time', onCpu.slice(0, 45).map(row));
