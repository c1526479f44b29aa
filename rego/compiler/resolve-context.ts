/**
 * What name resolution knows while it resolves a module or a query, and what every resolving
 * file shares: compile errors, the arity of what a call invokes.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import { RegoError, type SourceLocation } from '../errors.ts';
import type { OpaVersion } from '../opa-version.ts';
import type { Body, RegoVersion } from '../syntax/index.ts';
import { MEMBER_2, MEMBER_3 } from '../syntax/index.ts';
import type { Callee, IrBody, IrLiteral } from './ir.ts';
import type { RuleMetadata } from './metadata.ts';
import type { RuleNode } from './rule-tree.ts';
import type { Scope } from './scope.ts';
import type { LaterStage, StageFindings } from './stage-findings.ts';

/** What resolution knows about the module being resolved. */
export interface ResolveContext {
  readonly file: string;
  /** Package path (without `data`); empty for queries. */
  readonly pkg: readonly string[];
  /** Import alias → full path (root first). */
  readonly imports: ReadonlyMap<string, readonly string[]>;
  /** First names of the rules of the package (across modules). */
  readonly ruleNames: ReadonlySet<string>;
  readonly tree: RuleNode;
  readonly builtins: BuiltinRegistry;
  /** Set for queries: OPA's query compiler keeps `==` a call (it has no RewriteEquals stage). */
  readonly query?: boolean;
  /** What `rego.metadata.rule()` and `rego.metadata.chain()` answer in the rule being resolved. */
  readonly metadata?: RuleMetadata;
  /** The OPA release the policies are compiled for (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
  /** Syntax of the module being resolved (`v1` also for v0 modules importing `rego.v1`). */
  readonly syntax?: RegoVersion;
  /**
   * Resolves a nested body (`resolveBody`): a term holds comprehensions whose bodies hold terms,
   * so the term resolver reaches bodies through this instead of importing them.
   */
  readonly resolveBody: (cx: ResolveContext, body: Body, scope: Scope) => IrLiteral[];
  /**
   * Where errors of OPA's later stages (undefined functions, arity, deprecated built-ins) are
   * recorded for the pipeline to raise in OPA's order; absent (queries), they are thrown at once.
   */
  readonly findings?: StageFindings;
}

/** Operators the evaluator implements itself (their arity), even without a registry entry. */
export const INLINE_BUILTINS: ReadonlyMap<string, number> = new Map([
  ['equal', 2],
  ['neq', 2],
  ['lt', 2],
  ['lte', 2],
  ['gt', 2],
  ['gte', 2],
  [MEMBER_2, 2],
  [MEMBER_3, 3],
]);

/** Throws a compile error of `code` at `loc`. */
export function compileError(code: RegoError['code'], message: string, loc: SourceLocation): never {
  throw new RegoError(code, message, loc);
}

/** Records an error OPA reports in a later stage (or throws it when nothing records). */
export function laterError(
  cx: ResolveContext,
  stage: LaterStage,
  code: RegoError['code'],
  message: string,
  loc: SourceLocation,
): void {
  const error = new RegoError(code, message, loc);
  if (!cx.findings) throw error;
  cx.findings.record(stage, error);
}

/** The body with the variables it shares with enclosing scopes. */
export function withOuter(literals: IrBody['literals'], scope: Scope): IrBody {
  return { literals, outer: [...scope.outer] };
}

/** Number of arguments a callee takes (`-1` when variadic). */
export function calleeArity(cx: ResolveContext, callee: Callee): number {
  switch (callee.kind) {
    case 'print':
    case 'template':
      return -1;
    case 'builtin':
      return callee.def?.arity ?? INLINE_BUILTINS.get(callee.name) ?? -1;
    case 'function':
      return cx.tree.find(callee.path)?.rules[0]?.arity ?? -1;
  }
}
