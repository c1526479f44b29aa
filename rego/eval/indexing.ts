/**
 * The rule index at evaluation: the compiler's index of a node's definitions (see
 * `compiler/rule-index.ts`) turned into a selection of compiled definitions by the value of the
 * indexed input path or argument.
 */
import type { RuleIndex as IndexPlan } from '../compiler/index.ts';
import { canonicalKey, type Value } from '../value/index.ts';
import { lookupPath } from './collections.ts';
import type { Ctx } from './context.ts';
import type { CompiledDefinition } from './definitions.ts';

/** Selects the definitions that may match. */
export interface RuleIndex {
  select(ctx: Ctx, args?: readonly Value[]): readonly CompiledDefinition[];
}

/** The selection of `definitions` (a node's definitions, in order) by the compiler's `plan`. */
export function ruleSelector(
  plan: IndexPlan | undefined,
  definitions: readonly CompiledDefinition[],
): RuleIndex | undefined {
  if (!plan) return undefined;
  const at = (positions: readonly number[]) => positions.map((i) => definitions[i] as CompiledDefinition);
  const { key } = plan;
  const unconstrained = at(plan.unconstrained);
  const byValue = new Map([...plan.byValue].map(([k, positions]) => [k, at(positions)] as const));
  return {
    select(ctx, args) {
      const v = key.kind === 'arg' ? args?.[key.index] : lookupPath(ctx.input, key.path);
      if (v === undefined) return unconstrained;
      return byValue.get(canonicalKey(v)) ?? unconstrained;
    },
  };
}
