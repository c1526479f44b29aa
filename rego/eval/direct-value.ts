/**
 * The fast path of a complete rule defined once without body or `else` (`p := 1`,
 * `user := input.user`) whose value reads without iterating: its value is computed directly,
 * without frame or definition loop.
 */
import type { IrTerm, ResolvedRule } from '../compiler/index.ts';
import { equal, type Value } from '../value/index.ts';
import { bodyCompiler } from './body-compiler.ts';
import type { Ctx } from './context.ts';
import { FAIL, type Frame, type Getter, Layout, type Program } from './layout.ts';
import { compileValue } from './terms.ts';

/** The value of rules that are constants (`p := 1`), which needs no evaluation. */
function constantValue(rules: readonly ResolvedRule[]): Value | undefined {
  const first = rules[0]?.value;
  if (first?.k !== 'const') return undefined;
  const constant = rules.every(
    (r) =>
      r.body.literals.length === 0 &&
      r.elses.length === 0 &&
      r.value?.k === 'const' &&
      equal(r.value.value, first.value),
  );
  return constant ? first.value : undefined;
}

/**
 * The direct evaluation of a complete rule's `rules` (all but its `fallback`), or `undefined`
 * when they need the general path.
 */
export function directValue(
  program: Program,
  rules: readonly ResolvedRule[],
  fallback: ResolvedRule | undefined,
): ((ctx: Ctx) => Value | undefined) | undefined {
  const constant = constantValue(rules);
  if (constant !== undefined) return () => constant;
  const [rule] = rules;
  if (rules.length !== 1 || fallback || !rule || rule.body.literals.length > 0 || rule.elses.length > 0)
    return undefined;
  const cx = bodyCompiler(program, new Layout());
  let getter: Getter | undefined;
  let iterates = false;
  compileValue(cx, rule.value as IrTerm, new Set(), (g, bound) => {
    getter = g;
    iterates = bound.size > 0;
    return FAIL;
  });
  if (!getter || iterates || cx.layout.size > 1) return undefined;
  const get = getter;
  const frame: Frame = [];
  return (ctx) => {
    ctx.state.tick();
    return get(ctx, frame);
  };
}
