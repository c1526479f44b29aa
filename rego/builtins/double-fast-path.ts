/**
 * Plain double arithmetic where it provably gives what OPA's 64-bit `big.Float` gives, so that
 * the common cases (`count / total`, `x * 0.5`, `price + 2.25`) skip the `bigint` emulation of
 * `go-big-float.ts`.
 *
 * OPA reads each operand from its decimal text, computes the exact result rounded to 64 bits
 * (`q64`), and the engine reads that result back as the nearest double. When both operands are
 * doubles whose shortest text denotes them exactly, the exact result `q` is what the double
 * operation rounds (`r`); the error `q − r` is computed exactly (TwoSum, Dekker's product, the
 * division's remainder). If no midpoint between doubles lies within half a 64-bit ulp (2⁻¹² of
 * `r`'s ulp) of `q`, rounding to 64 bits first and then to the nearest double lands on `r` too,
 * as does the engine's reading of OPA's text of that 64-bit result. Anything else — inexact operands,
 * results near a midpoint, subnormals, huge or integral results beyond 2⁵³ — answers `undefined`
 * and takes the exact path. `double-fast-path.test.ts` checks every answer against that path.
 */

/** Doubles well inside the normal range, where Dekker's product and the error terms are exact. */
const MIN_MAGNITUDE = 2 ** -900;
const MAX_OPERAND = 2 ** 900;
const MAX_RESULT = 2 ** 53;
const SPLITTER = 2 ** 27 + 1;
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

const bits = new DataView(new ArrayBuffer(8));

/**
 * How far the exact result may lie from `r` (normal) and still round through 64 bits to `r`: the
 * nearest midpoint between doubles (half an ulp away, a quarter below a power of two) less half
 * a 64-bit ulp (2⁻¹² ulp), with a margin (2⁻¹⁰ ulp) for the rounding of the test itself.
 */
function tolerance(r: number): number {
  bits.setFloat64(0, r);
  const high = bits.getUint32(0);
  const powerOfTwo = (high & 0xfffff) === 0 && bits.getUint32(4) === 0;
  const exponent = (high >>> 20) & 0x7ff;
  bits.setUint32(0, (exponent - 52) << 20);
  bits.setUint32(4, 0);
  const ulp = bits.getFloat64(0);
  return (powerOfTwo ? ulp / 4 : ulp / 2) - ulp / 1024;
}

/** `r` when the exact result `r + error` rounds through 64 bits to `r`, else `undefined`. */
function settled(r: number, error: number): number | undefined {
  if (r === 0) return error === 0 ? 0 : undefined;
  const magnitude = Math.abs(r);
  if (magnitude < MIN_MAGNITUDE || magnitude >= MAX_RESULT) return undefined;
  return Math.abs(error) < tolerance(r) ? r : undefined;
}

function usable(a: number, b: number): boolean {
  return Math.abs(a) < MAX_OPERAND && Math.abs(b) < MAX_OPERAND && readsExactly(a) && readsExactly(b);
}

/** `a + b` as OPA computes it, or `undefined` when only the exact path can tell. */
export function fastSum(a: number, b: number): number | undefined {
  if (!usable(a, b)) return undefined;
  const r = a + b;
  // Knuth's TwoSum: the exact rounding error of a + b.
  const bv = r - a;
  const error = a - (r - bv) + (b - bv);
  return settled(r, error);
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
  if (!usable(a, b)) return undefined;
  const r = a * b;
  if (r !== 0 && Math.abs(r) < MIN_MAGNITUDE) return undefined;
  return settled(r, r === 0 ? 0 : productError(a, b, r));
}

/** `a / b` (b ≠ 0) as OPA computes it, or `undefined`. */
export function fastQuotient(a: number, b: number): number | undefined {
  if (!usable(a, b) || b === 0) return undefined;
  const r = a / b;
  if (r === 0) return a === 0 ? 0 : undefined;
  if (Math.abs(r) < MIN_MAGNITUDE || Math.abs(r) >= MAX_RESULT) return undefined;
  // The remainder a − r·b is a double and comes out exactly: r·b = p + e exactly, a − p is exact
  // (Sterbenz), and so is the difference of the two, being representable.
  const p = r * b;
  const remainder = a - p - productError(r, b, p);
  // q − r = remainder / b.
  return Math.abs(remainder) < Math.abs(b) * tolerance(r) ? r : undefined;
}
