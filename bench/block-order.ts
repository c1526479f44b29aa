/**
 * The order in which the side-by-side HTTP benchmarks (`http-rounds.ts`) run their variants: in a
 * block, and when a fresh set of server processes starts. Whatever one segment leaves behind for
 * the next (caches and branch predictors warmed by another server, the idle work of the process
 * that ran just before) and whatever a process's place in the start-up sequence brings must not
 * fall on one variant more than on another: a fixed or merely shuffled order with fixed seeds gave
 * the same variant the same neighbours run after run, and an A/A pair came out 0.75–0.89 instead
 * of 1. Here every variant follows every other one equally often (a Williams design, relabelled
 * at random for each cycle of blocks), and the processes start in a random order.
 */
import { seededRandom } from './paired-ratios.ts';

/** A permutation of `0 … count − 1` drawn with `random` (Fisher–Yates). */
export function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Row `row` of the Williams square of `count` variants: the first row is `0, 1, n−1, 2, n−2, …`
 * and each next row adds 1 to every entry (mod n). Its rows and their mirrors together make every
 * variant follow every other one exactly twice, for an even count as for an odd one.
 */
export function williamsRow(count: number, row: number): number[] {
  const first = [0];
  for (let k = 1; first.length < count; k++) {
    first.push(k);
    if (first.length < count) first.push(count - k);
  }
  return first.map((variant) => (variant + row) % count);
}

/**
 * The order of block `block` of `count` variants: a row of the Williams square, then the same row
 * reversed — `BDAC CADB`. Every variant runs twice and has the same mean position in the block,
 * so a change of the machine's speed that is linear over the block cancels out of the ratio of any
 * two variants' sums. Blocks come in cycles of `count`: a cycle uses every row once, in an order
 * and under a relabelling of the variants drawn from `seed` and the cycle, so that in a whole
 * cycle every variant follows every other one exactly twice (give the benchmark a multiple of
 * `count` blocks to keep that balance whole).
 *
 * @example
 * blockOrder(3, 0, 42); // a row of the 3 × 3 Williams square, relabelled, then its mirror
 */
export function blockOrder(count: number, block: number, seed: number): number[] {
  const cycle = Math.floor(block / count);
  const random = seededRandom((seed ^ Math.imul(cycle + 1, 0x9e3779b9)) >>> 0);
  const labels = shuffled(count, random);
  const rows = shuffled(count, random);
  const row = williamsRow(count, rows[block % count]!).map((variant) => labels[variant]!);
  return [...row, ...[...row].reverse()];
}

/**
 * The order in which the `count` server processes of the process set `set` start and warm up,
 * drawn from `seed`: no variant is always the one started last.
 */
export function startOrder(count: number, set: number, seed: number): number[] {
  return shuffled(count, seededRandom((seed ^ Math.imul(set + 1, 0x85ebca6b)) >>> 0));
}
