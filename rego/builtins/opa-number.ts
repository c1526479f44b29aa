/**
 * The bridge between the engine's numbers (`number`, `bigint`) and OPA's: OPA keeps a number as
 * its decimal text and computes with `big.Float` (64-bit mantissa) or `big.Int`, then writes the
 * result back as text. A JavaScript number stands for its shortest decimal (`0.1`, `1e+21`), a
 * `bigint` for its digits.
 */
import { normalizeNumber } from '../value/index.ts';
import {
  type BigFloat,
  bigFloatOfInteger,
  isIntegral,
  OPA_PRECISION,
  parseBigFloat,
  truncated,
} from './go-big-float.ts';
import { opaNumberText } from './go-big-float-text.ts';

/** A Rego number. */
export type Num = number | bigint;

/**
 * How a release computes with integers that are not small: OPA v1.15 passes them through
 * `big.Float` (so integers needing more than 64 significant bits are rounded), OPA v1.22 keeps
 * them exact with `big.Int`.
 */
export type IntegerArithmetic = 'rounded' | 'exact';

/** `n` as OPA's `NumberToFloat` reads its text: a `big.Float` of 64 bits. */
export function toBigFloat(n: Num): BigFloat {
  if (typeof n === 'bigint') return bigFloatOfInteger(n);
  return parseBigFloat(String(n), OPA_PRECISION) as BigFloat;
}

/**
 * The number OPA's `FloatToNumber` makes of `x` (integers written in full, others as Go's
 * shortest `%g`), read back as the engine's number: integers exactly, others as the nearest double.
 */
export function fromBigFloat(x: BigFloat): Num {
  const text = opaNumberText(x);
  return isIntegral(x) ? normalizeNumber(BigInt(text)) : normalizeNumber(Number(text));
}

/** The exact integer a decimal text denotes (`1.5e3` is 1500), or `undefined` if it has a fraction. */
function exactInteger(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
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
  if (integers === 'exact') return typeof n === 'bigint' ? n : exactInteger(String(n));
  const x = toBigFloat(n);
  return isIntegral(x) ? truncated(x) : undefined;
}

/** Whether `n` is an integer OPA treats as a machine int (`int64`). */
export function isInt64(n: Num): boolean {
  if (typeof n === 'number') return Number.isSafeInteger(n);
  return BigInt.asIntN(64, n) === n;
}
