/**
 * The bridge between the engine's numbers (`number`, `bigint`) and OPA's: OPA keeps a number as
 * its decimal text and computes with `big.Float` (64-bit mantissa) or `big.Int`, then writes the
 * result back as text. A JavaScript number stands for its shortest decimal (`0.1`, `1e+21`), a
 * `bigint` for its digits.
 */
import { DecimalNumber, normalizeNumber } from '../value/index.ts';
import { readsExactly } from './exact-double.ts';
import {
  type BigFloat,
  bigFloatOfInteger,
  bitLength,
  isIntegral,
  OPA_PRECISION,
  parseBigFloat,
  truncated,
} from './go-big-float.ts';
import { opaNumberText } from './go-big-float-text.ts';

/** A Rego number. */
export type Num = number | bigint | DecimalNumber;

/**
 * How a release computes with integers that are not small: OPA v1.15 passes them through
 * `big.Float` (so integers needing more than 64 significant bits are rounded), OPA v1.22 keeps
 * them exact with `big.Int`.
 */
export type IntegerArithmetic = 'rounded' | 'exact';

/** Operands read lately: policies compute with the same few constants over and over. */
const parsed = new Map<number, BigFloat>();
const PARSED_LIMIT = 4096;

/** `n` as OPA's `NumberToFloat` reads its text: a `big.Float` of 64 bits. */
export function toBigFloat(n: Num): BigFloat {
  if (typeof n === 'object') return decimalBigFloat(n);
  if (typeof n === 'bigint') return bigFloatOfInteger(n);
  if (Number.isSafeInteger(n)) return bigFloatOfInteger(BigInt(n));
  let x = parsed.get(n);
  if (x === undefined) {
    x = parseBigFloat(String(n), OPA_PRECISION) as BigFloat;
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(n, x);
  }
  return x;
}

const parsedTexts = new Map<string, BigFloat>();

/** A number carried with its text, read from that text at 64 bits. */
function decimalBigFloat(n: DecimalNumber): BigFloat {
  const text = n.text;
  let x = parsedTexts.get(text);
  if (x === undefined) {
    x = parseBigFloat(text, OPA_PRECISION) as BigFloat;
    if (parsedTexts.size >= PARSED_LIMIT) parsedTexts.clear();
    parsedTexts.set(text, x);
  }
  return x;
}

/** Normal doubles: below, the nearest double of the bits and of the text may differ. */
const MIN_NORMAL_EXPONENT = -1022;
const MAX_EXPONENT = 1023;

/**
 * The double nearest `x` straight from its bits, when that is the double nearest its shortest text
 * too: always, unless `x` lies exactly halfway between two doubles (the text, within half a 64-bit
 * ulp of `x`, can only fall on the other side of a halfway point `x` is on), is subnormal or beyond
 * the doubles, or is an integer beyond 2^53 (an exact `bigint`). `undefined` in those cases;
 * `exact` tells whether `x` is that double.
 */
function nearestDouble(x: BigFloat): { value: number; exact: boolean } | undefined {
  if (x.mant === 0n) return { value: 0, exact: true };
  const bits = bitLength(x.mant);
  const top = x.exp + bits - 1;
  if (top < MIN_NORMAL_EXPONENT || top > MAX_EXPONENT) return undefined;
  let m = x.mant;
  let e = x.exp;
  let exact = true;
  if (bits > 53) {
    const shift = BigInt(bits - 53);
    const rest = m & ((1n << shift) - 1n);
    const half = 1n << (shift - 1n);
    if (rest === half) return undefined;
    exact = rest === 0n;
    m = (m >> shift) + (rest > half ? 1n : 0n);
    e += bits - 53;
  }
  const value = Number(m) * 2 ** e;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return undefined;
  return { value: x.neg ? -value : value, exact };
}

/** Go writes a fraction in `%f` form (as JavaScript does) only within this range. */
const PLAIN_FRACTION_MIN = 1e-4;
const PLAIN_FRACTION_LIMIT = 1e6;

/**
 * Whether OPA writes a fraction that is exactly the double `d` as JavaScript writes `d`: when
 * `d`'s exact decimal is short (no shorter text lies within half a 64-bit ulp of it) and Go's
 * `%g` writes it without an exponent.
 */
export function writtenAsDouble(d: number): boolean {
  const size = Math.abs(d);
  return size >= PLAIN_FRACTION_MIN && size < PLAIN_FRACTION_LIMIT && readsExactly(d);
}

/**
 * The number OPA's `FloatToNumber` makes of `x` (integers written in full, others as Go's
 * shortest `%g`), read back as the engine's number: integers exactly; a fraction as its double
 * when OPA's text is the double's, else as a {@link DecimalNumber} whose text is computed when
 * first read.
 */
export function fromBigFloat(x: BigFloat): Num {
  const near = nearestDouble(x);
  if (isIntegral(x)) {
    return near !== undefined ? normalizeNumber(near.value) : normalizeNumber(BigInt(opaNumberText(x)));
  }
  if (near === undefined) {
    const text = opaNumberText(x);
    return new DecimalNumber(Number(text), text);
  }
  if (near.exact && writtenAsDouble(near.value)) return near.value;
  return new ExactFraction(near.value, x);
}

/** A fraction of the exact path, with OPA's text of its 64-bit float made when first read. */
class ExactFraction extends DecimalNumber {
  readonly #float: BigFloat;

  constructor(value: number, float: BigFloat) {
    super(value);
    this.#float = float;
  }

  protected override computeText(): string {
    return opaNumberText(this.#float);
  }
}

/** The exact integer a decimal text denotes (`1.5e3` is 1500), or `undefined` if it has a fraction. */
function exactInteger(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[1]}${m[2]}${fraction}`);
  const scale = Number(m[4] ?? 0) - fraction.length;
  if (scale >= 0) return digits * 10n ** BigInt(scale);
  const divisor = 10n ** BigInt(-scale);
  return digits % divisor === 0n ? digits / divisor : undefined;
}

/**
 * `n` as an integer the way the release reads one (OPA's `NumberToInt`): `undefined` when it has a
 * fraction. Under `rounded` (v1.15) it goes through a 64-bit `big.Float` first; under `exact`
 * (v1.22) it is the exact value of its decimal text (`1e308` is 10^308).
 */
export function opaInteger(n: Num, integers: IntegerArithmetic): bigint | undefined {
  if (typeof n === 'number' && Number.isSafeInteger(n)) return BigInt(n);
  if (integers === 'exact') {
    return typeof n === 'bigint' ? n : exactInteger(typeof n === 'number' ? String(n) : n.text);
  }
  const x = toBigFloat(n);
  return isIntegral(x) ? truncated(x) : undefined;
}

/** Whether `n` is an integer OPA treats as a machine int (`int64`). */
export function isInt64(n: Num): boolean {
  if (typeof n === 'object') return false;
  if (typeof n === 'number') return Number.isSafeInteger(n);
  return BigInt.asIntN(64, n) === n;
}
