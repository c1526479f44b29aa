/**
 * Shapes around OPA's type checker and rule index: selections from empty composites of each kind
 * (`set()` has members of no type), `and`/`or` chains with a built-in error or an index key in
 * each position (OPA v1.22's operators), and `every` bodies and comprehensions whose built-in
 * raises its error on each kind of member, before or after a read of an undefined path.
 */
import { ruleIf, type Shape, type ShapeContext } from './shape.ts';

const EMPTIES = ['set()', '[]', '{}', '{"s": set()}', '[set()]', 'set() | set()', '{set()}'];

/** Uses of `x`; `$` stands for the member an empty composite written inside another has. */
const SELECTIONS = [
  '$.a',
  '$.a.b',
  '$[0]',
  '$[1].b',
  '$[true].b',
  '$[null][0]',
  '$.a == 1',
  '$[1] == "a"',
  'count($.a) > 0',
  'abs($.a) > 0',
  'upper($.a) == "A"',
  'some y in $.a',
  '$[_].b',
  'some y in $\n  y.b',
  'y := $.a\n  y.b',
  'z := [y | y := $.a.b]',
  'not $.a.b',
  '$[[1]][1]',
  '$[input.s].b',
];

function emptySelection(c: ShapeContext): Shape {
  const { random, name } = c;
  const empty = random.pick(EMPTIES);
  const member = empty.startsWith('{"s"') ? 'x.s' : empty.startsWith('[set') ? 'x[0]' : 'x';
  const use = random.pick(SELECTIONS).replaceAll('$', member);
  if (random.chance(0.25)) {
    // Through a rule whose value is the empty composite.
    const ruleUse = random.pick(SELECTIONS).replaceAll('$', `p_${name}`);
    return { lines: [`p_${name} := ${empty}`, ...ruleIf(name, ruleUse.split('\n  '))], queries: [name] };
  }
  const [first, ...rest] = use.split('\n  ');
  // In an `every` body, where OPA types the reference with the enclosing body's variables.
  const body = random.chance(0.2)
    ? [`x := ${empty}`, 'every w in [1] {', `  ${first}`, '  w', '}']
    : [`x := ${empty}`, first as string, ...rest];
  return { lines: ruleIf(name, body), queries: [name] };
}

/** Operands of `and`/`or`: index keys, affix tests, built-in errors, plain tests. */
const OPERANDS = [
  'input.v[1] == 7',
  'input.v[1] == "a"',
  'input.v[0] in {1, "a", null}',
  'input.v[0] in ["10Mi", 7]',
  'input.s in {"a": "abc"}',
  'startswith(input.obj, "a")',
  'startswith(input.s, "a")',
  'endswith(input.v[2], "c")',
  '1 / input.obj > 0',
  'count(input.v[1]) > 1',
  'to_number(input.s) > 0',
  'input.s',
  'input.nope',
  'true',
];

function logicChain(c: ShapeContext): Shape {
  const { random, name } = c;
  const op = () => random.pick(['and', 'or']);
  const a = () => random.pick(OPERANDS);
  const chain = `${a()} ${op()} ${a()}${random.chance(0.6) ? ` ${op()} ${a()}` : ''}`;
  switch (random.below(3)) {
    case 0:
      return { lines: [`${name} if ${chain}`], queries: [name] };
    case 1:
      return { lines: ruleIf(name, [`${a()}`, random.chance(0.5) ? chain : `(${chain})`]), queries: [name] };
    default:
      return { lines: [`${name} if ${a()} ${op()} (${chain})`], queries: [name] };
  }
}

const MEMBER_CALLS = [
  'startswith(v, "a")',
  'upper(v) != "Q"',
  'count(v) > 0',
  'v + 1 > 0',
  'abs(v) > 0',
  'endswith(v, "c")',
];
const MEMBER_TAILS = ['k != input.obj.b', 'k != input.nope', 'k != "q"', 'v != input.s', 'input.nope == k'];
const COLLECTIONS = ['input.obj', 'input.v', 'input.xs', '[1, "a", {}, ["a"]]', '{"a": [1], "b": "abc"}'];

function memberErrors(c: ShapeContext): Shape {
  const { random, name } = c;
  const parts = [random.pick(MEMBER_CALLS), random.pick(MEMBER_TAILS)];
  if (random.chance(0.4)) parts.reverse();
  const coll = random.pick(COLLECTIONS);
  const vars = parts.some((p) => /\bk\b/.test(p)) ? 'k, v' : 'v';
  if (random.chance(0.3))
    return { lines: [`${name} := [v | some ${vars} in ${coll}; ${parts.join('; ')}]`], queries: [name] };
  return {
    lines: ruleIf(name, [`every ${vars} in ${coll} {`, ...parts.map((p) => `  ${p}`), '}']),
    queries: [name],
  };
}

/** Selections from empty composites, `and`/`or` chains (v1.22 with its keywords), member errors. */
export function typeSelections(c: ShapeContext): Shape {
  const kind = c.random.below(c.logic ? 3 : 2);
  if (kind === 2) return logicChain(c);
  return kind === 0 ? emptySelection(c) : memberErrors(c);
}
