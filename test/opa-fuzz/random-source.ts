/**
 * A seeded source of random choices (mulberry32), so that a fuzz batch is reproduced exactly by
 * its seed.
 */

/** Random choices drawn from one seed. */
export interface RandomSource {
  /** An integer in `[0, n)`. */
  below(n: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/**
 * Creates the random source of `seed`.
 * @example createRandomSource(42).below(10); // the same number on every run
 */
export function createRandomSource(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number): number => Math.floor(next() * n);
  return {
    below,
    pick: <T>(items: readonly T[]): T => items[below(items.length)] as T,
    chance: (p) => next() < p,
  };
}
