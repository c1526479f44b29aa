/**
 * Number values whose text OPA keeps: float literals within 2⁵³ (`1.0`, `1e2`, `2.50`) where a
 * built-in wants an integer or writes the number, computed fractions (`1 / 3`, `0.1 * 3`) in JSON,
 * `sprintf`, `format_int` and chains of operations, time built-ins with fractional arguments, and
 * built-ins given arguments out of their range — as constants and through the input, which
 * OPA's type checker does not see.
 */
import type { Shape, ShapeContext } from './shape.ts';

const FLOAT_LITERALS = ['1.0', '1e2', '2.50', '1E2', '0.10', '-1.0', '1e10', '100.0', '3.0e0', '1.5'];
const FRACTIONS = [
  '1 / 3',
  '2 / 3',
  '0.1 + 0.2',
  '0.1 * 3',
  '1 / 3 * 3',
  '10 / 4',
  '1 / 3 + 1 / 3',
  '(1 / 3) * 1e20',
  '1 / 7 - 1 / 7',
  '22 / 7',
  '1e-7 / 3',
  '123456789.123 * 1000',
];
const VERBS = ['%d', '%v', '%f', '%.20f', '%e', '%g', '%T', '%s', '%x', '%08.2f'];

function literalUse(c: ShapeContext, n: string): string {
  return c.random.pick([
    `sprintf(${JSON.stringify(c.random.pick(VERBS))}, [${n}])`,
    `json.marshal([${n}])`,
    `json.marshal({"k": ${n}})`,
    `substring("abcdef", ${n}, 2)`,
    `array.slice([1, 2, 3, 4], ${n}, 4)`,
    // A range of 10^10 numbers never ends in OPA: `1e10` is a short range's bound there.
    `numbers.range(${n === '1e10' ? '1e1' : n}, 3)`,
    `format_int(${n}, 10)`,
    `bits.and(${n}, 3)`,
    `time.add_date(0, ${n}, 0, 0)`,
    `{${n}: "a"}`,
    `{${n}, 1}`,
    `[${n} == 1, ${n} < 2]`,
    `indexof_n(["a", "b"], ${n})`,
    `strings.replace_n({"a": "b"}, ${n})`,
    `units.parse(sprintf("%vKi", [${n}]))`,
    `round(${n})`,
    `abs(${n})`,
    `${n}`,
  ]);
}

function fractionUse(c: ShapeContext, f: string): string {
  return c.random.pick([
    `json.marshal(${f})`,
    `json.marshal([${f}])`,
    `sprintf(${JSON.stringify(c.random.pick(VERBS))}, [${f}])`,
    `format_int(${f}, 10)`,
    `${f} == ${c.random.pick(['0.3333333333333333', '0.3', '1', '2.5', f])}`,
    `{${f}: 1}`,
    `[${f}, ${f} * 3, ${f} + 1e-20]`,
    `floor(${f} * 3)`,
    `to_number(sprintf("%v", [${f}]))`,
    `${f}`,
  ]);
}

const TIME_CALLS = [
  'time.add_date(0, 1.5, 0, 0)',
  'time.add_date(1.5, 0, 0, 0)',
  'time.add_date(0, 0, 0.5, 0)',
  'time.date(1.5e18)',
  'time.date(1e18)',
  'time.clock(1.5)',
  'time.weekday(1e10)',
  'time.format(1.7e18)',
  'time.date([1.5, "UTC"])',
  'time.diff(1.5, 0)',
  'time.add_date(0, 1, 0, 0) - time.add_date(0, 1.0, 0, 0)',
];

const INVALID_ARGUMENTS = [
  'substring("abc", 1e20, 1)',
  'substring("abc", 0, -5)',
  'substring("abc", 0.5, 1)',
  'array.slice([1, 2], -1e20, 1e20)',
  'array.slice([1, 2], 0.5, 1)',
  'format_int(1e400, 10)',
  'format_int(1.5, 10)',
  'format_int(-0.5, 2)',
  'numbers.range(1.5, 3)',
  'numbers.range_step(0, 3, 0.5)',
  'bits.or(1.5, 1)',
  'bits.negate(1e20)',
  'round(1e400)',
  'ceil(-0.0)',
  'abs(-9223372036854775808)',
  'strings.repeat("a", 1.5)',
  'indexof_n("a", 1)',
  'sprintf("%d", [1e400])',
  'sprintf("%.500f", [1])',
  'sprintf("%v %v", [1])',
  'units.parse_bytes("1.5")',
  'units.parse("-1.5e3m")',
  'rand.intn("x", 1.5)',
  'to_number("1e400")',
  'json.marshal_with_options([1.0], {"pretty": true, "indent": 1})',
];

/** An input value that is a float or a fraction: the type checker cannot see it. */
const INPUT_NUMBERS = ['input.obj.b', 'input.xs[0]', 'input.v[5]'];

/** A rule whose value shows a number's text, a float where an integer is wanted, or a bad argument. */
export function numberValues(c: ShapeContext): Shape {
  let expr: string;
  switch (c.random.below(5)) {
    case 0:
      expr = literalUse(c, c.random.pick(FLOAT_LITERALS));
      break;
    case 1:
      expr = fractionUse(c, c.random.pick(FRACTIONS));
      break;
    case 2:
      expr = c.random.pick(TIME_CALLS);
      break;
    case 3:
      expr = c.random.pick(INVALID_ARGUMENTS);
      break;
    default:
      expr = literalUse(c, c.random.pick(INPUT_NUMBERS));
  }
  const lines = c.random.pick([
    [`${c.name} := ${expr}`],
    [`${c.name} := x if x := ${expr}`],
    [`${c.name} := [${expr}]`],
    [`${c.name} contains ${expr}`],
  ]);
  return { lines, queries: [c.name] };
}
