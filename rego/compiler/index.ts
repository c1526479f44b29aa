/**
 * @module rego/compiler
 * The Rego compiler, staged as OPA's: the rule tree with its conflict checks, name resolution
 * into the intermediate form, the recursion check, the safety check that orders every body,
 * and the rule indexes (see `pipeline.ts`).
 */

export type { IndexEntry, IndexLookup, RuleIndex, RuleIndexes } from './indexes/index.ts';
export type { Callee, IrBody, IrElse, IrExpr, IrLiteral, IrRule, IrTerm, IrWith, WithTarget } from './ir.ts';
export { walkBody, walkLiteral, walkRule, walkTerm } from './ir-walk.ts';
export type { CompiledRules } from './pipeline.ts';
export { compileModules, compileQuery } from './pipeline.ts';
export { dependencies } from './recursion.ts';
export { INLINE_BUILTINS } from './resolve-context.ts';
export type { ResolvedQuery } from './resolve-query.ts';
export type { ResolvedRule } from './resolve-rule.ts';
export type { NodeClass, RuleShape } from './rule-tree.ts';
export { RuleNode } from './rule-tree.ts';
export type { Bound } from './safety/index.ts';
export {
  evaluationOrder,
  memberLookup,
  patternPairs,
  unboundPatternVars,
  unificationOrder,
  withBound,
} from './safety/index.ts';
export { displayName } from './scope.ts';
