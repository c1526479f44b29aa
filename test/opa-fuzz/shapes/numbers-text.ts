/**
 * Number extremes and text edge cases as constants in policies (so OPA's compiler folds and
 * type-checks them as it would a user's): subnormals, overflow, big integers, `%` near the
 * largest double, floor/ceil/round near zero, `to_number` of Go's number syntaxes, formatting
 * verbs on floats, JSON of huge numbers and non-string keys, HTML escaping, lone surrogates,
 * Go quoting, `strings.replace_n` with an empty pattern, shifts past 2^32.
 */
import type { Shape, ShapeContext } from './shape.ts';

const NUMBERS = [
  '5e-324',
  '1e308',
  '-1e308',
  '1.7976931348623157e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '-9223372036854775808',
  '18446744073709551616',
  '0.1',
  '-0.5',
  '0.5',
  '1e21',
  '1e16',
  '2.5',
  '-0.0',
  '3',
  '1e-7',
];

const OPS = ['+', '-', '*', '/', '%'];

const FLOAT_VERBS = [
  '%d',
  '%v',
  '%.1f',
  '%x',
  '%X',
  '%#v',
  '%e',
  '%g',
  '%G',
  '%s',
  '%5.2f',
  '%o',
  '%b',
  '%q',
  '%T',
  '%08.3f',
  '%+d',
];

function numberExpr(c: ShapeContext): string {
  const a = c.random.pick(NUMBERS);
  const b = c.random.pick(NUMBERS);
  switch (c.random.below(9)) {
    case 0:
    case 1:
      return `${a} ${c.random.pick(OPS)} ${b}`;
    case 2:
      return `${c.random.pick(['floor', 'ceil', 'round', 'abs'])}(${c.random.pick(['-0.5', '-0.1', '-0.9999', '0.5', '-1e-300', '2.5', '-2.5', a])})`;
    case 3:
      return `to_number(${JSON.stringify(c.random.pick(['1_000', '0x1p-2', '0x10', '1e400', '0b101', '0o7', '+5', '.5', '1.', 'Inf', 'NaN', ' 1', '1e-400', '00012', '-0']))})`;
    case 4:
      return `sprintf(${JSON.stringify(c.random.pick(FLOAT_VERBS))}, [${a}])`;
    case 5:
      return `json.marshal(${c.random.pick([a, `{${a}: "x"}`, `[${a}, ${b}]`, `{"<a>": "&"}`, `{[1, "<"]: 1}`])})`;
    case 6:
      return c.random.pick([
        `{${a}: "x", ${b}: "y"}`,
        `{${a}}`,
        `{[${a}]: 1}`,
        `{{1}: 2, "k": 3}`,
        `{${a}: {"in": ${b}}}`,
      ]);
    case 7: {
      // A left shift by 2³² or more never ends in OPA (listed among its bugs): only right shifts go that far.
      const left = c.random.chance(0.5);
      const counts = left
        ? ['64', '63', '-1', '100000']
        : ['4294967296', '18446744073709551617', '64', '-1', '100000'];
      return `bits.${left ? 'lsh' : 'rsh'}(${c.random.pick(['1', '-1', '5', '0'])}, ${c.random.pick(counts)})`;
    }
    default:
      return `format_int(${a}, ${c.random.pick(['2', '10', '16'])})`;
  }
}

const TEXTS = [
  '"<a href=\\"x\\">&amp;</a>"',
  '"\\u2028\\u0085"',
  '"😀"',
  '"\\ud83d"',
  '"a\\u0000b"',
  '"ß"',
  '"\\t\\n"',
  '"İ"',
  '""',
];

function textExpr(c: ShapeContext): string {
  const t = c.random.pick(TEXTS);
  switch (c.random.below(7)) {
    case 0:
      return `json.marshal(${c.random.pick([t, `{${t}: ${t}}`, `[${t}]`])})`;
    case 1:
      return `strings.replace_n({${c.random.pick(['""', '"a"', t])}: "-"}, "abc")`;
    case 2:
      return `replace("abc", "", "-")`;
    case 3:
      return `sprintf(${JSON.stringify(c.random.pick(['%q', '%v', '%x', '%s', '%5s']))}, [${t}])`;
    case 4:
      return `$"{${t}} {[${t}]} {{"k": ${t}}}"`;
    case 5:
      return `${c.random.pick(['upper', 'lower', 'strings.reverse', 'count', 'base64.encode', 'urlquery.encode', 'json.unmarshal'])}(${t})`;
    default:
      return `indexof_n(${t}, ${c.random.pick(['""', '"a"', t])})`;
  }
}

/** A rule whose value is a number or text extreme. */
export function numbersText(c: ShapeContext): Shape {
  const expr = c.random.chance(0.6) ? numberExpr(c) : textExpr(c);
  const lines = c.random.pick([
    [`${c.name} := ${expr}`],
    [`${c.name} := x if x := ${expr}`],
    [`${c.name} := [${expr}]`],
    [`${c.name} contains ${expr}`],
  ]);
  return { lines, queries: [c.name] };
}
