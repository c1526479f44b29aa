/**
 * Programs OPA's compiler stages judge: comprehension variables shadowing outer bindings,
 * redeclared and unused declared variables, destructuring that can never match, unsafe
 * variables, deprecated built-ins (refused in v1 modules), v0's leniencies, and constant
 * arguments of the wrong type for built-ins, variables and rules whose inferred types a use rules
 * out (the type checker's verdicts), and rules with two problems of different stages.
 */
import type { Shape, ShapeContext } from './shape.ts';

function comprehension(c: ShapeContext, head: string, body: string): string {
  return c.random.pick([`[${head} | ${body}]`, `{${head} | ${body}}`, `{${head}: 1 | ${body}}`]);
}

function shadowing(c: ShapeContext): string[] {
  const outer = c.random.pick(['input.xs', '[1, 2]', 'input.v[0]', '"s"', '{"a": 1}']);
  const inner = c.random.pick([
    'some x in x',
    'some x in [1, 2]',
    'x := 1',
    'x = 1',
    'some x; x = 3',
    'x := input.v[1]',
    'some _, x in input.obj',
    'x := x',
  ]);
  const comp = comprehension(c, 'x', inner);
  return c.random.pick([
    [`${c.name} := ${comp} if {`, `  x := ${outer}`, '}'],
    [`${c.name} := ${comp} if {`, `  some x in ${outer}`, '}'],
    [`${c.name} := ${comp} if x := ${outer}`],
    [`${c.name} if {`, `  x := ${outer}`, `  every y in [1] { ${inner}; y }`, '}'],
  ]);
}

function redeclared(c: ShapeContext): string[] {
  return c.random.pick([
    [`${c.name} := [y | x := 1; some x in [2]; y := x]`],
    [`${c.name} if {`, '  x := 1', '  some x in [2]', '}'],
    [`${c.name} if {`, '  x := 1', '  x := 2', '}'],
    [`${c.name} if every x, x in [1] { true }`],
    [`${c.name} if {`, '  some x', '  true', '}'],
    [`${c.name} if {`, '  some x, y', '  x = 1', '}'],
    [`${c.name} if some x in input.xs`],
    [`${c.name} := y if {`, '  some x', '  y := 1', '}'],
    [`${c.name} if {`, '  x := 1', '  [x, y] := [1, 2]', '  y', '}'],
    [`${c.name}(x) := x if x := 1`],
  ]);
}

function destructuring(c: ShapeContext): string[] {
  const pattern = c.random.pick([
    '[a, b] := []',
    '[a] := [1, 2]',
    '{"k": a} := {}',
    '[a, [b]] := [1, 2]',
    '[a, b] := [1, 2]',
  ]);
  return [`${c.name} := a if {`, `  ${pattern}`, '}'];
}

function unsafe(c: ShapeContext): string[] {
  return c.random.pick([
    [`${c.name} if x > 1`],
    [`${c.name} := x if not x`],
    [`${c.name} := [x | x > 1]`],
    [`${c.name} if { not input.v[x] }`],
    [`${c.name} := x if { x := y; y := 1 }`],
  ]);
}

const DEPRECATED = [
  'any([true, false])',
  'all([true])',
  're_match("a", "a")',
  'set_diff({1, 2}, {2})',
  'cast_array({1})',
  'cast_set([1, 1])',
  'cast_string("a")',
  'cast_boolean(true)',
  'cast_null(null)',
  'cast_object({})',
  'net.cidr_overlap("10.0.0.0/8", "10.1.2.3")',
];

function deprecated(c: ShapeContext): string[] {
  return [`${c.name} := ${c.random.pick(DEPRECATED)}`];
}

/** Constant arguments of the wrong type: OPA's type checker refuses them at compile time. */
const MISTYPED = [
  'count(1)',
  'upper(1)',
  'concat(1, ["a"])',
  'sum("a")',
  'abs("1")',
  'startswith("a", 1)',
  'object.get([], "a", 1)',
  'array.concat({1}, [1])',
  'to_number([1])',
  'json.marshal()',
  'split("a", 1)',
  '1 + "a"',
  '"a" - 1',
  '{1} - 1',
  '[1] & [2]',
];

function mistyped(c: ShapeContext): string[] {
  const expr = c.random.pick(MISTYPED);
  return c.random.pick([
    [`${c.name} := ${expr}`],
    [`${c.name} if { x := ${expr}; x }`],
    [`${c.name} := [${expr}]`],
  ]);
}

/** A variable or rule whose inferred type the use rules out, or does not (OPA's type checker). */
function typedBindings(c: ShapeContext): string[] {
  const value = c.random.pick([
    '1',
    '"s"',
    '[1, "a"]',
    '{"a": 1}',
    '{1, 2}',
    'count([])',
    'input.v[0]',
    'true',
  ]);
  const use = (x: string) =>
    c.random.pick([
      `upper(${x})`,
      `${x} + 1`,
      `count(${x})`,
      `${x}.a`,
      `${x}[0]`,
      `${x} == "s"`,
      `${x} = 1`,
      `concat(",", ${x})`,
      `[y | some y in ${x}]`,
      `not startswith(${x}, "a")`,
    ]);
  const helper = `q_${c.name}`;
  return c.random.pick([
    [`${c.name} if {`, `  x := ${value}`, `  ${use('x')}`, '}'],
    [`${c.name} if {`, `  some x in [${value}]`, `  ${use('x')}`, '}'],
    [`${c.name} := [x | x := ${value}; ${use('x')}]`],
    [`${helper} := ${value}`, `${c.name} if ${use(helper)}`],
    [`${helper} contains ${value}`, `${c.name} if ${use(helper)}`],
    [`${helper}(a) := ${value} if a`, `${c.name} if ${use(`${helper}(true)`)}`],
  ]);
}

/** Two problems in one rule, of different compiler stages: the one OPA reports first wins. */
function severalProblems(c: ShapeContext): string[] {
  const problems = [
    'z > 1',
    'count(1, 2)',
    'nofn(1)',
    'any([true])',
    'some w; true',
    'upper(1)',
    `${c.name}`,
    'x := 1; x := 2',
  ];
  const first = c.random.pick(problems);
  const second = c.random.pick(problems.filter((p) => p !== first));
  return [`${c.name} if {`, `  ${first}`, `  ${second}`, '}'];
}

/** v0 modules only: what v0 accepts and v1 refuses. */
function v0Leniency(c: ShapeContext): string[] {
  return c.random.pick([
    [`${c.name} { input := 2 }`],
    [`${c.name}[x] { x := input.xs[_] }`],
    [`${c.name} { true }`],
    [`${c.name} = x { x := 1 }`],
    [`${c.name} { data := 1 }`],
    [`${c.name} = [input, x] { x := 1; input := 2 }`],
    [`f_${c.name}(input) = 1`, `${c.name} = x { x := f_${c.name}(2) }`],
    [`${c.name}[x] = y { y := input.obj[x] }`],
  ]);
}

/** One program shape OPA's compiler stages decide on. */
export function compileChecks(c: ShapeContext): Shape {
  const families = [
    shadowing,
    redeclared,
    destructuring,
    unsafe,
    deprecated,
    mistyped,
    typedBindings,
    typedBindings,
    severalProblems,
  ];
  if (c.v0) families.push(v0Leniency, v0Leniency);
  return { lines: c.random.pick(families)(c), queries: [c.name] };
}
