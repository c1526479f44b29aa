/**
 * What evaluating a literal binds: the safety analysis of expressions (`=`, terms, membership,
 * `some … in`, `every`, `not`, the logical operators) and of `with` modifiers, in the closure
 * compiler's evaluation order.
 */
import { RegoError } from '../../errors.ts';
import { MEMBER_3 } from '../../syntax/index.ts';
import type { IrExpr, IrLiteral, IrTerm, IrWith } from '../ir.ts';
import {
  type Analysis,
  type Bound,
  type Continue,
  Missing,
  matchBinds,
  type Outcome,
  unboundPatternVars,
  unifyBinds,
  valueBinds,
  valuesBind,
  withBound,
} from './term-bindings.ts';

/** Evaluating `lit` (with its `with` modifiers). */
export function literalBinds(a: Analysis, lit: IrLiteral, bound: Bound, k: Continue): Outcome {
  if (lit.withs.length === 0) return exprBinds(a, lit.expr, bound, k);
  for (const w of lit.withs) if (w.replacement) checkReplacement(a, w);
  return valuesBind(
    a,
    lit.withs.filter((w) => !w.replacement).map((w) => w.value),
    bound,
    (b) => exprBinds(a, lit.expr, b, k),
  );
}

/** A built-in without a definition of its own (an operator) cannot stand in for a function. */
function checkReplacement(a: Analysis, w: IrWith): void {
  const r = w.replacement;
  if (r?.kind === 'builtin' && !r.def)
    throw new RegoError('rego_type_error', `with: ${r.name} cannot replace a function`, w.loc);
  if (r?.kind === 'function' && !a.tree.find(r.path))
    throw new RegoError('rego_type_error', `undefined function ${r.name}`, w.loc);
}

/**
 * `k, v in ref` as a condition reads `ref[k]`: the reference with the key, then the value
 * compared with it. `undefined` when `t` is no such membership.
 */
export function memberLookup(t: IrTerm): { key: IrTerm; read: IrTerm; value: IrTerm } | undefined {
  if (t.k !== 'call' || t.callee.kind !== 'builtin' || t.callee.name !== MEMBER_3) return undefined;
  const [key, value, coll] = t.args as [IrTerm, IrTerm, IrTerm];
  if (coll.k !== 'ref' && coll.k !== 'root') return undefined;
  const head = coll.k === 'ref' ? coll.head : coll;
  const path = coll.k === 'ref' ? coll.path : [];
  return { key, read: { k: 'ref', head, path: [...path, key], loc: t.loc }, value };
}

/** Evaluating an expression (without its `with` modifiers). */
export function exprBinds(a: Analysis, e: IrExpr, bound: Bound, k: Continue): Outcome {
  switch (e.k) {
    case 'term': {
      const member = memberLookup(e.term);
      if (!member) return valueBinds(a, e.term, bound, k);
      const waiting = unboundPatternVars(member.key, bound);
      if (waiting.length > 0) return new Missing(waiting);
      return valuesBind(a, [member.read, member.value], bound, k);
    }
    case 'unify':
      return unifyBinds(a, e.left, e.right, bound, k);
    case 'somein':
      return valueBinds(a, e.collection, bound, (b) => {
        const value: Continue = (b2) => matchBinds(a, e.value, b2, k);
        return e.key ? matchBinds(a, e.key, b, value) : value(b);
      });
    case 'every':
      return valueBinds(a, e.domain, bound, (b) => {
        const missing = e.body.outer.filter((v) => !b.has(v) && v !== e.key && v !== e.value);
        if (missing.length > 0) return new Missing(missing);
        const r = k(b);
        if (r || !a.nested) return r;
        return a.nested(e.body, withBound(b, e.value, ...(e.key ? [e.key] : [])), () => undefined);
      });
    case 'not': {
      // Nothing the negated literal binds may escape it: such a variable can never be bound.
      const [lit] = e.body.literals as [IrLiteral];
      const r = literalBinds(a, lit, bound, (b) => {
        const escaped = [...b].filter((v) => !bound.has(v) && !v.startsWith('$'));
        return escaped.length > 0 ? new Missing(escaped) : undefined;
      });
      return r ?? k(bound);
    }
    case 'test': {
      const missing = e.operands.flatMap((o) => o.outer.filter((v) => !bound.has(v)));
      if (missing.length > 0) return new Missing([...new Set(missing)]);
      const r = k(bound);
      if (r || !a.nested) return r;
      for (const operand of e.operands) {
        const inner = a.nested(operand, bound, () => undefined);
        if (inner) return inner;
      }
      return undefined;
    }
  }
}
