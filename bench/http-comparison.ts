/**
 * The printed figures of the HTTP benchmarks (`http-rounds.ts`): per variant, its throughput and
 * server CPU per request over the blocks; per comparison, one ratio per block summarized
 * (`paired-ratios.ts`: outliers trimmed by Tukey's fences, the median, the quartiles, a 95%
 * bootstrap interval of the median) with the verdict on a target taken on the CPU ratio; and the
 * A/A line, the same comparison between two processes of one variant.
 *
 * A block's ratio is the baseline's CPU per request over the variant's, both over the block's
 * windows together: in each window the variant and the baseline were loaded within seconds of
 * each other on one processor (or at the same time: `together`), so that a slow drift of the
 * machine weighed on both. Beside it, the median of the block's per-window ratios, which leaves
 * out a window that one server's own hiccup (a major garbage collection, a compilation) or a
 * swing of the machine spoiled — and so would flatter a variant whose hiccups are its own cost:
 * the verdict is taken on whole blocks.
 */
import { pinningLine } from './cpu-pinning.ts';
import type { BlockSample, HttpRoundsResult, WindowSample } from './http-rounds.ts';
import { quantile, type RatioSummary, summarizeRatios, verdict } from './paired-ratios.ts';
import { range } from './rounds.ts';

const cpuMicros = (s: WindowSample) => s.serverCpuNs / 1000 / s.requests;
const perSecond = (s: WindowSample) => s.requests / s.seconds;
const sorted = (xs: readonly number[]) => [...xs].sort((x, y) => x - y);
const med = (xs: readonly number[]) => quantile(sorted(xs), 0.5);

function samplesOf(result: HttpRoundsResult, label: string): readonly BlockSample[] {
  const samples = result.samples.get(label);
  if (!samples) throw new Error(`no samples for "${label}"`);
  return samples;
}

/** `0.925 [0.910–0.940]`: the median and its 95% interval. */
function withInterval(summary: RatioSummary): string {
  const [low, high] = summary.interval;
  return `${summary.median.toFixed(3)} [${low.toFixed(3)}–${high.toFixed(3)}]`;
}

/**
 * The per-block CPU ratios of `variant` against `baseline` — the baseline's CPU per request over
 * the variant's, over the block's windows together (`windowMedians`: the median of the block's
 * per-window ratios).
 */
export function cpuRatios(
  result: HttpRoundsResult,
  variant: string,
  baseline: string,
  windowMedians = false,
): number[] {
  const b = samplesOf(result, baseline);
  return samplesOf(result, variant).map((a, i) => {
    const base = b[i]!;
    if (!windowMedians) return cpuMicros(base) / cpuMicros(a);
    return med(a.windows.map((w, j) => cpuMicros(base.windows[j]!) / cpuMicros(w)));
  });
}

/**
 * One printed row: `variant` against `baseline`, summaries of their per-block ratios; the target's
 * verdict on the CPU ratio's interval ("too close to call" when it holds the target).
 */
export function comparisonRow(
  result: HttpRoundsResult,
  variant: string,
  baseline: string,
  target?: number,
): Record<string, string> {
  const a = samplesOf(result, variant);
  const b = samplesOf(result, baseline);
  const cpu = summarizeRatios(cpuRatios(result, variant, baseline));
  const medians = summarizeRatios(cpuRatios(result, variant, baseline, true));
  const throughput = summarizeRatios(a.map((x, i) => perSecond(x) / perSecond(b[i]!)));
  const added = sorted(a.map((x, i) => cpuMicros(x) - cpuMicros(b[i]!)));
  return {
    comparison: `${variant} vs ${baseline}`,
    'server CPU/request': `${med(a.map(cpuMicros)).toFixed(1)} / ${med(b.map(cpuMicros)).toFixed(1)} µs`,
    'CPU ratio [95% CI]': withInterval(cpu),
    'CPU ratio IQR': `${cpu.q1.toFixed(3)}–${cpu.q3.toFixed(3)}`,
    kept: `${cpu.kept}/${cpu.total}`,
    target: target === undefined ? '—' : `≥ ${target}: ${verdict(cpu, target)}`,
    'window medians: CPU ratio [95% CI]': withInterval(medians),
    'throughput ratio [95% CI]': withInterval(throughput),
    'added CPU/request (IQR)': `${quantile(added, 0.5).toFixed(2)} µs (${quantile(added, 0.25).toFixed(2)}–${quantile(added, 0.75).toFixed(2)})`,
  };
}

/** One printed row per variant: its throughput and server CPU per request, medians and ranges over the blocks. */
export function variantRow(result: HttpRoundsResult, variant: string): Record<string, string> {
  const samples = samplesOf(result, variant);
  const rates = samples.map(perSecond);
  const cpu = samples.map(cpuMicros);
  return {
    variant,
    'req/s': `${Math.round(med(rates))} (${range(rates, (x) => String(Math.round(x)))})`,
    'server CPU/request': `${med(cpu).toFixed(1)} µs (${range(cpu, (x) => x.toFixed(1))})`,
    'requests per block': `${Math.round(med(samples.map((s) => s.requests)))}`,
  };
}

/**
 * How far apart two processes of the same server may come out in one run, whatever the run's
 * interval: where each process's memory landed, what its JIT decided (A/A checks on a 2-core
 * machine: 0.992 [0.989–0.995], 1.009 [1.003–1.024]).
 */
export const PROCESS_SPREAD = 0.01;

/**
 * The A/A line: two processes of the same variant, whose CPU ratio should be 1 — its interval,
 * widened by {@link PROCESS_SPREAD}, is the resolution of this run; a run whose A/A interval lies
 * farther from 1 than that is biased (say so).
 */
export function aaLine(result: HttpRoundsResult, second: string, first: string): string {
  const summary = summarizeRatios(cpuRatios(result, second, first));
  const [low, high] = summary.interval;
  const spread = Math.max(high - 1, 1 - low, PROCESS_SPREAD);
  const head = `A/A check (${second} vs ${first}): CPU ratio ${withInterval(summary)}, IQR ${summary.q1.toFixed(3)}–${summary.q3.toFixed(3)}`;
  if (low <= 1 + PROCESS_SPREAD && high >= 1 - PROCESS_SPREAD) {
    const within =
      low <= 1 && high >= 1 ? '1 within the interval' : `1 within ${PROCESS_SPREAD * 100} % of it`;
    return `${head} — as it should be, ${within}; this run does not resolve differences under ±${(spread * 100).toFixed(1)} %.`;
  }
  return `${head} — 1 is OUTSIDE the interval: this run is biased between processes; do not trust its verdicts, repeat it on a quieter machine.`;
}

/** One paragraph on the method of the run (blocks, segment durations, trimming, pinning, load). */
export function methodLines(result: HttpRoundsResult): string {
  const o = result.options;
  const loads = range(result.loads, (x) => x.toFixed(1));
  return [
    `Method: ${o.blocks} blocks, each a fresh set of server processes started in a random order (seed ${result.seed}; HTTP_BENCH_SEED repeats it),`,
    `warmed up ${o.processWarmupSeconds} s, then ${o.windows} windows of ${o.warmupSeconds} s of warm-up and ${o.windowSeconds} s measured; in each window every server is loaded`,
    `${o.together ? 'at once' : 'in turns, alone'} (taken in a new order each window), on ${o.connections} keep-alive connections of its own, one request in flight on each. A block's ratio is the baseline's CPU per request`,
    'over the variant\'s, over the same windows ("window medians": the median of the block\'s per-window ratios);',
    'ratios outside Tukey\'s fences (1.5 × IQR, on their logarithms) are dropped ("kept" counts the rest),',
    'and the median of the rest is printed with its 95% bootstrap interval (2,000 resamples, fixed seed). A target is "met" when',
    'the whole interval is at or above it, "MISSED" when it is wholly below, "too close to call" otherwise. Server CPU is each',
    "server process's own (all its threads), read from the scheduler over the measured window only.",
    pinningLine(result.pinning),
    `Load average (1 min) at each block: ${loads} — it counts this run's own servers and load generator; the ratios come from the same windows.`,
  ].join('\n');
}
