/**
 * `npm run bench -- hono-instructions`: the instructions a request runs through the Hono gate,
 * the middleware and the minimal check, against the bare route, counted by valgrind's cachegrind
 * (`instruction-counts.ts`) over the in-process loop of `hono-apps.ts`. The counts are the same
 * from run to run, where the in-process times of `npm run bench -- hono` move twice over between
 * processes on the benchmarks' virtual machines: a change of a few percent shows here and is lost
 * there. The time a request takes is the `hono` benchmark's to say; this one says how much code
 * and how many instructions that time is spent on. A second table counts each request with the
 * first-level caches emptied before it (`first-level-flush.ts`), as a server's request finds them.
 * Needs valgrind (`apt install valgrind`); takes about 5 minutes.
 */

import { bundledChild } from './bundled-child.ts';
import type { Environment, Variant } from './hono-apps.ts';
import { type CachegrindTotals, countsPerUnit, hasValgrind } from './instruction-counts.ts';
import { printTable } from './measure.ts';
import { machineLine } from './rounds.ts';

/** Requests of the two runs whose difference is counted: past the warm-up, all compiled. */
const LOW = 20_000;
const HIGH = 60_000;

const ROWS: readonly { label: string; variant: Variant; env: Environment }[] = [
  { label: 'the bare route', variant: 'none', env: 'node' },
  { label: 'authzGate', variant: 'gate', env: 'node' },
  {
    label: 'authzGate, the Fetch request alone (headers read through undici)',
    variant: 'gate',
    env: 'fetch',
  },
  { label: 'authzMiddleware', variant: 'authz', env: 'node' },
  { label: 'a minimal check in front of app.fetch', variant: 'minimal', env: 'node' },
];

const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * The cold table's applications (Node's request in the environment): the bare route and what is
 * added to it over HTTP, where the benchmark recorded the server's CPU per request.
 */
const COLD_ROWS: readonly { label: string; variant: Variant }[] = [
  { label: 'the bare route', variant: 'none' },
  { label: 'authzGate', variant: 'gate' },
  { label: 'authzMiddleware', variant: 'authz' },
  { label: 'a no-op async middleware', variant: 'noop' },
  { label: 'a minimal check in front of app.fetch', variant: 'minimal' },
];
/** Requests of the cold runs: each costs a flush of the caches, so fewer (all compiled by then too). */
const COLD_LOW = 10_000;
const COLD_HIGH = 30_000;

/** Runs the benchmark. */
export async function run(): Promise<void> {
  if (!(await hasValgrind())) {
    console.log('\nvalgrind is not installed here (`apt install valgrind`): nothing counted.');
    process.exitCode = 1;
    return;
  }
  console.log(`\n${machineLine()}`);
  const child = await bundledChild('hono-instructions-child');
  const counted: { label: string; totals: CachegrindTotals }[] = [];
  for (const { label, variant, env } of ROWS) {
    counted.push({ label, totals: await countsPerUnit([child, variant, env, 'hot'], LOW, HIGH) });
  }
  const bare = counted[0]!.totals;
  printTable(
    `hono-instructions: per request in process (app.fetch in a loop, cache hit, Node's request in the environment unless said), counted by cachegrind over requests ${fixed(LOW)}–${fixed(HIGH)}`,
    counted.map(({ label, totals }) => ({
      application: label,
      instructions: fixed(totals.instructions),
      'added to the bare route': totals === bare ? '—' : fixed(totals.instructions - bare.instructions),
      'L1i misses': fixed(totals.instructionMisses, 1),
      'L1d misses': fixed(totals.dataMisses, 1),
    })),
  );
  const cold: { label: string; totals: CachegrindTotals }[] = [];
  for (const { label, variant } of COLD_ROWS) {
    cold.push({ label, totals: await countsPerUnit([child, variant, 'node', 'cold'], COLD_LOW, COLD_HIGH) });
  }
  const coldBare = cold[0]!.totals;
  printTable(
    `hono-instructions: what a request adds to the bare route with the first-level caches emptied before it (as a server's request finds them), counted by cachegrind over requests ${fixed(COLD_LOW)}–${fixed(COLD_HIGH)}`,
    cold.slice(1).map(({ label, totals }) => {
      const code = totals.instructionMisses - coldBare.instructionMisses;
      const data = totals.dataMisses - coldBare.dataMisses;
      return {
        application: label,
        instructions: fixed(totals.instructions - coldBare.instructions),
        'L1i misses': fixed(code, 1),
        'L1d misses': fixed(data, 1),
        'misses, both': fixed(code + data, 1),
      };
    }),
  );
  console.log(
    '\nMethod: each application runs the loop twice under valgrind --tool=cachegrind (its simulated first-level caches: 32 KB,',
  );
  console.log(
    '8-way, 64-byte lines), in Node with --predictable (one thread, fixed seed: the same instructions every run, to within a few tens), for',
  );
  console.log(
    `${fixed(LOW)} and ${fixed(HIGH)} requests; a figure is the difference divided by ${fixed(HIGH - LOW)} (start-up and compilation left out).`,
  );
  console.log(
    `The cold table's runs (${fixed(COLD_LOW)} and ${fixed(COLD_HIGH)} requests) read and write 64 KB of data and run 400 small functions before`,
  );
  console.log(
    'each request (bench/first-level-flush.ts); the bare route pays the same flush, so the difference is what the request itself',
  );
  console.log('brings back into the caches: the lines of code and data a server pays for on every request.');
}
