/**
 * `npm run bench -- fastify-instructions`: what a route's `onRequest` hook adds to a request on a
 * decision-cache hit — the plugin's, beside the minimal check's — with the first-level caches
 * emptied before each call, as a server's request finds them, counted by valgrind's cachegrind
 * (`instruction-counts.ts`) over the loop of `fastify-hook-child.ts`. The counts are the same from
 * run to run: a change of a few lines of code or data shows here and is lost in the HTTP rounds of
 * `npm run bench -- fastify`, which say what the hook costs in time. Needs valgrind
 * (`apt install valgrind`); takes about 2 minutes.
 */
import { bundledChild } from './bundled-child.ts';
import { type CachegrindTotals, countsPerUnit, hasValgrind } from './instruction-counts.ts';
import { printTable } from './measure.ts';
import { machineLine } from './rounds.ts';

/** Calls of the two runs whose difference is counted: past the warm-up, all compiled. */
const LOW = 10_000;
const HIGH = 30_000;

/** The hooks counted; the first, which only calls `done()`, is what the others are compared with. */
const ROWS: readonly { label: string; variant: string }[] = [
  { label: 'an onRequest hook doing nothing', variant: 'noop' },
  { label: 'the minimal check', variant: 'minimal' },
  { label: 'authzPlugin', variant: 'plugin' },
];

const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Runs the benchmark. */
export async function run(): Promise<void> {
  if (!(await hasValgrind())) {
    console.log('\nvalgrind is not installed here (`apt install valgrind`): nothing counted.');
    process.exitCode = 1;
    return;
  }
  console.log(`\n${machineLine()}`);
  const child = await bundledChild('fastify-hook-child');
  const counted: { label: string; totals: CachegrindTotals }[] = [];
  for (const { label, variant } of ROWS) {
    counted.push({ label, totals: await countsPerUnit([child, variant], LOW, HIGH) });
  }
  const noop = counted[0]!.totals;
  printTable(
    `fastify-instructions: what a route's onRequest hook adds to one that does nothing, on a cache hit, with the first-level caches emptied before each call (as a server's request finds them), counted by cachegrind over calls ${fixed(LOW)}–${fixed(HIGH)}`,
    counted.slice(1).map(({ label, totals }) => {
      const code = totals.instructionMisses - noop.instructionMisses;
      const data = totals.dataMisses - noop.dataMisses;
      return {
        hook: label,
        instructions: fixed(totals.instructions - noop.instructions),
        'L1i misses': fixed(code, 1),
        'L1d misses': fixed(data, 1),
        'misses, both': fixed(code + data, 1),
      };
    }),
  );
  console.log(
    '\nMethod: the hook of the route GET /api/documents/:id is called in a loop on one request Fastify built for an HTTP request',
  );
  console.log(
    "(Node's request inside; the first request filled the decision cache), each call after 64 KB of data were read and written",
  );
  console.log(
    'and 400 small functions run (bench/first-level-flush.ts). Each hook runs the loop twice under valgrind --tool=cachegrind',
  );
  console.log(
    `(simulated first-level caches: 32 KB, 8-way, 64-byte lines), in Node with --predictable, for ${fixed(LOW)} and ${fixed(HIGH)} calls;`,
  );
  console.log(
    `a figure is the difference divided by ${fixed(HIGH - LOW)}, less the hook doing nothing's: the instructions the hook runs and the`,
  );
  console.log('lines of code and data it brings back into the caches on every request of a server.');
}
