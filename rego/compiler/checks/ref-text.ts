/**
 * What the type checker reads off references: how far a `data` reference names rules, whether a
 * call is an equality, and a reference as OPA writes it in `undefined ref: x.b`.
 */
import type { Value } from '../../value/index.ts';
import type { IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { displayName } from '../scope.ts';

/** The number of leading constant keys of `keys` that name a node holding rules (0: none). */
export function ruleDepth(tree: RuleNode<ResolvedRule>, keys: readonly (Value | undefined)[]): number {
  let node: RuleNode<ResolvedRule> | undefined = tree;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key !== 'string') return 0;
    node = node.children.get(key);
    if (!node) return 0;
    if (node.rules.length > 0) return i + 1;
  }
  return 0;
}

/** Whether `t` is `a == b`, which OPA's compiler turns into a unification in rule bodies. */
export function isEquality(t: IrTerm): t is Extract<IrTerm, { k: 'call' }> {
  return t.k === 'call' && t.callee.kind === 'builtin' && t.callee.name === 'equal' && t.args.length === 2;
}

/** A term as OPA writes it in an error. */
export function termText(t: IrTerm): string {
  if (t.k === 'var') return displayName(t.name);
  return t.k === 'ref' ? refText(t, t.path.length) : t.k;
}

/** The first `length` keys of a reference, as OPA writes it in an error. */
export function refText(t: Extract<IrTerm, { k: 'ref' }>, length: number): string {
  const head = t.head.k === 'var' ? displayName(t.head.name) : t.head.k === 'root' ? t.head.root : 'ref';
  const parts = t.path.slice(0, length).map((p) => {
    if (p.k === 'const' && typeof p.value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p.value))
      return `.${p.value}`;
    return p.k === 'const'
      ? `[${JSON.stringify(p.value)}]`
      : `[${p.k === 'var' ? displayName(p.name) : '_'}]`;
  });
  return head + parts.join('');
}
