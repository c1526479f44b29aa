/**
 * Parser edge cases, lenient and strict both ways: `else` without a body followed by another
 * `else`, a dangling `} else`, rules separated by `;`, raw BOMs, template strings (also in v0
 * modules), object comprehensions with an infix key, comments and newlines in odd places.
 */
import type { Shape, ShapeContext } from './shape.ts';

function edge(c: ShapeContext): string[] {
  const n = c.name;
  const cond = c.random.pick(['input.v[0] == 1', 'false', 'true', 'input.s == "a"']);
  return c.random.pick([
    [`${n} := 1 if ${cond} else := 2 else := 3`],
    [`${n} := 1 if ${cond} else := 2 if false else := 3`],
    [`${n} := 1 if { ${cond} } else := 2`, `${n}_x := 1 if { true } else`],
    [`${n} := 1 if { ${cond} }`, '} else'],
    [`${n} := 1; ${n}_b := 2`],
    [`${n} := 1 if ${cond}; ${n}_b := 2`],
    [`${n} := "\uFEFFa"`],
    [`${n} := "a\uFEFF" if ${cond}`],
    [`${n} := $"v={input.v[0]} s={input.s}"`],
    [`${n} := $"{[1, "a"]} {{"k": 1.5}} {input.obj}"`],
    [`${n} := $"\\{x}"`],
    [`${n} := {x / 2: x | some x in [1, 4]}`],
    [`${n} := {x + 1: x | some x in input.xs; is_number(x)}`],
    [`${n} := {-x: x | some x in [1, 2]}`],
    [`${n} := [x | some x in [1, 2]  # comment`, ']'],
    [`${n} := {`, '  1,', '  2,', '}'],
    [`${n} := [1,]`],
    [`${n} := {"a": 1,}`],
    [`${n} := 1 if {`, '}'],
    [`${n} := x if {`, '  x := 1; y := 2', '  y', '}'],
    [`${n} := 0x10`],
    [`${n} := 1e400`],
    [`${n} := -0`],
    [`${n} := .5`],
    [`${n} := "\\u00"`],
    [`${n} := \`raw \\n\``],
    [`${n} if input.v[0] in {1, 2} == true`],
    [`${n} := input.v[0] in input.xs`],
    [`${n} := 1 in [1] in [true]`],
  ]);
}

/** A module-level quirk: a BOM before `package` is handled by the program assembler. */
export function parserEdges(c: ShapeContext): Shape {
  return { lines: edge(c), queries: [c.name] };
}
