/**
 * Rule indexing: when several definitions of a rule or function each compare the same input
 * path (`input.method == "GET"`) or receive a constant argument (`f("read")`), the definitions
 * that cannot match the actual value are skipped without running their bodies. The comparison
 * itself stays in the body, so indexing only ever skips definitions that would fail anyway.
 */
import type { IrLiteral, IrTerm } from '../compiler/index.ts';
import { canonicalKey, type Value } from '../value/index.ts';
import { lookupPath } from './collections.ts';
import type { Ctx } from './context.ts';
import type { CompiledDefinition } from './definitions.ts';

/** Selects the definitions that may match. */
export interface RuleIndex {
  select(ctx: Ctx, args?: readonly Value[]): readonly CompiledDefinition[];
}

type Key =
  | { readonly kind: 'input'; readonly path: readonly string[] }
  | { readonly kind: 'arg'; readonly index: number };

function indexKeyId(k: Key): string {
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
function constraints(d: CompiledDefinition): Map<string, [Key, Value]> {
  const out = new Map<string, [Key, Value]>();
  if (d.rule.elses.length > 0) return out;
  d.rule.args.forEach((a, index) => {
    if (a.k === 'const') out.set(indexKeyId({ kind: 'arg', index }), [{ kind: 'arg', index }, a.value]);
  });
  for (const lit of d.rule.body.literals) {
    const c = comparison(lit);
    if (!c) continue;
    const key: Key = { kind: 'input', path: c[0] };
    if (!out.has(indexKeyId(key))) out.set(indexKeyId(key), [key, c[1]]);
  }
  return out;
}

/** Builds an index over `definitions`, or `undefined` when no key is shared by two of them. */
export function buildIndex(definitions: readonly CompiledDefinition[]): RuleIndex | undefined {
  if (definitions.length < 2) return undefined;
  const all = definitions.map(constraints);
  const counts = new Map<string, number>();
  for (const c of all) for (const id of c.keys()) counts.set(id, (counts.get(id) ?? 0) + 1);
  const best = [...counts].sort((x, y) => y[1] - x[1])[0];
  if (!best || best[1] < 2) return undefined;
  const [id] = best;
  const key = all.find((c) => c.has(id))?.get(id)?.[0] as Key;
  const unconstrained = definitions.filter((_, i) => !all[i]?.has(id));
  const byValue = new Map<string, CompiledDefinition[]>();
  definitions.forEach((d, i) => {
    const c = all[i]?.get(id);
    if (!c) return;
    const k = canonicalKey(c[1]);
    byValue.set(k, [...(byValue.get(k) ?? []), d]);
  });
  const merged = new Map<string, readonly CompiledDefinition[]>();
  for (const [k, ds] of byValue)
    merged.set(
      k,
      definitions.filter((d) => ds.includes(d) || unconstrained.includes(d)),
    );
  return {
    select(ctx, args) {
      const v = key.kind === 'arg' ? args?.[key.index] : lookupPath(ctx.input, key.path);
      if (v === undefined) return unconstrained;
      return merged.get(canonicalKey(v)) ?? unconstrained;
    },
  };
}
