/**
 * Resolution of a query against a compiled rule tree: no package and no imports; its variables
 * are the answer's columns.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import type { Body } from '../syntax/index.ts';
import type { IrLiteral, IrTerm } from './ir.ts';
import { resolveBody } from './resolve-body.ts';
import type { ResolveContext } from './resolve-context.ts';
import type { RuleNode } from './rule-tree.ts';
import { displayName, mentionedVars, Scope, VarNamer } from './scope.ts';

/** A resolved query: its literals and the user's variable names (unique name → written name). */
export interface ResolvedQuery {
  readonly literals: readonly IrLiteral[];
  readonly vars: ReadonlyMap<string, string>;
}

/** Resolves a query body against the rule tree (no package, no imports). */
export function resolveQuery(body: Body, tree: RuleNode, builtins: BuiltinRegistry): ResolvedQuery {
  const cx: ResolveContext = {
    file: 'query',
    pkg: [],
    imports: new Map(),
    ruleNames: new Set(),
    tree,
    builtins,
    query: true,
    resolveBody,
  };
  const scope = new Scope(undefined, new VarNamer(), mentionedVars(body));
  const literals = resolveBody(cx, body, scope);
  const vars = new Map<string, string>();
  const collect = (t: IrTerm) => {
    if (t.k === 'var' && !t.name.startsWith('$')) vars.set(t.name, displayName(t.name));
  };
  for (const lit of literals) {
    const e = lit.expr;
    if (e.k === 'unify') {
      visitPattern(e.left, collect);
      visitPattern(e.right, collect);
    } else if (e.k === 'term') visitPattern(e.term, collect);
    else if (e.k === 'somein') {
      if (e.key) visitPattern(e.key, collect);
      visitPattern(e.value, collect);
    }
  }
  return { literals, vars };
}

function visitPattern(t: IrTerm, f: (t: IrTerm) => void): void {
  f(t);
  switch (t.k) {
    case 'ref':
      visitPattern(t.head, f);
      for (const p of t.path) visitPattern(p, f);
      break;
    case 'call':
      for (const a of t.args) visitPattern(a, f);
      break;
    case 'array':
    case 'set':
      for (const i of t.items) visitPattern(i, f);
      break;
    case 'object':
      for (const [k, v] of t.entries) {
        visitPattern(k, f);
        visitPattern(v, f);
      }
      break;
    default:
      break;
  }
}
