/**
 * Argument checks shared by the built-ins, with OPA's error texts: every message starts with
 * the built-in's name (`count: operand 1 must be one of {array, object, set, string} but got number`).
 */
import {
  type BuiltinDefinition,
  BuiltinError,
  type BuiltinFunction,
  type BuiltinRelation,
} from '../builtin.ts';
import {
  type ArrayValue,
  type DecimalNumber,
  isDecimal,
  isNumber,
  isObject,
  kindOf,
  type ObjectValue,
  SetValue,
  type Value,
} from '../value/index.ts';

/** Defines a function built-in. */
export function defineFunction(name: string, arity: number, call: BuiltinFunction): BuiltinDefinition {
  return { name, arity, kind: 'function', call };
}

/** Defines a relation built-in (one that yields several results, like `walk`). */
export function defineRelation(name: string, arity: number, call: BuiltinRelation): BuiltinDefinition {
  return { name, arity, kind: 'relation', call };
}

/** `name: operand N <detail>` as an `eval_type_error`. */
export function operandError(name: string, pos: number, detail: string): BuiltinError {
  return new BuiltinError('eval_type_error', `${name}: operand ${pos} ${detail}`);
}

/** `name: operand N must be <expected> but got <kind>` (or `one of {…}` for several kinds). */
export function typeError(name: string, pos: number, got: Value, ...expected: string[]): BuiltinError {
  const want = expected.length === 1 ? expected[0] : `one of {${expected.join(', ')}}`;
  return operandError(name, pos, `must be ${want} but got ${kindOf(got)}`);
}

/** `name: operand N must be array of strings but got array containing number`. */
export function elementError(
  name: string,
  pos: number,
  composite: Value,
  got: Value,
  ...expected: string[]
): BuiltinError {
  const kind = kindOf(composite);
  const want = expected.length === 1 ? `${expected[0]}s` : `(any of) {${expected.join(', ')}}`;
  return operandError(name, pos, `must be ${kind} of ${want} but got ${kind} containing ${kindOf(got)}`);
}

/** `name: message` as an `eval_builtin_error`. */
export function builtinError(name: string, message: string, cause?: unknown): BuiltinError {
  return new BuiltinError(
    'eval_builtin_error',
    `${name}: ${message}`,
    cause === undefined ? undefined : { cause },
  );
}

/** Argument `i` (0-based), which the evaluator guarantees to be present. */
export function arg(args: readonly Value[], i: number): Value {
  return args[i] as Value;
}

/** Argument `i` as a string, or a type error naming operand `i + 1`. */
export function stringArg(name: string, args: readonly Value[], i: number): string {
  const v = args[i] as Value;
  if (typeof v !== 'string') throw typeError(name, i + 1, v, 'string');
  return v;
}

/**
 * Argument `i` as a number, read as OPA reads a `float64`: a number carried with its text
 * (`DecimalNumber`) is its nearest double.
 */
export function numberArg(name: string, args: readonly Value[], i: number): number | bigint {
  const v = args[i] as Value;
  if (!isNumber(v)) throw typeError(name, i + 1, v, 'number');
  return isDecimal(v) ? v.value : v;
}

/** Argument `i` as a number, keeping OPA's text of a `DecimalNumber` (for arithmetic). */
export function decimalArg(name: string, args: readonly Value[], i: number): number | bigint | DecimalNumber {
  const v = args[i] as Value;
  if (!isNumber(v)) throw typeError(name, i + 1, v, 'number');
  return v;
}

const NOT_INTEGER = 'must be integer number but got floating-point number';
const INT64_LIMIT = 2n ** 63n;

/**
 * Argument `i` as an integer that fits a JS number (OPA's `IntOperand`); a fraction, a float
 * literal (`1.0`, `1e20`: OPA's `Int64` refuses their text), or an integer beyond Go's `int` (64 bits), is a type error; a larger `bigint` is clamped to ±2^53
 * (callers use it as an index or a count).
 */
export function intArg(name: string, args: readonly Value[], i: number): number {
  if (isDecimal(args[i])) throw operandError(name, i + 1, NOT_INTEGER);
  const v = numberArg(name, args, i);
  if (typeof v === 'bigint') {
    if (v >= INT64_LIMIT || v < -INT64_LIMIT) throw operandError(name, i + 1, NOT_INTEGER);
    return v > 0n ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  }
  // An integral `number` beyond 2^53 is a float literal (`1e20`): OPA's `Int64` refuses its text.
  if (!Number.isSafeInteger(v)) throw operandError(name, i + 1, NOT_INTEGER);
  return v;
}

/** Argument `i` as an array. */
export function arrayArg(name: string, args: readonly Value[], i: number): ArrayValue {
  const v = args[i] as Value;
  if (!Array.isArray(v)) throw typeError(name, i + 1, v, 'array');
  return v;
}

/** Argument `i` as a set. */
export function setArg(name: string, args: readonly Value[], i: number): SetValue {
  const v = args[i] as Value;
  if (!(v instanceof SetValue)) throw typeError(name, i + 1, v, 'set');
  return v;
}

/** Argument `i` as an object. */
export function objectArg(name: string, args: readonly Value[], i: number): ObjectValue {
  const v = args[i] as Value;
  if (!isObject(v)) throw typeError(name, i + 1, v, 'object');
  return v;
}

/** Elements of an array or a set (sets in OPA's order), or `undefined` for other kinds. */
export function collectionItems(v: Value): readonly Value[] | undefined {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  return undefined;
}

/** An array or set of strings (OPA's `StringSliceOperand`). */
export function stringsArg(name: string, args: readonly Value[], i: number): string[] {
  const v = args[i] as Value;
  const items = collectionItems(v);
  if (!items) throw typeError(name, i + 1, v, 'array', 'set');
  return items.map((x) => {
    if (typeof x !== 'string') throw elementError(name, i + 1, v, x, 'string');
    return x;
  });
}
