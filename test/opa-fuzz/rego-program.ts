/**
 * Generated Rego programs for differential testing: one package of rules of every shape OPA
 * has (complete rules with `else` and `default`, partial sets and objects, functions,
 * comprehensions, `every`, negation, `with`), whose built-in calls and operators take their
 * arguments from the input. Arguments come from `input` so that OPA's type checker, which the
 * engine does not have, never refuses a program at compile time for a constant of the wrong type.
 */

import { type OpaVersion, opaAtLeast } from '../../rego/opa-version.ts';
import { BINARY, FORMATS, INFIX, TERNARY, UNARY } from './builtin-calls.ts';
import { EDGE_STRINGS, EDGE_VALUES } from './edge-values.ts';
import type { RandomSource } from './random-source.ts';
import type { BaseDocument } from './shapes/index.ts';

/** A generated program and the input to evaluate it with. */
export interface FuzzProgram {
  /** Package path below `data`, e.g. `fuzz.p12`. */
  readonly packagePath: string;
  /** Source of the module. */
  readonly source: string;
  /**
   * The paths below the package to query (a rule, or a key below a partial rule: `r0`, `o_r1.a`;
   * empty for the package document), each on its own so that which error comes first never
   * depends on order.
   */
  readonly rules: readonly string[];
  readonly input: Record<string, unknown>;
  /** The shape family that generated each of {@link rules} (widened programs only). */
  readonly families?: readonly string[];
  /** Syntax of the module (default `v1`). */
  readonly regoVersion?: 'v0' | 'v1';
  /** Whether built-in errors are raised (`strict-builtin-errors`; default true). */
  readonly strict?: boolean;
  /** Base documents loaded under `data` beside the module. */
  readonly documents?: readonly BaseDocument[];
}

const INPUT_SLOTS = 8;

/** A random input: value slots `v`, a list `xs`, an object `obj`, a string `s`. */
export function generateInput(random: RandomSource): Record<string, unknown> {
  const values = (n: number) => Array.from({ length: n }, () => random.pick(EDGE_VALUES));
  const obj: Record<string, unknown> = {};
  for (const key of ['a', 'b', 'c', '']) if (random.chance(0.6)) obj[key] = random.pick(EDGE_VALUES);
  return { v: values(INPUT_SLOTS), xs: values(2 + random.below(4)), obj, s: random.pick(EDGE_STRINGS) };
}

/**
 * An argument: an input value or collection. (A set built by a comprehension would have a static
 * type that OPA's type checker refuses for most built-ins at compile time.)
 */
function operand(random: RandomSource): string {
  const choice = random.below(10);
  if (choice < 7) return `input.v[${random.below(INPUT_SLOTS)}]`;
  if (choice < 9) return random.pick(['input.xs', 'input.obj', 'input.s']);
  return `input.obj[${JSON.stringify(random.pick(['a', 'b', 'missing']))}]`;
}

function call(random: RandomSource): string {
  const shape = random.below(10);
  if (shape < 4) return `${random.pick(UNARY)}(${operand(random)})`;
  if (shape < 7) return `${random.pick(BINARY)}(${operand(random)}, ${operand(random)})`;
  if (shape < 8) return `${random.pick(TERNARY)}(${operand(random)}, ${operand(random)}, ${operand(random)})`;
  if (shape < 9)
    return `sprintf(${JSON.stringify(random.pick(FORMATS))}, [${operand(random)}, ${operand(random)}])`;
  return `${operand(random)} ${random.pick(INFIX)} ${operand(random)}`;
}

/** A condition on the local variable `x`. */
function condition(random: RandomSource, x: string): string {
  switch (random.below(8)) {
    case 0:
      return `${x} > ${random.pick(['0', '1', '"a"', 'null'])}`;
    case 1:
      return `${x} == ${random.pick(['"a"', '1', 'true', '[]'])}`;
    case 2:
      return `is_${random.pick(['string', 'number', 'array', 'object'])}(${x})`;
    case 3:
      return `count(${x}) > 1`;
    case 4:
      return `startswith(${x}, "a")`;
    case 5:
      return `${x} in {1, "a", null}`;
    case 6:
      return `not ${x}`;
    default:
      return `${x} != ${operand(random)}`;
  }
}

/** Rules using the logical operators of OPA v1.22 (`and`, `or`, `not { … }`). */
function logicRule(random: RandomSource, name: string): string[] {
  const cond = (x: string) => condition(random, x);
  const op = () => random.pick(['and', 'or']);
  switch (random.below(4)) {
    case 0:
      return [
        `${name} if ${cond(operand(random))} ${op()} ${cond(operand(random))} ${op()} ${cond(operand(random))}`,
      ];
    case 1:
      return [
        `${name} contains x if {`,
        '  some x in input.xs',
        `  ${cond('x')} ${op()} { ${cond('x')}; ${cond('x')} }`,
        '}',
      ];
    case 2:
      return [`${name} if not { some x in input.xs; ${cond('x')} ${op()} not ${cond('x')} }`];
    default:
      return [
        `${name} := [x | some x in input.xs; (${cond('x')} ${op()} ${cond('x')}) ${op()} not ${cond('x')}]`,
      ];
  }
}

/** One rule of the classic shapes (built-in calls and operators on input values). */
export function classicRule(random: RandomSource, name: string, pkg: string, logic: boolean): string[] {
  const cond = (x: string) => condition(random, x);
  const shape = random.below(logic ? 27 : 23);
  if (shape >= 23) return logicRule(random, name);
  switch (shape) {
    case 0:
    case 1:
    case 2:
      return [`${name} := ${call(random)}`];
    case 3:
      return [`${name} contains x if {`, '  some x in input.xs', `  ${cond('x')}`, '}'];
    case 4:
      return [`${name}[k] := v if {`, '  some k, v in input.obj', `  ${cond('v')}`, '}'];
    case 5:
      return [`${name}[x] := y if {`, '  some x in input.xs', `  y := ${random.pick(UNARY)}(x)`, '}'];
    case 6: {
      const comp = random.pick([
        `[y | some y in input.xs; ${cond('y')}]`,
        `{y | some y in input.xs; ${cond('y')}}`,
        `{k: v | some k, v in input.obj; ${cond('v')}}`,
      ]);
      return [`${name} := ${comp}`];
    }
    case 7:
      return [
        `${name} if {`,
        `  every x in ${random.pick(['input.xs', 'input.obj', 'input.s'])} {`,
        `    ${cond('x')}`,
        '  }',
        '}',
      ];
    case 8:
      return [
        `f_${name}(x) := 1 if {`,
        `  ${cond('x')}`,
        `} else := ${random.pick(['2', '"two"', 'x'])} if {`,
        `  ${cond('x')}`,
        '} else := 3',
        `${name} := [f_${name}(y) | some y in input.xs]`,
      ];
    case 9:
      return [
        `f_${name}(x) := x if ${cond('x')}`,
        `f_${name}(x) := "other" if ${cond('x')}`,
        `${name} contains f_${name}(y) if some y in input.xs`,
      ];
    case 10:
      return [
        `q_${name} := ${call(random)}`,
        `${name} := q_${name} with input.v as ${JSON.stringify(Array.from({ length: INPUT_SLOTS }, () => random.pick(EDGE_VALUES)))}`,
      ];
    case 11: {
      const builtin = random.pick(UNARY);
      return [
        `mock_${name}(x) := ${random.pick(['42', '"mocked"', '[x]'])}`,
        `${name} := ${builtin}(${operand(random)}) with ${builtin} as mock_${name}`,
      ];
    }
    case 12:
      return [`${name} := x if {`, '  some x in input.xs', `  ${cond('x')}`, '}'];
    case 13:
      return [
        `q_${name} := ${call(random)}`,
        `${name} := [q_${name}, x] if x := q_${name} with data.${pkg}.q_${name} as ${JSON.stringify(random.pick(EDGE_VALUES))}`,
      ];
    case 14:
      return [`${name} contains [i, x] if {`, '  some i, x in input.xs', `  ${cond('x')}`, '}'];
    case 15:
      return [
        `${name} := {${operand(random)}: ${operand(random)}, "k": [${operand(random)}, ${operand(random)}]}`,
      ];
    case 16:
      return [`${name} := input.xs[${operand(random)}]`];
    case 17:
      return [
        `f_${name}([a, b]) := a if ${cond('b')}`,
        `f_${name}({"k": v}) := v`,
        `${name} contains f_${name}(y) if some y in input.v`,
      ];
    case 18:
      return [
        `${name} if {`,
        '  every k, v in input.obj {',
        `    ${cond('v')}`,
        `    ${cond('k')}`,
        '  }',
        '}',
      ];
    case 19:
      return [
        `g_${name}(x) if ${cond('x')}`,
        `${name} contains x if {`,
        '  some x in input.xs',
        `  not g_${name}(x)`,
        '}',
      ];
    case 20: {
      // Arithmetic only: OPA's type checker refuses e.g. a set (`a & b`) used as a number.
      const op = () => random.pick(['+', '-', '*', '/', '%']);
      return [`${name} := ${operand(random)} ${op()} ${operand(random)} ${op()} ${operand(random)}`];
    }
    case 21:
      return [
        `${name} := n if {`,
        `  x := ${operand(random)}`,
        `  n := count({y | some y in input.xs; y != x})`,
        '}',
      ];
    default:
      return [
        `default ${name} := "default"`,
        `${name} := 1 if {`,
        `  ${cond(operand(random))}`,
        `} else := 2 if {`,
        `  not ${cond(operand(random))}`,
        '}',
      ];
  }
}

/**
 * Generates program `id`: a package `fuzz.p<id>` of one to four rules (`r0`…), and an input.
 * For OPA v1.22.2 and later, the module imports `and`, `or` and `not` bodies and some rules use
 * them (`not expr` then evaluates its operands inside the negation).
 * @example generateProgram(createRandomSource(1), 0).source; // 'package fuzz.p0\n…'
 */
export function generateProgram(
  random: RandomSource,
  id: number,
  opaVersion: OpaVersion = 'v1.15.2',
): FuzzProgram {
  const packagePath = `fuzz.p${id}`;
  const logic = opaAtLeast(opaVersion, 'v1.22.2');
  const lines = [`package ${packagePath}`, ''];
  if (logic)
    lines.push('import future.keywords.and', 'import future.keywords.not', 'import future.keywords.or', '');
  const rules = Array.from({ length: 1 + random.below(4) }, (_, i) => `r${i}`);
  for (const name of rules) lines.push(...classicRule(random, name, packagePath, logic), '');
  return { packagePath, source: lines.join('\n'), rules, input: generateInput(random) };
}
