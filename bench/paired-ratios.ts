/**
 * The statistics of the side-by-side HTTP benchmarks, pure functions only: the declared trimming
 * of outlying ratios (Tukey's fences on their logarithms), and a summary of per-block ratios — the median, the
 * quartiles and a 95% bootstrap interval of the median, drawn with a seeded generator so that the
 * same samples always print the same interval.
 */

/** The `p`-quantile (0–1) of `sorted` (ascending), interpolated between neighbours (R's type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const below = Math.floor(at);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (upper - lower) * (at - below);
}

const ascending = (xs: readonly number[]) => [...xs].sort((x, y) => x - y);

/**
 * The ratios kept and dropped by Tukey's fences on their logarithms (outside the quartiles by more
 * than 1.5 × the interquartile range): a ratio of 2 and one of 0.5 are equally far from 1. Fewer
 * than four ratios are all kept (no quartiles to speak of).
 */
export function trimOutliers(ratios: readonly number[]): { kept: number[]; dropped: number[] } {
  if (ratios.length < 4) return { kept: [...ratios], dropped: [] };
  const logs = ascending(ratios.map(Math.log));
  const q1 = quantile(logs, 0.25);
  const q3 = quantile(logs, 0.75);
  const low = q1 - 1.5 * (q3 - q1);
  const high = q3 + 1.5 * (q3 - q1);
  const inside = (x: number) => Math.log(x) >= low && Math.log(x) <= high;
  return { kept: ratios.filter(inside), dropped: ratios.filter((x) => !inside(x)) };
}

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): the same seed, the same draws. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The percentile bootstrap interval of the median of `xs`: the `confidence` central part of the
 * medians of `resamples` resamples drawn with replacement by `random`.
 */
export function bootstrapMedianInterval(
  xs: readonly number[],
  random: () => number,
  resamples = 2_000,
  confidence = 0.95,
): [number, number] {
  if (xs.length === 0) return [Number.NaN, Number.NaN];
  const medians: number[] = [];
  const draw: number[] = new Array(xs.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < xs.length; i++) draw[i] = xs[Math.floor(random() * xs.length)]!;
    medians.push(quantile(ascending(draw), 0.5));
  }
  const sorted = ascending(medians);
  const tail = (1 - confidence) / 2;
  return [quantile(sorted, tail), quantile(sorted, 1 - tail)];
}

/** The summary of per-block ratios printed for one comparison. */
export interface RatioSummary {
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  /** The 95% bootstrap interval of the median. */
  readonly interval: readonly [number, number];
  /** How many ratios were kept by the trimming, out of how many. */
  readonly kept: number;
  readonly total: number;
}

/**
 * Summarizes per-block ratios: outliers trimmed ({@link trimOutliers}), then the median, quartiles
 * and the 95% bootstrap interval of the median of what is kept (seed 1).
 *
 * @example
 * summarizeRatios([0.98, 1.01, 1.0, 0.99, 1.02, 3.5]); // median 1.00, the 3.5 dropped
 */
export function summarizeRatios(ratios: readonly number[]): RatioSummary {
  const { kept } = trimOutliers(ratios);
  const sorted = ascending(kept);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    interval: bootstrapMedianInterval(sorted, seededRandom(1)),
    kept: kept.length,
    total: ratios.length,
  };
}

/**
 * The verdict on a target ratio ("at least `target`"): met when the whole interval is at or above
 * it, missed when the whole interval is below it, and too close to call when the interval holds it
 * (the run cannot tell; repeat it on a quieter machine).
 */
export function verdict(summary: RatioSummary, target: number): 'met' | 'MISSED' | 'too close to call' {
  const [low, high] = summary.interval;
  if (low >= target) return 'met';
  if (high < target) return 'MISSED';
  return 'too close to call';
}
