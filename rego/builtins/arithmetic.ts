/**
 * Arithmetic built-ins (the targets of `+ - * / %`), rounding, `numbers.range*` and `bits.*`,
 * for a release's treatment of big integers ({@link IntegerArithmetic}).
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { isNumber, normalizeNumber, SetValue, type Value } from '../value/index.ts';
import {
  absNumber,
  addNumbers,
  ceilNumber,
  divideNumbers,
  floorNumber,
  type IntegerArithmetic,
  multiplyNumbers,
  type Num,
  remainderNumbers,
  roundNumber,
  subtractNumbers,
} from './number-ops.ts';
import { opaInteger } from './opa-number.ts';
import { arg, builtinError, decimalArg, defineFunction, operandError, typeError } from './operands.ts';

/** Longest array `numbers.range` builds; OPA has no limit but can cancel, this engine cannot. */
export const MAX_RANGE_LENGTH = 1_000_000;

function binary(name: string, op: (a: Num, b: Num) => Num): BuiltinDefinition {
  return defineFunction(name, 2, (args) => op(decimalArg(name, args, 0), decimalArg(name, args, 1)));
}

function unary(name: string, op: (n: Num) => Num): BuiltinDefinition {
  return defineFunction(name, 1, (args) => op(decimalArg(name, args, 0)));
}

function minus(integers: IntegerArithmetic, args: readonly Value[]): Value {
  const a = arg(args, 0);
  const b = arg(args, 1);
  if (isNumber(a) && isNumber(b)) return subtractNumbers(integers, a, b);
  if (a instanceof SetValue && b instanceof SetValue) {
    return new SetValue(a.sorted().filter((x) => !b.has(x)));
  }
  if (!isNumber(a) && !(a instanceof SetValue)) throw typeError('minus', 1, a, 'number', 'set');
  throw typeError('minus', 2, b, isNumber(b) ? 'set' : 'number');
}

type IntegerArg = (name: string, args: readonly Value[], i: number) => bigint;

/** Reads integer operands (OPA's `BigIntOperand`) as the release reads integers. */
function integerArgs(integers: IntegerArithmetic): IntegerArg {
  return (name, args, i) => {
    const v = arg(args, i);
    if (!isNumber(v)) throw typeError(name, i + 1, v, 'integer');
    const n = opaInteger(v, integers);
    if (n === undefined)
      throw operandError(name, i + 1, 'must be integer number but got floating-point number');
    return n;
  };
}

function range(name: string, from: bigint, to: bigint, step: bigint): Value[] {
  const length = (from <= to ? to - from : from - to) / step + 1n;
  if (length > BigInt(MAX_RANGE_LENGTH)) {
    throw builtinError(name, `range of ${length} numbers exceeds the limit of ${MAX_RANGE_LENGTH}`);
  }
  const out: Value[] = [];
  const delta = from <= to ? step : -step;
  for (let i = 0n, x = from; i < length; i++, x += delta) out.push(normalizeNumber(x));
  return out;
}

function bitwise(
  bigIntArg: IntegerArg,
  name: string,
  op: (a: bigint, b: bigint) => bigint,
): BuiltinDefinition {
  return defineFunction(name, 2, (args) =>
    normalizeNumber(op(bigIntArg(name, args, 0), bigIntArg(name, args, 1))),
  );
}

/** Beyond this many bits a left shift is refused (OPA builds the number, for minutes). */
const MAX_LEFT_SHIFT = 1n << 24n;

/**
 * `bits.lsh` / `bits.rsh` as OPA computes them: the shift count taken modulo 2⁶⁴ (Go's
 * `Uint64()` of it), right shifts of any length (to 0 or -1).
 */
function shift(bigIntArg: IntegerArg, name: string, left: boolean): BuiltinDefinition {
  return defineFunction(name, 2, (args) => {
    // OPA checks the shifted number before the shift count.
    const a = bigIntArg(name, args, 0);
    const b = bigIntArg(name, args, 1);
    if (b < 0n) throw operandError(name, 2, 'must be an unsigned integer number but got a negative integer');
    const count = BigInt.asUintN(64, b);
    if (!left) return normalizeNumber(a >> count);
    if (a === 0n) return 0;
    if (count > MAX_LEFT_SHIFT) throw builtinError(name, 'shift count too large');
    return normalizeNumber(a << count);
  });
}

/**
 * The arithmetic built-ins of a release: `rounded` for OPA v1.15 (big integers through a 64-bit
 * `big.Float`), `exact` for v1.22.
 */
export function createArithmeticBuiltins(integers: IntegerArithmetic): readonly BuiltinDefinition[] {
  const bigIntArg = integerArgs(integers);
  return [
    binary('plus', (a, b) => addNumbers(integers, a, b)),
    defineFunction('minus', 2, (args) => minus(integers, args)),
    binary('mul', (a, b) => multiplyNumbers(integers, a, b)),
    binary('div', (a, b) => divideNumbers('div', a, b)),
    defineFunction('rem', 2, (args) => {
      const a = arg(args, 0);
      const b = arg(args, 1);
      if (!isNumber(a)) throw typeError('rem', 1, a, 'number');
      if (!isNumber(b)) throw typeError('rem', 2, b, 'number');
      return remainderNumbers('rem', integers, a, b);
    }),
    unary('abs', absNumber),
    unary('round', roundNumber),
    unary('ceil', ceilNumber),
    unary('floor', floorNumber),
    defineFunction('numbers.range', 2, (args) =>
      range('numbers.range', bigIntArg('numbers.range', args, 0), bigIntArg('numbers.range', args, 1), 1n),
    ),
    defineFunction('numbers.range_step', 3, (args) => {
      const name = 'numbers.range_step';
      const from = bigIntArg(name, args, 0);
      const to = bigIntArg(name, args, 1);
      const step = bigIntArg(name, args, 2);
      if (step <= 0n) throw builtinError(name, 'step must be a positive integer');
      return range(name, from, to, step);
    }),
    bitwise(bigIntArg, 'bits.and', (a, b) => a & b),
    bitwise(bigIntArg, 'bits.or', (a, b) => a | b),
    bitwise(bigIntArg, 'bits.xor', (a, b) => a ^ b),
    defineFunction('bits.negate', 1, (args) => normalizeNumber(~bigIntArg('bits.negate', args, 0))),
    shift(bigIntArg, 'bits.lsh', true),
    shift(bigIntArg, 'bits.rsh', false),
  ];
}
