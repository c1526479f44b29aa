/**
 * Number arithmetic as OPA computes it: small integers exactly, anything else through Go's
 * `big.Float` at 64 bits (`0.1 * 3` is `0.3`, `1 / 3` has 20 digits, nothing overflows), and
 * integers beyond the small range per release ({@link IntegerArithmetic}). Results keep the value
 * model's invariant (safe integers are `number`s, larger ones `bigint`s).
 */
import { DecimalNumber, normalizeNumber } from '../value/index.ts';
import { fastProduct, fastQuotient, fastSum, lastResultExact } from './double-fast-path.ts';
import { type BigFloat, isIntegral, multiply, negated, quotient, sum, truncated } from './go-big-float.ts';
import { opaNumberText } from './go-big-float-text.ts';
import {
  fromBigFloat,
  type IntegerArithmetic,
  isInt64,
  type Num,
  opaInteger,
  toBigFloat,
  writtenAsDouble,
} from './opa-number.ts';
import { builtinError } from './operands.ts';

export type { IntegerArithmetic, Num };

/** Whether `n` has no fractional part. */
export function isInteger(n: Num): boolean {
  if (typeof n === 'object') return isIntegral(toBigFloat(n));
  return typeof n === 'bigint' || Number.isInteger(n);
}

/** What the fast path's double `r` is to OPA: the number itself, a fraction with a longer text, or unknown. */
const FastResult = { Plain: 0, Fraction: 1, Unknown: 2 } as const;
type FastResult = (typeof FastResult)[keyof typeof FastResult];

/**
 * `Plain` when OPA's 64-bit result is `r` and its text is `r`'s (an integer, or a short exact
 * fraction Go writes as JavaScript does); `Fraction` when it is a fraction beside `r` whose text
 * the exact path computes when someone reads it (`17 / 24` has 20 digits); `Unknown` when an
 * integral `r` may stand for OPA's integer or for a fraction beside it.
 */
function fastResultKind(r: number): FastResult {
  if (lastResultExact()) {
    if (Number.isInteger(r) || writtenAsDouble(r)) return FastResult.Plain;
    return FastResult.Fraction;
  }
  return Number.isInteger(r) ? FastResult.Unknown : FastResult.Fraction;
}

/** A fraction the fast path computed as `r`, with OPA's text of `float(a, b)` made when first read. */
class FastFraction extends DecimalNumber {
  readonly #a: Num;
  readonly #b: Num;
  readonly #float: Float;

  constructor(r: number, a: Num, b: Num, float: Float) {
    super(r);
    this.#a = a;
    this.#b = b;
    this.#float = float;
  }

  protected override computeText(): string {
    return opaNumberText(this.#float(toBigFloat(this.#a), toBigFloat(this.#b)));
  }
}

/** `n` as a `bigint`; callers check {@link isInteger} first. */
export function toBigInt(n: Num): bigint {
  if (typeof n === 'object') return truncated(toBigFloat(n));
  return typeof n === 'bigint' ? n : BigInt(n);
}

type Exact = (x: bigint, y: bigint) => bigint;
type Float = typeof sum;
type Fast = (a: number, b: number) => number | undefined;

/**
 * A binary operation: exact on safe integers, then plain doubles where they provably agree with
 * OPA (`double-fast-path.ts`), then exact integers (`exact` releases), then 64-bit floats.
 */
function arithmetic(
  a: Num,
  b: Num,
  integers: IntegerArithmetic,
  exact: Exact,
  float: Float,
  fast: Fast,
): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
      // A 64-bit float holds any integer below 2^64 exactly: only larger results differ by release.
      const r = exact(BigInt(a), BigInt(b));
      if (integers === 'exact' || BigInt.asIntN(65, r) === r) return normalizeNumber(r);
    }
    const r = fast(a, b);
    if (r !== undefined) {
      const kind = fastResultKind(r);
      if (kind === FastResult.Plain) return r;
      if (kind === FastResult.Fraction) return new FastFraction(r, a, b, float);
    }
  }
  if (integers === 'exact') {
    const x = opaInteger(a, integers);
    const y = x === undefined ? undefined : opaInteger(b, integers);
    if (x !== undefined && y !== undefined) return normalizeNumber(exact(x, y));
  }
  return fromBigFloat(float(toBigFloat(a), toBigFloat(b)));
}

const SMALL_SUM_LIMIT = 2 ** 52;

/** `a + b`. */
export function addNumbers(integers: IntegerArithmetic, a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isInteger(a) && Number.isInteger(b)) {
    if (Math.abs(a) < SMALL_SUM_LIMIT && Math.abs(b) < SMALL_SUM_LIMIT) return a + b === 0 ? 0 : a + b;
  }
  return arithmetic(a, b, integers, (x, y) => x + y, sum, fastSum);
}

/** `a - b`. */
export function subtractNumbers(integers: IntegerArithmetic, a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isInteger(a) && Number.isInteger(b)) {
    if (Math.abs(a) < SMALL_SUM_LIMIT && Math.abs(b) < SMALL_SUM_LIMIT) return a - b === 0 ? 0 : a - b;
  }
  return arithmetic(
    a,
    b,
    integers,
    (x, y) => x - y,
    (x, y) => sum(x, negated(y)),
    (x, y) => fastSum(x, -y),
  );
}

/** `a * b`. */
export function multiplyNumbers(integers: IntegerArithmetic, a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isInteger(a) && Number.isInteger(b)) {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
  }
  return arithmetic(a, b, integers, (x, y) => x * y, multiply, fastProduct);
}

/** The precision of `big.NewFloat`, which OPA v1.22's `product` starts from. */
const DOUBLE_PRECISION = 53;

/**
 * OPA v1.22's `product`: exact when every factor is an integer, else a `big.Float` of 53 bits
 * (`big.NewFloat(1)`), rounded after each factor.
 */
export function exactProduct(factors: readonly Num[]): Num {
  const integers = factors.map((n) => opaInteger(n, 'exact'));
  if (integers.every((n) => n !== undefined)) {
    return normalizeNumber(integers.reduce((a: bigint, b) => a * (b as bigint), 1n));
  }
  let acc: BigFloat = { neg: false, mant: 1n, exp: 0, prec: DOUBLE_PRECISION };
  for (const n of factors) acc = multiply(acc, toBigFloat(n), DOUBLE_PRECISION);
  return fromBigFloat(acc);
}

function isZero(n: Num): boolean {
  // (A fraction's text is only read when its double is 0: `0.0`, or a literal below the doubles.)
  if (typeof n === 'object') return (n.value === 0 || n.value === 0n) && n.parts.digits === '';
  return n === 0 || n === 0n;
}

/** `a / b`: exact when both are machine integers and `b` divides `a`, else a 64-bit float quotient. */
export function divideNumbers(name: string, a: Num, b: Num): Num {
  if (isZero(b)) throw builtinError(name, 'divide by zero');
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    if (a % b === 0) return normalizeNumber(a / b);
  } else if (isInteger(a) && isInteger(b) && isInt64(a) && isInt64(b)) {
    const x = toBigInt(a);
    const y = toBigInt(b);
    if (x % y === 0n) return normalizeNumber(x / y);
  }
  if (typeof a === 'number' && typeof b === 'number') {
    const r = fastQuotient(a, b);
    if (r !== undefined) {
      const kind = fastResultKind(r);
      if (kind === FastResult.Plain) return r;
      if (kind === FastResult.Fraction) return new FastFraction(r, a, b, quotient);
    }
  }
  return fromBigFloat(quotient(toBigFloat(a), toBigFloat(b)));
}

/**
 * `a % b` on integers (sign of the dividend, like Go); fractions are errors, and so is a zero
 * divisor — under `rounded`, any divisor whose low 64 bits are zero (OPA v1.15 tests `Int64()`).
 */
export function remainderNumbers(name: string, integers: IntegerArithmetic, a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    if (b === 0) throw builtinError(name, 'modulo by zero');
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  const x = opaInteger(a, integers);
  const y = opaInteger(b, integers);
  if (x === undefined || y === undefined) throw builtinError(name, 'modulo on floating-point number');
  if ((integers === 'rounded' ? BigInt.asIntN(64, y) : y) === 0n) throw builtinError(name, 'modulo by zero');
  return normalizeNumber(x % y);
}

/** Rounds half away from zero (a 64-bit float plus or minus ½, truncated). */
export function roundNumber(n: Num): Num {
  if (typeof n === 'number' && Math.abs(n) < SMALL_SUM_LIMIT) {
    return normalizeNumber(n < 0 ? -Math.round(-n) : Math.round(n));
  }
  const x = toBigFloat(n);
  const half = toBigFloat(0.5);
  return normalizeNumber(truncated(sum(x, x.neg ? negated(half) : half)));
}

/**
 * The integer part of `n` (toward zero) as OPA's `Float.Int` computes it; under `exact` (OPA
 * v1.22) integers stay exact.
 */
export function integerPart(integers: IntegerArithmetic, n: Num): bigint {
  if (typeof n === 'number' && Number.isSafeInteger(Math.trunc(n))) return BigInt(Math.trunc(n));
  if (typeof n === 'bigint' && integers === 'exact') return n;
  return truncated(toBigFloat(n));
}

function isWhole(n: Num): boolean {
  return typeof n === 'number' ? Number.isInteger(n) : isInteger(n);
}

/**
 * Smallest integer ≥ `n` — except between −1 and 0, where OPA answers 1: it rounds the truncated
 * integer by its own sign, and the sign of 0 is not negative.
 */
export function ceilNumber(n: Num): Num {
  if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  const i = integerPart('rounded', n);
  return normalizeNumber(i < 0n || isWhole(n) ? i : i + 1n);
}

/** Largest integer ≤ `n` — except between −1 and 0, where OPA answers 0 (see {@link ceilNumber}). */
export function floorNumber(n: Num): Num {
  if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  const i = integerPart('rounded', n);
  return normalizeNumber(i > 0n || i === 0n || isWhole(n) ? i : i - 1n);
}

/** `|n|`: safe integers and other doubles exactly, big integers through a 64-bit float. */
export function absNumber(n: Num): Num {
  if (typeof n === 'number' && Math.abs(n) < SMALL_SUM_LIMIT) return Math.abs(n);
  const x = toBigFloat(n);
  return fromBigFloat({ ...x, neg: false });
}
