/**
 * The `input` paths the rule index reads in terms: a reference with constant keys
 * (`input.user.id`), what a head value reads, and what the operands of an `or` read.
 */
import { canonicalKey, type Value } from '../../value/index.ts';
import type { IrLiteral, IrTerm } from '../ir.ts';

/** An indexed reference: an `input` path or an argument of the call. */
export interface IndexRef {
  readonly id: string;
  readonly input?: readonly Value[];
  readonly arg?: number;
  readonly line: number;
  readonly column: number;
}

/** The `input` path `t` is (constant keys only), as an indexed reference; `undefined` otherwise. */
export function inputRef(t: IrTerm): IndexRef | undefined {
  if (t.k === 'root' && t.root === 'input')
    return { id: 'input:[]', input: [], line: t.loc.line, column: t.loc.column };
  if (t.k !== 'ref' || t.head.k !== 'root' || t.head.root !== 'input') return undefined;
  const path: Value[] = [];
  for (const p of t.path) {
    if (p.k !== 'const') return undefined;
    path.push(p.value);
  }
  return { id: `input:${canonicalKey(path)}`, input: path, line: t.head.loc.line, column: t.head.loc.column };
}

/**
 * The `input` paths a head value reads (OPA binds them in the body before the value), through
 * the variables the engine bound them to in the body (`hoisted`).
 */
export function valueReads(t: IrTerm | undefined, hoisted?: ReadonlyMap<string, IrTerm>): IndexRef[] {
  if (!t) return [];
  const ref = inputRef(t);
  if (ref) return [ref];
  const reads = (x: IrTerm) => valueReads(x, hoisted);
  if (t.k === 'var') return hoisted?.has(t.name) ? reads(hoisted.get(t.name) as IrTerm) : [];
  // A template string renders an undefined part (`<undefined>`): what it reads stays inside it.
  if (t.k === 'call') return t.callee.kind === 'template' ? [] : t.args.flatMap(reads);
  if (t.k === 'array' || t.k === 'set') return t.items.flatMap(reads);
  if (t.k === 'object') return t.entries.flatMap(([k, v]) => [...reads(k), ...reads(v)]);
  return [];
}

/** The ids of the `input` paths the operands of an `or` (at any depth of `and`/`or`) read. */
export function disjunctionRefs(literals: readonly IrLiteral[], inOr = false): Set<string> {
  const ids = new Set<string>();
  for (const lit of literals) {
    const e = lit.expr;
    if (e.k === 'test') {
      if (e.op === 'not') continue;
      for (const o of e.operands)
        for (const id of disjunctionRefs(o.literals, inOr || e.op === 'or')) ids.add(id);
      continue;
    }
    if (!inOr) continue;
    const terms =
      e.k === 'unify'
        ? [e.left, e.right]
        : e.k === 'term'
          ? [e.term, ...(e.term.k === 'call' ? e.term.args : [])]
          : [];
    for (const t of terms) {
      const ref = inputRef(t);
      if (ref) ids.add(ref.id);
    }
  }
  return ids;
}
