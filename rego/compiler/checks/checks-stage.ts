/**
 * OPA's `CheckTypes` stage, after recursion: the types of built-in arguments as written
 * (`constantArgumentErrors`) and as inferred for variables and rules (`typeErrors`), with the
 * arity mismatches resolution found. Its errors are recorded for the pipeline to raise.
 */
import type { BuiltinRegistry } from '../../builtin.ts';
import { constantArgumentErrors } from '../../builtins/declarations/index.ts';
import type { OpaVersion } from '../../opa-version.ts';
import type { Module } from '../../syntax/index.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import type { StageFindings } from '../stage-findings.ts';
import { typeErrors } from './type-check.ts';

/** Records every type error of the compiled `tree` (and its parsed `modules`) in `findings`. */
export function checkTypes(
  tree: RuleNode<ResolvedRule>,
  modules: readonly Module[],
  builtins: BuiltinRegistry,
  opaVersion: OpaVersion,
  findings: StageFindings,
): void {
  const isBuiltin = (name: string) => builtins.has(name);
  const errors = constantArgumentErrors(modules, opaVersion, isBuiltin);
  const seen = new Set(errors.map((e) => `${e.file}:${e.line}:${e.column}`));
  for (const e of typeErrors(tree, modules, opaVersion, isBuiltin)) {
    if (!seen.has(`${e.file}:${e.line}:${e.column}`)) errors.push(e);
  }
  for (const e of errors) findings.record('types', e);
}
