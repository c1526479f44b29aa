/**
 * @module rego/compiler/safety
 * The safety stage: what evaluating each term and expression binds, the safe order of every
 * body, and the orders inside an expression the evaluator follows.
 */
export { evaluationOrder, unificationOrder } from './evaluation-order.ts';
export { memberLookup } from './literal-bindings.ts';
export { checkQuerySafety, checkSafety } from './safety-stage.ts';
export type { Bound } from './term-bindings.ts';
export { unboundPatternVars, withBound } from './term-bindings.ts';
export { patternPairs } from './unify-bindings.ts';
