/**
 * `npx tsx bench/http-code-footprint.ts`: what a server on this machine pays for the size of the
 * code a request runs, apart from its instructions. The same arithmetic runs in front of a Hono
 * route spread over 100 small functions (about 30 KB of compiled code) or looped through one
 * function ({@link CODE_WORK}): first both in a loop, where they should cost about the same, then
 * over HTTP in 12 of the benchmarks' blocks (`http-rounds.ts`, in turns, beside the bare route and an
 * A/A pair; about 4 minutes). Where the first costs the server much more than the second, a
 * request pays for the code it brings back into the processor's caches — as an authorization's
 * cache hit does.
 */
import { generatedSteps, stepRunner } from './code-footprint.ts';
import { aaLine, comparisonRow } from './http-comparison.ts';
import { httpRounds, secondProcess } from './http-rounds.ts';
import { BENCHMARK_ROUNDS, CALIBRATION_VARIANTS, CODE_WORK } from './http-variants.ts';
import { printTable } from './measure.ts';
import { machineLine, median, range } from './rounds.ts';

const [MANY = '', ONE = ''] = CALIBRATION_VARIANTS;

/** Nanoseconds per run of `work` in a loop, one sample per round. */
function loopNanos(work: () => number, rounds = 15, runs = 20_000): number[] {
  for (let i = 0; i < runs; i++) work();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) work();
    samples.push(Number(process.hrtime.bigint() - start) / runs);
  }
  return samples;
}

console.log(`\n${machineLine()}`);
const loopRow = (name: string, spec: (typeof CODE_WORK)[keyof typeof CODE_WORK]) => {
  const samples = loopNanos(stepRunner(generatedSteps(spec.functions, spec.operations), spec.calls));
  return {
    work: name,
    'functions × calls': `${spec.functions} × ${spec.calls}`,
    'in a loop, per run': `${(median(samples) / 1000).toFixed(2)} µs`,
    range: range(samples, (x) => (x / 1000).toFixed(2)),
  };
};
printTable('the work alone, in a loop (median of rounds)', [
  loopRow(MANY, CODE_WORK.many),
  loopRow(ONE, CODE_WORK.one),
]);
const variants = ['hono', MANY, ONE, secondProcess('hono')];
const result = await httpRounds(variants, { ...BENCHMARK_ROUNDS, blocks: 12, together: false });
printTable('the same work in front of the route, over HTTP (per-block ratios: median, 95% interval, IQR)', [
  comparisonRow(result, MANY, 'hono'),
  comparisonRow(result, ONE, 'hono'),
  comparisonRow(result, MANY, ONE),
  comparisonRow(result, secondProcess('hono'), 'hono'),
]);
console.log(`\n${aaLine(result, secondProcess('hono'), 'hono')}`);
