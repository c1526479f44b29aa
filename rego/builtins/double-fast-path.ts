/**
 * Plain double arithmetic where it provably gives what OPA's 64-bit `big.Float` gives, so that
 * the common cases (`count / total`, `x * 0.5`, `price + 2.25`) skip the `bigint` emulation of
 * `go-big-float.ts`.
 *
 * OPA reads each operand from its decimal text at 64 bits (`double-operand.ts`: the double
 * plus an exact offset, zero when the text denotes the double), computes the exact result `q`
 * rounded to 64 bits, and the engine reads that back as the nearest double. The error `q − r` of
 * the double operation `r` is computed exactly or to within 2⁻⁴⁸ of `r`'s ulp (TwoSum, Dekker's
 * product, the division's remainder, plus the offsets' terms). If no midpoint between doubles
 * lies within half a 64-bit ulp (2⁻¹² of `r`'s ulp) of `q`, rounding to 64 bits and then to the
 * nearest double gives the double nearest `q`: `r` or its neighbour on the error's side. Anything
 * else — results near a midpoint, subnormals, huge operands, integral results beyond 2⁵³ —
 * answers `undefined` and takes the exact path. `double-fast-path.test.ts` checks every answer
 * against that path.
 */

import { readingOffset } from './double-operand.ts';
import { MAX_RESULT, MIN_MAGNITUDE } from './exact-double.ts';

const MAX_OPERAND = 2 ** 900;
const SPLITTER = 2 ** 27 + 1;

const bits = new DataView(new ArrayBuffer(8));

/** The spacing of doubles above `|r|` (r normal). */
function ulpOf(r: number): number {
  bits.setFloat64(0, r);
  const exponent = (bits.getUint32(0) >>> 20) & 0x7ff;
  bits.setUint32(0, (exponent - 52) << 20);
  bits.setUint32(4, 0);
  return bits.getFloat64(0);
}

function isPowerOfTwo(r: number): boolean {
  bits.setFloat64(0, r);
  return (bits.getUint32(0) & 0xfffff) === 0 && bits.getUint32(4) === 0;
}

/**
 * How far the exact result may lie from `r` (normal) and still round through 64 bits to `r`: the
 * nearest midpoint between doubles (half an ulp away, a quarter below a power of two) less half
 * a 64-bit ulp (2⁻¹² ulp), with a margin (2⁻¹⁰ ulp) for the rounding of the error terms.
 */
function tolerance(r: number): number {
  const ulp = ulpOf(r);
  return (isPowerOfTwo(r) ? ulp / 4 : ulp / 2) - ulp / 1024;
}

function inRange(r: number): boolean {
  const magnitude = Math.abs(r);
  return magnitude >= MIN_MAGNITUDE && magnitude < MAX_RESULT;
}

let exact = false;

/**
 * Whether OPA's 64-bit result of the last operation the fast path answered is the double it
 * answered (so its text is the double's, when short): the exact result lies within half a 64-bit
 * ulp (2⁻¹² ulp) of it, with a margin for the rounding of the error terms.
 */
export function lastResultExact(): boolean {
  return exact;
}

/**
 * The double the exact result `r + error` rounds to through 64 bits: `r` or its neighbour on the
 * error's side, when no midpoint is near; else `undefined`. `error` is known to within 2⁻⁴⁸ ulp.
 */
function settled(r: number, error: number): number | undefined {
  exact = r === 0 && error === 0;
  if (r === 0) return error === 0 ? 0 : undefined;
  if (!inRange(r)) return undefined;
  const ulp = ulpOf(r);
  const size = Math.abs(error);
  if (size < tolerance(r)) {
    // Below a power of two the 64-bit grid is twice as fine.
    exact = size < (isPowerOfTwo(r) ? ulp / 8192 : ulp / 4096) - ulp / 2 ** 40;
    return r;
  }
  if (size >= 2 * ulp) return undefined;
  // One step toward the exact result: away from zero by an ulp, toward it by less below 2^k.
  const away = error > 0 === r > 0;
  const step = away || !isPowerOfTwo(r) ? ulp : ulp / 2;
  const next = error > 0 ? r + step : r - step;
  const rest = error - (next - r);
  return inRange(next) && Math.abs(rest) < tolerance(next) ? next : undefined;
}

/** OPA's reading offset of an operand in the fast path's range (`undefined` outside it). */
function offsetOf(x: number): number | undefined {
  return Math.abs(x) < MAX_OPERAND ? readingOffset(x) : undefined;
}

/** Whether the terms of an error are small enough beside `r`'s ulp for their sum to be near exact. */
function bounded(r: number, magnitude: number): boolean {
  return r !== 0 && magnitude < 4 * ulpOf(r);
}

/** `a + b` as OPA computes it, or `undefined` when only the exact path can tell. */
export function fastSum(a: number, b: number): number | undefined {
  const da = offsetOf(a);
  const db = offsetOf(b);
  if (da === undefined || db === undefined) return undefined;
  const r = a + b;
  // Knuth's TwoSum: the exact rounding error of a + b.
  const bv = r - a;
  const e = a - (r - bv) + (b - bv);
  if (da === 0 && db === 0) return settled(r, e);
  if (!bounded(r, Math.abs(e) + Math.abs(da) + Math.abs(db))) return undefined;
  return settled(r, e + (da + db));
}

/** The exact rounding error of `a × b` (Dekker), for operands and product in the normal range. */
function productError(a: number, b: number, r: number): number {
  const ca = SPLITTER * a;
  const ah = ca - (ca - a);
  const al = a - ah;
  const cb = SPLITTER * b;
  const bh = cb - (cb - b);
  const bl = b - bh;
  return ah * bh - r + ah * bl + al * bh + al * bl;
}

/** `a × b` as OPA computes it, or `undefined`. */
export function fastProduct(a: number, b: number): number | undefined {
  const da = offsetOf(a);
  const db = offsetOf(b);
  if (da === undefined || db === undefined) return undefined;
  const r = a * b;
  exact = r === 0;
  if (r === 0) return da === 0 && db === 0 ? 0 : undefined;
  if (!inRange(r)) return undefined;
  const e = productError(a, b, r);
  if (da === 0 && db === 0) return settled(r, e);
  // (a + da)(b + db) − r = e + a·db + b·da + da·db.
  const cross = a * db + b * da + da * db;
  if (!bounded(r, Math.abs(e) + Math.abs(a * db) + Math.abs(b * da))) return undefined;
  return settled(r, e + cross);
}

/** `a / b` (b ≠ 0) as OPA computes it, or `undefined`. */
export function fastQuotient(a: number, b: number): number | undefined {
  const da = offsetOf(a);
  const db = offsetOf(b);
  if (da === undefined || db === undefined || b === 0) return undefined;
  const r = a / b;
  exact = r === 0;
  if (r === 0) return a === 0 && da === 0 ? 0 : undefined;
  if (!inRange(r)) return undefined;
  // The remainder a − r·b is a double and comes out exactly: r·b = p + e exactly, a − p is exact
  // (Sterbenz), and so is the difference of the two, being representable.
  const p = r * b;
  const remainder = a - p - productError(r, b, p);
  // (a + da) / (b + db) − r = (remainder + da − r·db) / (b + db).
  const shifted = r * db;
  const numerator = remainder + (da - shifted);
  if (!bounded(r, (Math.abs(remainder) + Math.abs(da) + Math.abs(shifted)) / Math.abs(b))) return undefined;
  return settled(r, numerator / (b + db));
}
