/**
 * `npx tsx bench/http-aa-check.ts [variant] [passes]`: the resolution of the HTTP benchmarks'
 * method on this machine now — A/A comparisons (one server variant, default `hono`, in two
 * processes, whose CPU ratio should be 1) run with the benchmarks' settings and with variations of
 * them (pinned and unpinned whatever the load, short segments without warm-up, fewer and longer
 * segments), and once among every other server variant (as `npm run bench -- fastify` runs it:
 * seven processes, where a bias of the order shows that two processes alone do not), one after the
 * other, repeated `passes` times (default 1; about 8 minutes a pass), each printed with its median,
 * 95% interval and IQR. The narrower the interval around 1, the smaller a difference the
 * benchmarks can tell.
 */

import { cpuRatios } from './http-comparison.ts';
import { type HttpRoundsOptions, httpRounds, secondProcess } from './http-rounds.ts';
import { isServerVariant, REQUEST_HEADERS, REQUEST_PATH, SERVER_VARIANTS } from './http-variants.ts';
import { printTable } from './measure.ts';
import { summarizeRatios } from './paired-ratios.ts';
import { machineLine, range } from './rounds.ts';

const [variant = 'hono', passes = '1'] = process.argv.slice(2);
if (!isServerVariant(variant)) {
  console.error(`unknown server variant "${variant}" (see bench/http-variants.ts)`);
  process.exit(2);
}
const others = Object.keys(SERVER_VARIANTS).filter((name) => name !== variant);
const base = { path: REQUEST_PATH, headers: REQUEST_HEADERS, connections: 16, processWarmupSeconds: 2 };
const segments = { ...base, blocks: 12, warmupSeconds: 0.15, segmentSeconds: 0.5 };
/** Each setting, and the other server variants loaded in the same blocks (none by default). */
const SETTINGS: Record<string, HttpRoundsOptions & { company?: readonly string[] }> = {
  'benchmarks (12 blocks, 0.15 + 0.5 s, pinned if quiet)': segments,
  'the same, pinned': { ...segments, pin: true },
  'the same, unpinned': { ...segments, pin: false },
  'short segments (12 blocks, 0 + 0.15 s, pinned if quiet)': {
    ...segments,
    warmupSeconds: 0,
    segmentSeconds: 0.15,
  },
  'long segments (6 blocks, 0.2 + 1 s, pinned if quiet)': {
    ...segments,
    blocks: 6,
    warmupSeconds: 0.2,
    segmentSeconds: 1,
  },
  'among the other variants (as many blocks as processes, twice)': {
    ...segments,
    company: others,
    blocks: 2 * (others.length + 2),
    blocksPerProcess: 2,
    processWarmupSeconds: 1.5,
  },
};

console.log(machineLine());
const rows: Record<string, string>[] = [];
for (let pass = 1; pass <= Number(passes); pass++) {
  for (const [name, options] of Object.entries(SETTINGS)) {
    const started = Date.now();
    const labels = [...(options.company ?? []), variant, secondProcess(variant)];
    const result = await httpRounds(labels, options);
    const ratios = cpuRatios(result, secondProcess(variant), variant);
    const s = summarizeRatios(ratios);
    rows.push({
      pass: String(pass),
      settings: name,
      'A/A CPU ratio [95% CI]': `${s.median.toFixed(3)} [${s.interval[0].toFixed(3)}–${s.interval[1].toFixed(3)}]`,
      'CI width': s.interval[1] - s.interval[0] < 0 ? '—' : (s.interval[1] - s.interval[0]).toFixed(3),
      IQR: `${s.q1.toFixed(3)}–${s.q3.toFixed(3)}`,
      'per-block range': range(ratios, (x) => x.toFixed(2)),
      kept: `${s.kept}/${s.total}`,
      load: range(result.loads, (x) => x.toFixed(1)),
      seed: String(result.seed),
      seconds: ((Date.now() - started) / 1000).toFixed(0),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
printTable(`A/A: ${variant} vs ${secondProcess(variant)}, server CPU per request`, rows);
