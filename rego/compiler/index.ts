/**
 * @module rego/compiler
 * Rego compiler front end: name resolution into the intermediate form, the rule tree
 * with OPA's conflict checks, and the recursion check.
 */
export type { Callee, IrBody, IrElse, IrExpr, IrLiteral, IrRule, IrTerm, IrWith, WithTarget } from './ir.ts';
export { walkBody, walkLiteral, walkRule, walkTerm } from './ir-walk.ts';
export { checkRecursion } from './recursion.ts';
export type { ResolvedQuery, ResolvedRule } from './resolve-rule.ts';
export { resolveModules, resolveQuery } from './resolve-rule.ts';
export { INLINE_BUILTINS } from './resolve-term.ts';
export type { NodeClass, RuleShape } from './rule-tree.ts';
export { RuleNode } from './rule-tree.ts';
export { displayName } from './scope.ts';
