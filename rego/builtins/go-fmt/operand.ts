/**
 * Go's `fmt` operands: the types OPA and Go templates hand it, and a Rego value converted as OPA
 * converts it (integer texts `int`/`int64`, or `*big.Int` beyond 64 bits, other numbers `float64`,
 * strings themselves, every other value its Rego text).
 */
import { isDecimal, type Value } from '../../value/index.ts';
import { regoText } from '../rego-text.ts';

/**
 * The Go type OPA hands `fmt` for integers that fit 64 bits: `int` up to OPA v1.15, `int64`
 * from v1.22 (visible in `%T` and in error markers such as `%!f(int64=1)`).
 */
export type GoIntType = 'int' | 'int64';

/**
 * An argument as Go's `fmt` sees it. Besides what OPA passes (`int`/`int64`, `*big.Int`,
 * `float64`, `string`), templates pass `bool`, a nil interface, a named string type with a
 * `String` method (`json.Number`), and maps and slices (given here by their `%v` text).
 */
export type GoArg =
  | { type: GoIntType | '*big.Int'; value: bigint }
  | { type: 'float64'; value: number }
  | { type: 'string'; value: string }
  | { type: 'bool'; value: boolean }
  | { type: 'nil' }
  | { type: 'stringer'; name: string; value: string }
  | {
      type: 'composite';
      name: string;
      /** The `%v` text. */
      value: string;
      /** Elements (map values in key order); absent for a nil inside a container, `<nil>` under any verb. */
      items?: readonly GoArg[];
      /** A map's keys. */
      keys?: readonly string[];
    };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Largest finite double, as an integer: beyond it OPA keeps the literal's exponent form. */
const MAX_DOUBLE = BigInt(Number.MAX_VALUE);

/** `2e308`: a number too large for a double, written as OPA keeps such literals. */
function exponentText(v: bigint): string {
  const digits = (v < 0n ? -v : v).toString();
  const mantissa = digits.replace(/0+$/, '');
  const rest = mantissa.length > 1 ? `.${mantissa.slice(1)}` : '';
  return `${v < 0n ? '-' : ''}${mantissa[0]}${rest}e${digits.length - 1}`;
}

/**
 * A Rego value as OPA hands it to `fmt`.
 * @example toGoArg(3, 'int'); // { type: 'int', value: 3n }
 */
export function toGoArg(v: Value, intType: GoIntType): GoArg {
  if (typeof v === 'bigint') {
    if (v > MAX_DOUBLE || v < -MAX_DOUBLE) return { type: 'string', value: exponentText(v) };
    return { type: v < INT64_MIN || v > INT64_MAX ? '*big.Int' : intType, value: v };
  }
  // A float literal beyond 2^53 (`1e21`) or `-0.0` is no integer text for OPA: it reaches fmt as a float64.
  if (typeof v === 'number')
    return Number.isSafeInteger(v) && !Object.is(v, -0)
      ? { type: intType, value: BigInt(v) }
      : { type: 'float64', value: v };
  if (typeof v === 'string') return { type: 'string', value: v };
  // A number carried with its text (`1.0`, `1 / 3`) is no integer text: a float64, or its text
  // beyond the doubles (`1e400`).
  if (isDecimal(v)) {
    return typeof v.value === 'bigint'
      ? { type: 'string', value: v.text }
      : { type: 'float64', value: v.value };
  }
  return { type: 'string', value: regoText(v) };
}
