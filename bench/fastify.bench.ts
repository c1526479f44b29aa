/**
 * `npm run bench -- fastify`: requests per second over HTTP on 127.0.0.1 of a Fastify route with
 * `authzPlugin` answering from the decision cache, against the same route without it and behind
 * an `onRequest` hook that does nothing (what any hook costs) and behind the least any authorization
 * does (a map lookup by the caller's header, method and URL) — each server alone in a process of
 * its own, loaded in turns from another process (8 connections each), in blocks of measured
 * windows (`http-rounds.ts`), with an A/A check (bare Fastify in a second process). Target: ≥ 0.95,
 * judged on the interval of the ratio of server CPU per request (the throughput ratio is printed
 * beside it; see `http-comparison.ts`). Hono's gate and middleware are `npm run bench -- hono`'s.
 */
import { pluginSteps } from './fastify-steps.ts';
import { aaLine, comparisonRow, methodLines, variantRow } from './http-comparison.ts';
import { httpRounds, plannedSeconds, secondProcess } from './http-rounds.ts';
import { BENCHMARK_ROUNDS, ROUTE } from './http-variants.ts';
import { printTable } from './measure.ts';
import { machineLine } from './rounds.ts';

/** Over HTTP: the benchmarks' rounds (5 servers loaded in turns, about 480 s). */
const HTTP = BENCHMARK_ROUNDS;
const VARIANTS = [
  'fastify + authzPlugin',
  'fastify + no-op hook',
  'fastify + minimal check',
  'fastify',
  secondProcess('fastify'),
];

/** Runs the Fastify benchmark and prints it. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  console.log(
    `Over HTTP: ${VARIANTS.length} servers, about ${Math.round(plannedSeconds(HTTP, VARIANTS.length))} s…`,
  );
  const result = await httpRounds(VARIANTS, HTTP);
  printTable(
    `fastify: GET ${ROUTE}, cache hit, HTTP 127.0.0.1, each server in its own process, ${HTTP.together ? 'all loaded at once' : 'loaded in turns'} from another process (${HTTP.connections} conn. each), ${HTTP.blocks} blocks of ${HTTP.windows} windows of ${HTTP.windowSeconds} s (medians and ranges over the blocks)`,
    VARIANTS.map((name) => variantRow(result, name)),
  );
  printTable('fastify: the same blocks side by side (per-block ratios: median, 95% interval, IQR)', [
    comparisonRow(result, 'fastify + authzPlugin', 'fastify', 0.95),
    comparisonRow(result, 'fastify + no-op hook', 'fastify'),
    comparisonRow(result, 'fastify + minimal check', 'fastify'),
    comparisonRow(result, 'fastify + authzPlugin', 'fastify + no-op hook'),
    comparisonRow(result, 'fastify + authzPlugin', 'fastify + minimal check'),
    comparisonRow(result, secondProcess('fastify'), 'fastify'),
  ]);
  console.log(`\n${aaLine(result, secondProcess('fastify'), 'fastify')}`);
  printTable(
    "fastify: where a route's authorization hook (onRequest) spends its time on a cache hit (each step alone, in process, median)",
    await pluginSteps(),
  );
  console.log(
    [
      '',
      methodLines(result),
      '"no-op hook": `app.addHook(\'onRequest\', (request, reply, done) => done())`, what any onRequest hook costs;',
      '"minimal check": an onRequest hook looking the caller\'s header, the method and the URL up in a map (the',
      'least any authorization does: no policy path, context or record).',
    ].join('\n'),
  );
}
