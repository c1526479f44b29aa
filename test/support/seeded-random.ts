/**
 * A seeded pseudo-random sequence for property and fuzz tests, so that a failure reproduces from
 * its seed.
 */

/**
 * A deterministic pseudo-random generator (mulberry32): each call of the returned function gives
 * the next number in [0, 1).
 *
 * @example
 * const next = seededRandom(7);
 * const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
