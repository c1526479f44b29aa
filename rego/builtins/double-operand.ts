/**
 * A double operand as OPA reads it: OPA parses the number's shortest text at 64 bits, which is
 * the double itself when that text denotes it exactly (`0.5`, `2.25`, safe integers) and
 * otherwise a 64-bit value a little beside it (`0.1`). {@link readingOffset} gives that value as
 * `x + offset` with `offset` an exact double, so the double fast path can compute with it.
 */
import { toBigFloat } from './opa-number.ts';

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

/** Offsets of operands met lately (policies compute with the same few constants and inputs). */
const offsets = new Map<number, number | undefined>();
const OFFSETS_LIMIT = 4096;

/** `x64 − x` for OPA's 64-bit reading `x64` of `x`, when it is a double (always, in range). */
function offsetOf(x: number): number | undefined {
  if (readsExactly(x)) return 0;
  const magnitude = Math.abs(x);
  if (!(magnitude < MAX_RESULT) || magnitude < MIN_MAGNITUDE) return undefined;
  const reading = toBigFloat(x);
  // x is an integer multiple of the reading's last bit, unless the reading crossed a power of two.
  const scaled = magnitude * 2 ** -reading.exp;
  if (!Number.isInteger(scaled)) return undefined;
  const difference = reading.mant - BigInt(scaled);
  if (difference > BigInt(MAX_RESULT) || -difference > BigInt(MAX_RESULT)) return undefined;
  const offset = Number(difference) * 2 ** reading.exp;
  return x < 0 ? -offset : offset;
}

/**
 * OPA's 64-bit reading of `x` as `x + offset`: the exact double `offset`, 0 when `x` reads
 * exactly, `undefined` outside the range the fast path covers.
 */
export function readingOffset(x: number): number | undefined {
  if (Number.isSafeInteger(x)) return 0;
  if (offsets.has(x)) return offsets.get(x);
  const offset = offsetOf(x);
  if (offsets.size >= OFFSETS_LIMIT) offsets.clear();
  offsets.set(x, offset);
  return offset;
}
