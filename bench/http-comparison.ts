/**
 * The printed figures of the side-by-side HTTP benchmarks (`http-rounds.ts`): per variant, its
 * throughput and server CPU per request over the blocks; per comparison, the per-block ratios
 * summarized (`paired-ratios.ts`: outliers trimmed by Tukey's fences, the median, the quartiles,
 * a 95% bootstrap interval of the median) with the verdict on a target taken on the CPU ratio;
 * and the A/A line, the same comparison between two processes of one variant.
 *
 * A variant's CPU per request in a block is that of its **least disturbed segment**, the lowest of
 * its segments': whatever else runs on the machine (another process on the same core or its
 * sibling, the hypervisor's work) only ever adds CPU time to a window, in bursts that may fall on
 * one segment and not on its neighbours, so the lowest of a few windows is the closest to the
 * server's own cost — the same estimator for every variant. The whole blocks' ratios (every
 * segment summed) are printed beside it.
 */
import { pinningLine } from './cpu-pinning.ts';
import type { BlockSample, HttpRoundsResult, SegmentSample } from './http-rounds.ts';
import { quantile, type RatioSummary, summarizeRatios, verdict } from './paired-ratios.ts';
import { range } from './rounds.ts';

const cpuMicros = (s: SegmentSample) => s.serverCpuNs / 1000 / s.requests;
const perSecond = (s: SegmentSample) => s.requests / s.seconds;
/** The CPU per request of a block's least disturbed segment (see the module's comment). */
const leastDisturbedMicros = (s: BlockSample) => Math.min(...s.segments.map(cpuMicros));
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
 * The per-block CPU ratios of `variant` against `baseline`: the baseline's CPU per request over the
 * variant's, each that of its least disturbed segment in the block (`wholeBlocks`: every segment
 * of the block summed).
 */
export function cpuRatios(
  result: HttpRoundsResult,
  variant: string,
  baseline: string,
  wholeBlocks = false,
): number[] {
  const figure = wholeBlocks ? cpuMicros : leastDisturbedMicros;
  const b = samplesOf(result, baseline);
  return samplesOf(result, variant).map((a, i) => figure(b[i]!) / figure(a));
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
  const whole = summarizeRatios(cpuRatios(result, variant, baseline, true));
  const throughput = summarizeRatios(a.map((x, i) => perSecond(x) / perSecond(b[i]!)));
  const added = sorted(a.map((x, i) => leastDisturbedMicros(x) - leastDisturbedMicros(b[i]!)));
  return {
    comparison: `${variant} vs ${baseline}`,
    'server CPU/request': `${med(a.map(leastDisturbedMicros)).toFixed(1)} / ${med(b.map(leastDisturbedMicros)).toFixed(1)} µs`,
    'CPU ratio [95% CI]': withInterval(cpu),
    'CPU ratio IQR': `${cpu.q1.toFixed(3)}–${cpu.q3.toFixed(3)}`,
    kept: `${cpu.kept}/${cpu.total}`,
    target: target === undefined ? '—' : `≥ ${target}: ${verdict(cpu, target)}`,
    'whole blocks: CPU ratio [95% CI]': withInterval(whole),
    'throughput ratio [95% CI]': withInterval(throughput),
    'added CPU/request (IQR)': `${quantile(added, 0.5).toFixed(2)} µs (${quantile(added, 0.25).toFixed(2)}–${quantile(added, 0.75).toFixed(2)})`,
  };
}

/** One printed row per variant: its throughput and server CPU per request, medians and ranges over the blocks. */
export function variantRow(result: HttpRoundsResult, variant: string): Record<string, string> {
  const samples = samplesOf(result, variant);
  const rates = samples.map(perSecond);
  const cpu = samples.map(cpuMicros);
  const least = samples.map(leastDisturbedMicros);
  return {
    variant,
    'req/s': `${Math.round(med(rates))} (${range(rates, (x) => String(Math.round(x)))})`,
    'server CPU/request, least disturbed segment': `${med(least).toFixed(1)} µs (${range(least, (x) => x.toFixed(1))})`,
    'server CPU/request, whole blocks': `${med(cpu).toFixed(1)} µs (${range(cpu, (x) => x.toFixed(1))})`,
    'requests per block': `${Math.round(med(samples.map((s) => s.requests)))}`,
  };
}

/**
 * The A/A line: two processes of the same variant, whose CPU ratio should be 1 — its interval is
 * the resolution of this run, and a run whose A/A interval leaves out 1 is biased (say so).
 */
export function aaLine(result: HttpRoundsResult, second: string, first: string): string {
  const summary = summarizeRatios(cpuRatios(result, second, first));
  const [low, high] = summary.interval;
  const spread = Math.max(high - 1, 1 - low);
  const head = `A/A check (${second} vs ${first}): CPU ratio ${withInterval(summary)}, IQR ${summary.q1.toFixed(3)}–${summary.q3.toFixed(3)}`;
  return low <= 1 && high >= 1
    ? `${head} — as it should be, 1 within the interval; this run does not resolve differences under ±${(spread * 100).toFixed(1)} %.`
    : `${head} — 1 is OUTSIDE the interval: this run is biased between processes; do not trust its verdicts, repeat it on a quieter machine.`;
}

/** One paragraph on the method of the run (blocks, segment durations, trimming, pinning, load). */
export function methodLines(result: HttpRoundsResult): string {
  const o = result.options;
  const passes = o.passes ?? 1;
  const loads = range(result.loads, (x) => x.toFixed(1));
  return [
    `Method: ${o.blocks} blocks; each block runs every variant in an order then its mirror (BCA ACB; over every ${result.samples.size} blocks`,
    `each variant follows each other one twice), ${passes === 1 ? 'once' : `${passes} times over`}, the server processes started in a random order; seed ${result.seed} (HTTP_BENCH_SEED repeats it);`,
    `each run ${o.warmupSeconds} s of warm-up then ${o.segmentSeconds} s measured, after ${o.processWarmupSeconds} s of warm-up per server process;`,
    `${o.connections} keep-alive connections, one request in flight on each. A ratio is taken per block, between the variant's and the baseline's`,
    `least disturbed segments (the lowest CPU per request of each one's ${2 * passes} runs in the block; "whole blocks": all of them summed);`,
    'ratios outside Tukey\'s fences (1.5 × IQR, on their logarithms) are dropped ("kept" counts the rest),',
    'and the median of the rest is printed with its 95% bootstrap interval (2,000 resamples, fixed seed). A target is "met" when',
    'the whole interval is at or above it, "MISSED" when it is wholly below, "too close to call" otherwise. Server CPU is each',
    "server process's own (all its threads), read from the scheduler over the measured window only.",
    pinningLine(result.pinning),
    `Load average (1 min) at each block: ${loads} — other processes share the machine; the ratios come from the same blocks.`,
  ].join('\n');
}
