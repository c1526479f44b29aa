/**
 * Go's `big.Float` as OPA computes with it: a binary float with a mantissa of `prec` bits (64
 * unless said otherwise), an exponent without practical bounds, every operation rounded to the
 * nearest, ties to even. OPA's arithmetic built-ins read their operands with
 * `new(big.Float).SetString(text)` and write the result with `Text('g' | 'f', -1)`; this module
 * does the same, so `0.1 * 3` is `0.3`, `1e308 * 10` an exact 310-digit integer and `5e-324 / 2`
 * `2.5e-324`.
 */

/** A finite `big.Float`: `(-1)^neg × mant × 2^exp`, with `mant` of at most `prec` bits. */
export interface BigFloat {
  readonly neg: boolean;
  readonly mant: bigint;
  readonly exp: number;
  readonly prec: number;
}

/** The precision OPA's numbers get (`big.Float`'s default for `SetString`). */
export const OPA_PRECISION = 64;

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** `(-1)^neg × m × 2^e` (m ≥ 0, exact) rounded to `prec` bits, ties to even; `sticky` marks a nonzero tail below `m`. */
function rounded(neg: boolean, m: bigint, e: number, prec: number, sticky = false): BigFloat {
  const excess = bitLength(m) - prec;
  if (excess <= 0) return { neg, mant: m, exp: e, prec };
  const shift = BigInt(excess);
  let q = m >> shift;
  const rest = m & ((1n << shift) - 1n);
  const half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (sticky || (q & 1n) === 1n))) q += 1n;
  return { neg, mant: q, exp: e + excess, prec };
}

const POW5_EXACT = 27;

/** `5^n` as Go's `Float.pow5` builds it (exact to 5^27, then squarings rounded at `prec` + 64 bits). */
function pow5(n: number, prec: number): BigFloat {
  if (n <= POW5_EXACT) return { neg: false, mant: 5n ** BigInt(n), exp: 0, prec };
  let z: BigFloat = { neg: false, mant: 5n ** BigInt(POW5_EXACT), exp: 0, prec };
  let f: BigFloat = { neg: false, mant: 5n, exp: 0, prec: prec + 64 };
  for (let k = n - POW5_EXACT; k > 0; k >>= 1) {
    if (k & 1) z = multiply(z, f, prec);
    f = multiply(f, f, f.prec);
  }
  return z;
}

/** `a × b` rounded to `prec` bits (default: the larger precision, as Go's `Mul` into a new Float). */
export function multiply(a: BigFloat, b: BigFloat, prec = Math.max(a.prec, b.prec)): BigFloat {
  return rounded(a.neg !== b.neg, a.mant * b.mant, a.exp + b.exp, prec);
}

/** `a / b` rounded to `prec` bits; `b` must not be zero. */
export function quotient(a: BigFloat, b: BigFloat, prec = Math.max(a.prec, b.prec)): BigFloat {
  const neg = a.neg !== b.neg;
  if (a.mant === 0n) return { neg, mant: 0n, exp: 0, prec };
  const k = Math.max(0, prec + 2 + bitLength(b.mant) - bitLength(a.mant));
  const scaled = a.mant << BigInt(k);
  return rounded(neg, scaled / b.mant, a.exp - k - b.exp, prec, scaled % b.mant !== 0n);
}

/** `a + b` rounded to `prec` bits; an exact zero is positive unless both operands are −0. */
export function sum(a: BigFloat, b: BigFloat, prec = Math.max(a.prec, b.prec)): BigFloat {
  const e = Math.min(a.exp, b.exp);
  const x = (a.neg ? -a.mant : a.mant) << BigInt(a.exp - e);
  const y = (b.neg ? -b.mant : b.mant) << BigInt(b.exp - e);
  const s = x + y;
  if (s === 0n) return { neg: a.neg && b.neg && a.mant === 0n && b.mant === 0n, mant: 0n, exp: 0, prec };
  return rounded(s < 0n, s < 0n ? -s : s, e, prec);
}

/** `-a`. */
export function negated(a: BigFloat): BigFloat {
  return { ...a, neg: !a.neg };
}

/**
 * A decimal literal (`-12.5e-3`, `1e308`, big integers) read as Go's `Float.SetString` reads it at
 * `prec` bits: the digits exactly, then scaled by the power of ten. `undefined` if it is no number.
 */
export function parseBigFloat(text: string, prec = OPA_PRECISION): BigFloat | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const neg = m[1] === '-';
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[2]}${fraction}` || '0');
  if (digits === 0n) return { neg, mant: 0n, exp: 0, prec };
  const exp10 = Number(m[4] ?? 0) - fraction.length;
  // 10^e = 2^e × 5^e: the power of two is exact, the power of five is multiplied or divided in.
  const z: BigFloat = { neg, mant: digits, exp: exp10, prec: Number.POSITIVE_INFINITY };
  if (exp10 === 0) return rounded(neg, digits, 0, prec);
  const p = pow5(Math.abs(exp10), prec + 64);
  return exp10 > 0 ? multiply(z, p, prec) : quotient(z, p, prec);
}

/** The exact value of an integer `n` at `prec` bits (rounded when it needs more). */
export function bigFloatOfInteger(n: bigint, prec = OPA_PRECISION): BigFloat {
  return rounded(n < 0n, n < 0n ? -n : n, 0, prec);
}

/** Whether `x` has no fractional part. */
export function isIntegral(x: BigFloat): boolean {
  if (x.exp >= 0 || x.mant === 0n) return true;
  return (x.mant & ((1n << BigInt(-x.exp)) - 1n)) === 0n;
}

/** The integer part of `x`, truncated toward zero (Go's `Float.Int`). */
export function truncated(x: BigFloat): bigint {
  const magnitude = x.exp >= 0 ? x.mant << BigInt(x.exp) : x.mant >> BigInt(-x.exp);
  return x.neg ? -magnitude : magnitude;
}
