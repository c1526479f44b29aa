/**
 * Bodies whose expressions are written before the expressions that bind their variables, in
 * every kind of body OPA orders for safety (a rule body, an `else` branch, a function, an
 * `every` body, a comprehension): OPA places them in passes over the whole body, so which of
 * several failing or undefined expressions runs first — and so the error or the undefined answer
 * — follows its pass structure. The bindings form a chain (`x` from the input, `y` from `x`, `z`
 * from `y`), the uses read them with built-ins that fail on some input values, some inside
 * closures (comprehensions, `every`) that wait for what they close over.
 */
import type { Shape, ShapeContext } from './shape.ts';

const BIND_X = ['x = input.v[I]', 'x = input.xs[I]', 'x = input.obj', 'x = input.s', 'x = input.v'];
const BIND_Y = ['y = x', 'y = x.a', 'y = [x]', 'y = x[0]', 'y = count(x)'];
const BIND_Z = ['z = y', 'z = upper(y)', 'z = y + 1', 'z = [w | some w in y]'];

/** Uses of a bound variable `V`: some fail on some values, some are undefined on others. */
const USES = [
  'V.a',
  'count(V) > 0',
  'upper(V)',
  'V + 1 > 0',
  'startswith(V, "a")',
  'to_number(V)',
  'not V == 1',
  'V[_]',
  '[1 | V == 2] == [1]',
  'count([w | some w in V]) >= 0',
  'every e in [V] { e }',
  'is_string(V)',
];

function literal(c: ShapeContext, template: string, v = 'x'): string {
  return template.replace(/V/g, v).replace(/I/g, String(c.random.below(8)));
}

/** The literals of one body, in an order where uses may precede the bindings they need. */
function body(c: ShapeContext): string[] {
  const depth = 1 + c.random.below(3);
  const vars = ['x', 'y', 'z'].slice(0, depth);
  const binders = [c.random.pick(BIND_X), c.random.pick(BIND_Y), c.random.pick(BIND_Z)]
    .slice(0, depth)
    .map((b) => literal(c, b));
  // Distinct uses: OPA refuses a waiting body that writes one expression twice (its own bug).
  const uses = [
    ...new Set(
      Array.from({ length: 1 + c.random.below(3) }, () =>
        literal(c, c.random.pick(USES), c.random.pick(vars)),
      ),
    ),
  ];
  const literals = [...binders, ...uses];
  // A random order, uses first more often than not.
  for (let i = literals.length - 1; i > 0; i--) {
    const j = c.random.below(i + 1);
    [literals[i], literals[j]] = [literals[j] as string, literals[i] as string];
  }
  return literals;
}

/** One body wrapped in one of the kinds of body OPA orders. */
export function bodyOrder(c: ShapeContext): Shape {
  const n = c.name;
  const lits = body(c);
  const inner = lits.join('; ');
  const lines = c.random.pick([
    () => [`${n} if {`, ...lits.map((l) => `  ${l}`), '}'],
    () => [`${n} := 1 if { input.v[0] == "never" } else := 2 if {`, ...lits.map((l) => `  ${l}`), '}'],
    () => [
      `f_${n}(p) := 1 if {`,
      ...lits.map((l) => `  ${l.replace('input.v', 'p')}`),
      '}',
      `${n} := f_${n}(input.v)`,
    ],
    () => [`${n} if {`, '  k := 1', `  every q in [k] { q == 1; ${inner} }`, '}'],
    () => [`${n} := [x | ${inner}]`],
    () => [`${n} := {x | ${inner}}`],
    () => [`${n} := count([1 | ${inner}])`],
  ])();
  return { lines, queries: [n] };
}
