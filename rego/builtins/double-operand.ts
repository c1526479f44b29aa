/**
 * A double operand as OPA reads it: OPA parses the number's shortest text at 64 bits, which is
 * the double itself when that text denotes it exactly (`0.5`, `2.25`, safe integers) and
 * otherwise a 64-bit value a little beside it (`0.1`). {@link readingOffset} gives that value as
 * `x + offset` with `offset` an exact double, so the double fast path can compute with it.
 */
import { MAX_RESULT, MIN_MAGNITUDE, readsExactly } from './exact-double.ts';
import { toBigFloat } from './opa-number.ts';

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
