/**
 * Doubles whose shortest text OPA reads back exactly, and the range in which the double fast path
 * computes: a safe integer, or a fraction `m / 2^k` whose exact decimal has at most 15 significant
 * digits (`0.5`, `2.25`), well inside the normal range.
 */

/** Doubles well inside the normal range, where Dekker's product and the error terms are exact. */
export const MIN_MAGNITUDE = 2 ** -900;
/** Integral results from here on are exact integers in the engine, not doubles. */
export const MAX_RESULT = 2 ** 53;
/** Decimal texts of at most 15 significant digits always read back as the double they denote. */
const EXACT_DIGITS_LIMIT = 1e15;
const MAX_FRACTION_BITS = 22;

/**
 * Whether the shortest text of `x` (what OPA reads) denotes `x` exactly: a safe integer, or a
 * fraction `m / 2^k` whose exact decimal has at most 15 significant digits (`0.5`, `2.25`).
 */
export function readsExactly(x: number): boolean {
  if (Number.isSafeInteger(x)) return true;
  let m = Math.abs(x);
  if (!(m < MAX_RESULT) || m < MIN_MAGNITUDE) return false;
  let k = 0;
  // Doubling is exact; after k doublings m is an integer iff x has k fraction bits.
  while (!Number.isInteger(m)) {
    if (++k > MAX_FRACTION_BITS) return false;
    m *= 2;
  }
  // The exact decimal of m / 2^k is m × 5^k / 10^k: its digits are those of m × 5^k.
  return m * 5 ** k < EXACT_DIGITS_LIMIT;
}
