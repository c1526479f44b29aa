/**
 * OPA v1.22 reads an integer operand from a float literal written with a zero fraction (`1.0`,
 * `100.00`, `-1.0`) as the integer it denotes, where v1.15 refuses it (`operand 2 must be integer
 * number but got floating-point number`); an exponent (`1e2`) or a fraction stays refused.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isDecimal, type Value } from '../../value/index.ts';

/** The built-ins that read an operand as OPA's `IntOperand` (the engine's `intArg`). */
export const INTEGER_OPERAND_BUILTINS: readonly string[] = [
  'substring',
  'array.slice',
  'time.add_date',
  'rand.intn',
  'regex.find_n',
  'regex.find_all_string_submatch_n',
  'strings.split_n',
];

const WHOLE_DECIMAL = /^-?\d+\.0+$/;

function wholeDecimal(v: Value): Value {
  return isDecimal(v) && WHOLE_DECIMAL.test(v.text) ? v.value : v;
}

/**
 * `def` with its number operands written as whole decimals (`1.0`) read as integers, as OPA
 * v1.22 reads them.
 * @example acceptingWholeDecimals(substring).call([ 'abc', new DecimalNumber(1, '1.0'), 1 ], ctx); // 'b'
 */
export function acceptingWholeDecimals(def: BuiltinDefinition): BuiltinDefinition {
  if (def.kind !== 'function') return def;
  const call = def.call;
  return { ...def, call: (args, ctx) => call(args.some(isDecimal) ? args.map(wholeDecimal) : args, ctx) };
}
