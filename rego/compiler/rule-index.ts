/**
 * The rule index stage (OPA's `BuildRuleIndices`): when several definitions of a rule or function
 * each compare the same input path with a constant (`input.method == "GET"`) or take a constant
 * argument (`f("read")`), the index tells, for each value of that input path or argument, which
 * definitions may match. The comparison itself stays in the body, so the evaluator only ever
 * skips definitions that would fail anyway.
 */
import { canonicalKey, type Value } from '../value/index.ts';
import type { IrLiteral, IrRule, IrTerm } from './ir.ts';
import type { ResolvedRule } from './resolve-rule.ts';
import type { RuleNode } from './rule-tree.ts';

/** What an index looks up: a constant `input` path, or an argument of the function. */
export type IndexKey =
  | { readonly kind: 'input'; readonly path: readonly string[] }
  | { readonly kind: 'arg'; readonly index: number };

/** The index of one node's definitions (its rules other than the `default`, in order). */
export interface RuleIndex {
  readonly key: IndexKey;
  /** Positions of the definitions that may match, by the canonical key of the looked-up value. */
  readonly byValue: ReadonlyMap<string, readonly number[]>;
  /** Positions of the definitions that do not constrain the key (all that may match another value). */
  readonly unconstrained: readonly number[];
}

function keyId(k: IndexKey): string {
  return k.kind === 'arg' ? `arg:${k.index}` : `input:${JSON.stringify(k.path)}`;
}

function inputPath(t: IrTerm): string[] | undefined {
  if (t.k !== 'ref' || t.head.k !== 'root' || t.head.root !== 'input') return undefined;
  const path: string[] = [];
  for (const p of t.path) {
    if (p.k !== 'const' || typeof p.value !== 'string') return undefined;
    path.push(p.value);
  }
  return path;
}

/** `input.a.b == c`, `c == input.a.b`, `input.a.b = c` as an unconditional top-level literal. */
function comparison(lit: IrLiteral): [string[], Value] | undefined {
  if (lit.withs.length > 0) return undefined;
  const e = lit.expr;
  let pair: [IrTerm, IrTerm] | undefined;
  if (e.k === 'unify') pair = [e.left, e.right];
  else if (
    e.k === 'term' &&
    e.term.k === 'call' &&
    e.term.callee.kind === 'builtin' &&
    e.term.callee.name === 'equal'
  ) {
    pair = e.term.args as [IrTerm, IrTerm];
  }
  if (!pair) return undefined;
  const [a, b] = pair;
  const pa = inputPath(a);
  if (pa && b.k === 'const') return [pa, b.value];
  const pb = inputPath(b);
  if (pb && a.k === 'const') return [pb, a.value];
  return undefined;
}

/** The constant each definition requires for each key it constrains. */
function constraints(rule: IrRule): Map<string, [IndexKey, Value]> {
  const out = new Map<string, [IndexKey, Value]>();
  if (rule.elses.length > 0) return out;
  rule.args.forEach((a, index) => {
    if (a.k === 'const') out.set(keyId({ kind: 'arg', index }), [{ kind: 'arg', index }, a.value]);
  });
  for (const lit of rule.body.literals) {
    const c = comparison(lit);
    if (!c) continue;
    const key: IndexKey = { kind: 'input', path: c[0] };
    if (!out.has(keyId(key))) out.set(keyId(key), [key, c[1]]);
  }
  return out;
}

/**
 * The index of `definitions` on the key most of them constrain, or `undefined` when no key is
 * constrained by two of them.
 */
export function buildRuleIndex(definitions: readonly IrRule[]): RuleIndex | undefined {
  if (definitions.length < 2) return undefined;
  const all = definitions.map(constraints);
  const counts = new Map<string, number>();
  for (const c of all) for (const id of c.keys()) counts.set(id, (counts.get(id) ?? 0) + 1);
  const best = [...counts].sort((x, y) => y[1] - x[1])[0];
  if (!best || best[1] < 2) return undefined;
  const [id] = best;
  const key = all.find((c) => c.has(id))?.get(id)?.[0] as IndexKey;
  const positions = definitions.map((_, i) => i);
  const unconstrained = positions.filter((i) => !all[i]?.has(id));
  const constrained = new Map<string, number[]>();
  for (const i of positions) {
    const c = all[i]?.get(id);
    if (!c) continue;
    const k = canonicalKey(c[1]);
    constrained.set(k, [...(constrained.get(k) ?? []), i]);
  }
  const byValue = new Map<string, readonly number[]>();
  for (const [k, matching] of constrained)
    byValue.set(
      k,
      positions.filter((i) => matching.includes(i) || unconstrained.includes(i)),
    );
  return { key, byValue, unconstrained };
}

/** Indexes the definitions of every complete rule and function of the tree, in place. */
export function buildRuleIndices(tree: RuleNode<ResolvedRule>): void {
  for (const node of tree.walk()) {
    if (node.nodeClass === 'complete' || node.nodeClass === 'function')
      node.index = buildRuleIndex(node.rules.filter((r) => !r.isDefault));
  }
}
