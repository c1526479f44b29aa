/**
 * The order in which the HTTP benchmarks (`http-rounds.ts`) start each fresh set of server
 * processes: a process's place in the start-up sequence may bring something of its own (where its
 * memory lands, what the one started just before leaves behind), and with the processes started in
 * the variants' order that fell on the same variant in every run. So the order is drawn at random
 * for each set, from a seed that is new for each run.
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
 * The order in which the `count` server processes of the process set `set` start, drawn from
 * `seed`: no variant is always the one started last.
 *
 * @example
 * startOrder(5, 0, 42); // a permutation of 0 … 4, the same for the same set and seed
 */
export function startOrder(count: number, set: number, seed: number): number[] {
  return shuffled(count, seededRandom((seed ^ Math.imul(set + 1, 0x85ebca6b)) >>> 0));
}
