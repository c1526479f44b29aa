/**
 * The orders the safety stage decides inside one expression, for the evaluator to follow: which
 * of several terms is evaluated first, and in which order two patterns unify element by element.
 */
import type { IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { type Analysis, type Bound, pairsInOrder, valuesInOrder } from './term-bindings.ts';

const trial = (tree: RuleNode<ResolvedRule>): Analysis => ({ tree, nested: undefined });

/**
 * The indexes of `terms` in evaluation order given `bound`: left to right, except that a term
 * waiting for a variable lets the first term that is ready go first.
 *
 * @example
 * evaluationOrder(tree, [foo, inputFoosAtFoo], new Set()); // [1, 0]
 */
export function evaluationOrder(
  tree: RuleNode<ResolvedRule>,
  terms: readonly IrTerm[],
  bound: Bound,
): readonly number[] {
  return valuesInOrder(trial(tree), terms, bound, () => undefined).order;
}

/** The indexes of the element `pairs` of two patterns in the order they unify given `bound`. */
export function unificationOrder(
  tree: RuleNode<ResolvedRule>,
  pairs: readonly (readonly [IrTerm, IrTerm])[],
  bound: Bound,
): readonly number[] {
  return pairsInOrder(trial(tree), pairs, bound, () => undefined).order;
}
