/**
 * Partial-object and ref-head rules queried one key at a time, directly and through rule
 * references: OPA evaluates only what the queried key needs, so a conflict or built-in error of
 * another key must not surface. Definitions overlap on some keys, some conflict, some fail.
 */
import { quote, type Shape, type ShapeContext, subset } from './shape.ts';

const KEYS = ['a', 'b', 'c'];

/** A value expression of one definition: constant, input-derived, or one that can fail. */
function value(c: ShapeContext, k: string): string {
  return c.random.pick([
    '1',
    '2',
    '"x"',
    'true',
    k,
    'count(input.s)',
    'input.v[0] + 1',
    '1 / input.v[1]',
    `object.get(input.obj, ${k}, 0)`,
    '[1, 2]',
  ]);
}

/** A body literal that holds for some keys, fails for others, or errors. */
function guard(c: ShapeContext, k: string): string {
  return c.random.pick([
    `${k} != "b"`,
    `${k} == ${quote(c.random.pick(KEYS))}`,
    'input.v[2] > 0',
    'count(input.v[3]) >= 0',
    'startswith(input.s, "a")',
    `is_string(${k})`,
    'true',
  ]);
}

function keyList(c: ShapeContext): string {
  return `[${subset(c.random, [...KEYS, 'd'], 1 + c.random.below(3))
    .map(quote)
    .join(', ')}]`;
}

/** One definition of the object rule `name`. */
function definition(c: ShapeContext, name: string, refHeads: boolean): string[] {
  const shape = c.random.below(refHeads ? 11 : 5);
  const body = c.random.chance(0.5) ? [guard(c, 'k')] : [];
  switch (shape) {
    case 0:
      return [
        `${name}[k] := ${value(c, 'k')} if {`,
        `  some k in ${keyList(c)}`,
        ...body.map((b) => `  ${b}`),
        '}',
      ];
    case 1:
      return [`${name}[k] := v if {`, '  some k, v in input.obj', ...body.map((b) => `  ${b}`), '}'];
    case 2: {
      const k = quote(c.random.pick(KEYS));
      return [`${name}[${k}] := ${value(c, k)} if {`, ...[guard(c, k)].map((b) => `  ${b}`), '}'];
    }
    case 3:
      return [
        `${name}[k] := ${value(c, 'k')} if {`,
        `  k := ${quote(c.random.pick(KEYS))}`,
        '  1 / input.v[4] > 0',
        '}',
      ];
    case 4:
      return [`${name}[k] := ${value(c, 'k')} if {`, `  k := lower(input.s)`, '}'];
    case 5: {
      const k = c.random.pick(KEYS);
      return [`${name}.${k} := ${value(c, quote(k))} if ${guard(c, quote(k))}`];
    }
    // Rules of the nodes below the object: each one of the object's rules in OPA's index.
    case 7: {
      const k = quote(c.random.pick(KEYS));
      return [`${name}[${k}] := ${value(c, k)}`];
    }
    case 8:
      return [`default ${name}.${c.random.pick(KEYS)} := 0`];
    case 9: {
      const k = c.random.pick(KEYS);
      return [`${name}.${k}.${c.random.pick(['n', 'm'])} := ${value(c, quote(k))}`];
    }
    case 10:
      return [`${name}.${c.random.pick(KEYS)} contains ${value(c, '"s"')}`];
    default:
      return [
        `${name}[k].n := ${value(c, 'k')} if {`,
        `  some k in ${keyList(c)}`,
        ...body.map((b) => `  ${b}`),
        '}',
      ];
  }
}

/** A rule reading the object `o` through a reference. */
function reader(c: ShapeContext, o: string, name: string): string[] {
  const k = quote(c.random.pick([...KEYS, 'zz']));
  switch (c.random.below(7)) {
    case 5:
      return [`${name} := ${o}`];
    case 6:
      return [`${name} := count(${o})`];
    case 0:
      return [`${name} if not ${o}[${k}]`];
    case 1:
      return [`${name} := ${o}[${k}]`];
    case 2:
      return [`${name} := x if {`, `  x := ${o}[input.s]`, '}'];
    case 3:
      return [`${name} := [v | some v in ${o}]`];
    default:
      return [`${name} := object.get(${o}, ${k}, "none")`];
  }
}

/**
 * Partial-object (and in v1 ref-head) rules with overlapping, conflicting and failing
 * definitions, queried by key and read by another rule.
 */
export function partialRules(c: ShapeContext): Shape {
  const o = `o_${c.name}`;
  const refHeads = !c.v0;
  const lines: string[] = [];
  const n = 1 + c.random.below(3);
  for (let i = 0; i < n; i++) lines.push(...definition(c, o, refHeads));
  lines.push(...reader(c, o, c.name));
  const queries = [c.name, ...subset(c.random, [...KEYS, 'd', 'zz'], 2).map((k) => `${o}.${k}`)];
  if (c.random.chance(0.4)) queries.push(o);
  return { lines, queries };
}

/** Complete rules and functions that conflict, exit early or fall to `else`. */
export function completeConflicts(c: ShapeContext): Shape {
  const value = () => c.random.pick(['1', '1', '2', 'input.v[0]', '[1]']);
  const cond = () => c.random.pick(['input.v[1] > 0', 'true', 'input.s == "a"', 'count(input.v[2]) > 0']);
  const lines: string[] = [];
  const f = `f_${c.name}`;
  const n = 1 + c.random.below(3);
  for (let i = 0; i < n; i++) {
    // An else branch reading the parameter (OPA indexes its uses as the main body's).
    const elseBody = c.random.pick(['', '', ' if { y := x; y }', ' if { x == "k" }', ' if { x }']);
    const elseClause = c.random.chance(0.4) ? ` else := ${value()}${elseBody}` : '';
    if (c.random.chance(0.5)) lines.push(`${f}(x) := ${value()} if { ${cond()}; x }${elseClause}`);
    else lines.push(`${f}(x) := ${value()} if ${cond()}${elseClause}`);
  }
  lines.push(`${c.name} := ${f}(${c.random.pick(['true', 'false', 'input.v[3]', '"k"'])})`);
  return { lines, queries: [c.name] };
}
