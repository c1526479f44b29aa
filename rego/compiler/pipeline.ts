/**
 * The compiler's stages, in the order of OPA's (`ast/compile.go`), from parsed modules to the
 * checked, ordered rule tree the evaluator turns into closures:
 *
 * 1. resolve refs and local variables (`ResolveRefs`, `RewriteLocalVars`): `resolve-*.ts`, which
 *    throw what `RewriteLocalVars` refuses (redeclared variables, assignments to keywords) and
 *    record in {@link StageFindings} what later stages refuse;
 * 2. rule tree and conflicts (`SetRuleTree`, `CheckRuleConflicts`): `rule-tree.ts`;
 * 3. undefined functions (`CheckUndefinedFuncs`), recorded while resolving calls;
 * 4. safety (`CheckSafetyRuleHeads`, `CheckSafetyRuleBodies`): `safety/`, which orders every body;
 * 5. recursion (`CheckRecursion`): `recursion.ts`;
 * 6. checks (`CheckTypes`, `CheckDeprecatedBuiltins`): `checks/` — argument types of built-ins,
 *    inferred for variables and rules too, and the arity mismatches found while resolving;
 * 7. rule indexes (`BuildRuleIndices`): `indexes/`, OPA's trie, which decides which rules an
 *    evaluation runs and in which order; the evaluator only looks them up.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion } from '../opa-version.ts';
import type { Body, Module } from '../syntax/index.ts';
import { checkTypes } from './checks/index.ts';
import { buildIndexes, type RuleIndexes } from './indexes/index.ts';
import { checkRecursion } from './recursion.ts';
import { type ResolvedQuery, resolveQuery } from './resolve-query.ts';
import { type ResolvedRule, resolveModules } from './resolve-rule.ts';
import type { RuleNode } from './rule-tree.ts';
import { checkQuerySafety, checkSafety } from './safety/index.ts';
import { StageFindings } from './stage-findings.ts';

/** Compiled modules: the rule tree of resolved rules, each body in its safe order, and its rule indexes. */
export interface CompiledRules {
  readonly tree: RuleNode<ResolvedRule>;
  readonly indexes: RuleIndexes;
}

/**
 * Compiles parsed modules into the rule tree of resolved rules, each body in its safe order, and
 * the rule indexes over it.
 * Throws `RegoError` (`rego_type_error`, `rego_compile_error`, `rego_recursion_error`,
 * `rego_unsafe_var_error`, `rego_unsupported_error`) at the first stage that finds an error —
 * the error OPA's compiler of `opaVersion` reports first.
 *
 * @example
 * const { tree } = compileModules([parseModule('package a\np := 1', 'a.rego')], standardBuiltins);
 * tree.find(['a', 'p'])?.nodeClass; // 'complete'
 */
export function compileModules(
  modules: readonly Module[],
  builtins: BuiltinRegistry,
  opaVersion: OpaVersion = DEFAULT_OPA_VERSION,
): CompiledRules {
  const findings = new StageFindings(opaVersion);
  const tree = findings.run(() => resolveModules(modules, builtins, opaVersion, findings));
  findings.raise('conflicts');
  findings.raise('undefinedFunctions');
  findings.run(() => checkSafety(tree));
  findings.run(() => checkRecursion(tree));
  checkTypes(tree, modules, builtins, opaVersion, findings);
  findings.raise('types');
  findings.raise('deprecated');
  findings.raiseDeferred();
  return { tree, indexes: buildIndexes(tree, opaVersion) };
}

/** Compiles a parsed query against a compiled rule tree: resolved, checked and ordered for safety. */
export function compileQuery(body: Body, tree: RuleNode, builtins: BuiltinRegistry): ResolvedQuery {
  return checkQuerySafety(resolveQuery(body, tree, builtins), tree as RuleNode<ResolvedRule>);
}
