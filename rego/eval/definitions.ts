/**
 * Compiling one rule definition (its body and `else` branches) into steps over a fresh frame.
 * Function parameters arrive in slots 1…n; slot 0 holds what the definition produces (its value,
 * or the set/object accumulator it adds to).
 */
import type { IrTerm, ResolvedRule } from '../compiler/index.ts';
import type { Value } from '../value/index.ts';
import { bodyCompiler } from './body-compiler.ts';
import type { Ctx } from './context.ts';
import { type Bound, type Cx, type Frame, Layout, type Next, type Program, type Step } from './layout.ts';
import { compileBody } from './literals.ts';
import { compileMatch } from './unify.ts';

/** A compiled definition. */
export interface CompiledDefinition {
  readonly rule: ResolvedRule;
  /** Frame size. */
  readonly size: number;
  /** Main body first, then the `else` branches in order. */
  readonly bodies: readonly Step[];
}

/** Builds the terminal step of a body producing `value` (the main value or an `else` value). */
export type TerminalFactory = (cx: Cx, value: IrTerm | undefined, bound: Bound) => Step;

/** Compiles `rule` with `terminal` at the end of each body. */
export function compileDefinition(
  program: Program,
  rule: ResolvedRule,
  terminal: TerminalFactory,
): CompiledDefinition {
  const layout = new Layout(1 + rule.args.length);
  const cx = bodyCompiler(program, layout);
  const entry = new Set<string>();
  rule.args.forEach((a, i) => {
    if (a.k === 'var') {
      layout.alias(a.name, 1 + i);
      entry.add(a.name);
    }
  });
  const params = (next: Next): Step => matchParams(cx, rule.args, 0, entry, next);
  const bodies = [
    params((b) => compileBody(cx, rule.body.literals, b, (b2) => terminal(cx, rule.value ?? rule.key, b2))),
    ...rule.elses.map((e) =>
      params((b) => compileBody(cx, e.body.literals, b, (b2) => terminal(cx, e.value, b2))),
    ),
  ];
  return { rule, size: layout.size, bodies };
}

function matchParams(cx: Cx, args: readonly IrTerm[], i: number, bound: Bound, next: Next): Step {
  if (i === args.length) return next(bound);
  const a = args[i] as IrTerm;
  if (a.k === 'var') return matchParams(cx, args, i + 1, bound, next);
  const slot = 1 + i;
  return compileMatch(
    cx,
    a,
    (_, f) => f[slot] as Value,
    bound,
    (b) => matchParams(cx, args, i + 1, b, next),
  );
}

/**
 * Runs a definition: its main body, then each `else` branch until one produces slot 0.
 * `init` prepares each fresh frame (arguments, accumulator); `branches` (default all) are the
 * bodies to try (0 the main one), as the rule index selected them.
 */
export function runDefinition(
  ctx: Ctx,
  d: CompiledDefinition,
  init?: (f: Frame) => void,
  branches?: readonly number[],
): Value | undefined {
  // Indexed, not `branches.map(…)`: a rule evaluated for every row of a list would allocate an
  // array of its bodies each time.
  const count = branches ? branches.length : d.bodies.length;
  for (let i = 0; i < count; i++) {
    const body = d.bodies[branches ? (branches[i] as number) : i] as Step;
    const f: Frame = new Array(d.size);
    init?.(f);
    body(ctx, f);
    if (f[0] !== undefined) return f[0] as Value;
  }
  return undefined;
}

/**
 * Runs a function's definition as {@link runDefinition} does, with `args` in slots 1…n of each
 * fresh frame (no closure made per call: a function called for every row of a list).
 */
export function runCall(
  ctx: Ctx,
  d: CompiledDefinition,
  args: readonly Value[],
  branches?: readonly number[],
): Value | undefined {
  const count = branches ? branches.length : d.bodies.length;
  for (let i = 0; i < count; i++) {
    const body = d.bodies[branches ? (branches[i] as number) : i] as Step;
    const f: Frame = new Array(d.size);
    for (let a = 0; a < args.length; a++) f[a + 1] = args[a];
    body(ctx, f);
    if (f[0] !== undefined) return f[0] as Value;
  }
  return undefined;
}
