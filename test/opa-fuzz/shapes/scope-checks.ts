/**
 * Scoping and inference shapes composed from parts rather than listed: a nested body (comprehension,
 * `every`, head value, `else` value) declaring a name the enclosing body binds (by `:=`, `=`,
 * `some`, a parameter) from that name's value; `some input in` and `some data in`; function
 * parameters whose first use types them, called with arguments of every type; unary minus before
 * terms of every kind; bare and valued `else` followed by other rules; `every` bodies declaring
 * a name the enclosing body binds; `some x in` a collection naming `x`; parameters written as
 * patterns.
 */
import type { Shape, ShapeContext } from './shape.ts';

const VALUES = ['1', '"s"', '[1, 2]', '{"a": 1}', 'true', 'null', 'input.v[0]', 'input.xs'];

/** `x := <uses x>` in a nested body, the outer `x` bound one of four ways (or not at all). */
function nestedAssign(c: ShapeContext): string[] {
  const n = c.name;
  const outer = c.random.pick(['x := 1', 'x = 1', 'some x in [1]', 'x := input.v[0]', '']);
  const value = c.random.pick(['x', 'x + 1', '[x]', 'count([x])', 'x.a']);
  const inner = c.random.pick([`x := ${value}`, `[x, y] := [${value}, 1]`, `x := 2; z := ${value}`]);
  const body = outer ? [outer] : [];
  return c.random.pick([
    [`${n} := y if {`, ...body.map((b) => `  ${b}`), `  y := [w | ${inner}; w := x]`, '}'],
    [`${n} if {`, ...body.map((b) => `  ${b}`), `  every y in [1] { ${inner}; y }`, '}'],
    [`${n} := [w | ${inner}; w := x] if {`, ...body.map((b) => `  ${b}`), '}'],
    [`f_${n}(x) := y if { y := [w | ${inner}; w := x] }`, `${n} := f_${n}(1)`],
    [`${n} := 1 if false else := [w | ${inner}; w := x] if { ${outer || 'true'} }`],
  ]);
}

/**
 * An `every` body declaring a name the enclosing body binds (or not), used before and after the
 * declaration and in the domain: OPA rewrites the whole expression with the body's declarations.
 */
function everyRebinding(c: ShapeContext): string[] {
  const outer = c.random.pick(['x = 1', 'x := 1', 'x = input.v[0]', 'some x in [1]', '']);
  const domain = c.random.pick(['[1]', '[1]', '[x]', '[x, 1]', 'input.xs']);
  const before = c.random.pick(['y == x', 'x.a', 'x == 1', 'upper(x)', 'y']);
  const value = c.random.pick(['3', '1', 'x + 1', 'y', 'x.a', '[x]']);
  const after = c.random.pick(['y', 'y == x', 'x.a', 'count(x) > 0']);
  const inner = c.random.pick([
    `${before}; x := ${value}; ${after}`,
    `x := ${value}; ${after}`,
    `${before}; some x in [${value}]; ${after}`,
  ]);
  return [`${c.name} if {`, ...(outer ? [`  ${outer}`] : []), `  every y in ${domain} { ${inner} }`, '}'];
}

/** `some x in <coll>` where the collection mentions the name it declares, `x` bound outside. */
function iterationShadowing(c: ShapeContext): string[] {
  const bind = c.random.pick([':=', '=']);
  const value = c.random.pick([...VALUES, '[]', '{}', 'set()', '[[1]]', '{1, 2}']);
  const coll = c.random.pick(['x', 'x', '[x, 2]', '[x]', 'x.a', '[x][0]']);
  const comp = c.random.pick([
    `[x | some x in ${coll}]`,
    `{x | some x in ${coll}}`,
    `[k | some k, x in ${coll}]`,
    `{k: x | some k, x in ${coll}}`,
  ]);
  return c.random.pick([
    [`${c.name} := ${comp} if x ${bind} ${value}`],
    [`${c.name} := y if {`, `  x ${bind} ${value}`, `  y := ${comp}`, '}'],
    [`${c.name} if {`, `  x ${bind} ${value}`, `  some x in ${coll}`, '}'],
  ]);
}

/** A function whose parameter is a pattern its variables' first uses type, called with anything. */
function patternParams(c: ShapeContext): string[] {
  const f = `f_${c.name}`;
  const pattern = c.random.pick(['[x]', '[x, y]', '[1, x]', '{"k": x}', '[[x]]']);
  const use = c.random.pick(['upper(x)', 'x + 1', 'count(x)', 'x == 1', 'y := x; y', 'x.a']);
  const arg = c.random.pick([...VALUES, '[1]', '["a"]', '[1, "a"]', '{"k": 1}', '{"k": "a"}', '[[1]]']);
  const def = c.random.pick([
    [`${f}(${pattern}) := r if { r := ${use} }`],
    [`${f}(${pattern}) if { ${use} } else := 0`],
  ]);
  return [...def, `${c.name} := ${f}(${arg})`];
}

/** `some input in …` / `some data in …`: membership tests of the documents. */
function rootIteration(c: ShapeContext): string[] {
  const doc = c.random.pick(['input', 'input', 'data']);
  const coll = c.random.pick(['[1, 2]', '[input]', 'input.xs', '[input.v[0]]']);
  const head = c.random.pick([
    `some ${doc} in ${coll}`,
    `some _, ${doc} in ${coll}`,
    `some ${doc}, v in ${coll}; v`,
  ]);
  return c.random.pick([[`${c.name} if { ${head} }`], [`${c.name} := [1 | ${head}]`]]);
}

/** A function whose parameter's first use may type it, called with a value of any type. */
function paramTypes(c: ShapeContext): string[] {
  const f = `f_${c.name}`;
  const use = c.random.pick([
    'upper(x)',
    'x + 1',
    'count(x)',
    'concat(",", x)',
    'x == 1; upper(x)',
    'is_string(x); upper(x)',
    'y := x; upper(y)',
    `g_${c.name}(x)`,
    'x.a',
    'startswith(x, "a")',
  ]);
  const def = c.random.pick([
    [`${f}(x) := r if { r := ${use} }`],
    [`${f}(x) if { ${use} }`],
    [`${f}(x) if { ${use} } else := false`],
    [`${f}(x) if { ${use} }`, `${f}(x) if { x + 1 }`],
  ]);
  const helper = `g_${c.name}(y) := upper(y)`;
  return [...def, helper, `${c.name} := ${f}(${c.random.pick(VALUES)})`];
}

/** Unary minus before a term of any kind (OPA v1.22 reads some of them as `minus(0, t)`). */
function unaryMinus(c: ShapeContext): string[] {
  const term = c.random.pick([
    'input.v[0]',
    'x',
    'count(input.xs)',
    'input.xs[1]',
    'true',
    '"a"',
    '[1]',
    '(1 + 1)',
    '-input.v[0]',
    'input',
  ]);
  const expr = c.random.pick([`-${term}`, `- ${term}`, `1 - -${term}`, `-${term} * 2`, `[-${term}]`]);
  return c.random.pick([
    [`${c.name} := ${expr} if x := input.v[5]`],
    [`${c.name} := {${expr}: x | some x in [1, 2]}`],
  ]);
}

/** `else` with and without a value or body, followed by another rule or the end of the file. */
function elseForms(c: ShapeContext): string[] {
  const cond = c.random.pick(['false', 'true', 'input.v[0] == 1']);
  const tail = c.random.pick([
    'else',
    'else := 2',
    'else = 2',
    'else if true',
    'else := 2 if true',
    'else {',
    '',
  ]);
  const next = c.random.pick([[], [`${c.name}_b := 1`], ['# comment'], ['  true', '}']]);
  return [`${c.name} := 1 if { ${cond} } ${tail}`.trimEnd(), ...next];
}

/** One scoping, inference or parsing shape; a program of its own (OPA may refuse it whole). */
export function scopeChecks(c: ShapeContext): Shape {
  const shape = c.random.pick([
    nestedAssign,
    nestedAssign,
    rootIteration,
    paramTypes,
    paramTypes,
    unaryMinus,
    elseForms,
    everyRebinding,
    iterationShadowing,
    patternParams,
  ]);
  return { lines: shape(c), queries: [c.name] };
}
