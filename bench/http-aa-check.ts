/**
 * `npx tsx bench/http-aa-check.ts [variant] [passes]`: the resolution of the HTTP benchmarks'
 * method on this machine now — A/A comparisons (one server variant, default `hono`, in two
 * processes, whose CPU ratio should be 1) run with the benchmarks' settings and with variations of
 * them (unpinned; fewer and longer windows; all at once instead of in turns), and among every
 * other server variant (eight servers, in turns and all at once), one after the other, repeated
 * `passes` times (default 1; about 15 minutes a pass), each printed with its median, 95% interval
 * and IQR, taken on whole blocks and on the median of each block's windows
 * (`http-comparison.ts`). The narrower the interval around 1, the smaller a difference the
 * benchmarks can tell.
 */

import { cpuRatios } from './http-comparison.ts';
import { type HttpRoundsOptions, httpRounds, secondProcess } from './http-rounds.ts';
import { BENCHMARK_ROUNDS, CALIBRATION_VARIANTS, isServerVariant, SERVER_VARIANTS } from './http-variants.ts';
import { printTable } from './measure.ts';
import { type RatioSummary, summarizeRatios } from './paired-ratios.ts';
import { machineLine, range } from './rounds.ts';

const [variant = 'hono', passes = '1'] = process.argv.slice(2);
if (!isServerVariant(variant)) {
  console.error(`unknown server variant "${variant}" (see bench/http-variants.ts)`);
  process.exit(2);
}
const others = Object.keys(SERVER_VARIANTS).filter(
  (name) => name !== variant && !CALIBRATION_VARIANTS.includes(name),
);
/** The benchmarks' settings, in the 12 blocks a pass of this check takes (the labels below say so). */
const windows: HttpRoundsOptions = { ...BENCHMARK_ROUNDS, blocks: 12 };
/** Each setting, and the other server variants loaded in the same windows (none by default). */
const SETTINGS: Record<string, HttpRoundsOptions & { company?: readonly string[] }> = {
  'two servers in turns (12 blocks × 6 windows of 0.1 + 0.5 s, pinned)': { ...windows, together: false },
  'the same, unpinned': { ...windows, together: false, pin: false },
  'fewer, longer windows (12 blocks × 3 windows of 0.2 + 1 s, pinned)': {
    ...windows,
    together: false,
    windows: 3,
    warmupSeconds: 0.2,
    windowSeconds: 1,
  },
  'two servers all at once (12 blocks × 6 windows, pinned)': { ...windows, together: true },
  'among the other variants, in turns': { ...windows, together: false, company: others },
  'among the other variants, all at once': { ...windows, together: true, company: others },
};

const withInterval = (s: RatioSummary) =>
  `${s.median.toFixed(3)} [${s.interval[0].toFixed(3)}–${s.interval[1].toFixed(3)}]`;

console.log(machineLine());
const rows: Record<string, string>[] = [];
for (let pass = 1; pass <= Number(passes); pass++) {
  for (const [name, options] of Object.entries(SETTINGS)) {
    const started = Date.now();
    const labels = [...(options.company ?? []), variant, secondProcess(variant)];
    const result = await httpRounds(labels, options);
    const ratios = cpuRatios(result, secondProcess(variant), variant);
    const s = summarizeRatios(ratios);
    const medians = summarizeRatios(cpuRatios(result, secondProcess(variant), variant, true));
    rows.push({
      pass: String(pass),
      settings: name,
      'A/A CPU ratio [95% CI]': withInterval(s),
      'CI width': (s.interval[1] - s.interval[0]).toFixed(3),
      IQR: `${s.q1.toFixed(3)}–${s.q3.toFixed(3)}`,
      'per-block range': range(ratios, (x) => x.toFixed(2)),
      kept: `${s.kept}/${s.total}`,
      'window medians [95% CI]': withInterval(medians),
      'window medians CI width': (medians.interval[1] - medians.interval[0]).toFixed(3),
      load: range(result.loads, (x) => x.toFixed(1)),
      seed: String(result.seed),
      seconds: ((Date.now() - started) / 1000).toFixed(0),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
printTable(`A/A: ${variant} vs ${secondProcess(variant)}, server CPU per request`, rows);
