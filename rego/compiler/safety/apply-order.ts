/**
 * The resolved form with each body's literals in their safe order (bodies never checked, after
 * an expression that can never hold, keep theirs: they are never evaluated).
 */
import type { IrBody, IrExpr, IrLiteral, IrTerm } from '../ir.ts';
import type { BodyOrders } from './body-order.ts';

/** `t` with the bodies of its comprehensions ordered. */
export function orderedTerm(orders: BodyOrders, t: IrTerm): IrTerm {
  const term = (x: IrTerm) => orderedTerm(orders, x);
  switch (t.k) {
    case 'ref':
      return { ...t, head: term(t.head), path: t.path.map(term) };
    case 'call':
      return { ...t, args: t.args.map(term) };
    case 'array':
    case 'set':
      return { ...t, items: t.items.map(term) };
    case 'object':
      return { ...t, entries: t.entries.map(([k, v]) => [term(k), term(v)] as const) };
    case 'comp':
      return {
        ...t,
        key: t.key && term(t.key),
        value: term(t.value),
        body: orderedBody(orders, t.body),
      };
    default:
      return t;
  }
}

/** `body` with its literals (and those of its nested bodies) in their safe order. */
export function orderedBody(orders: BodyOrders, body: IrBody): IrBody {
  return { ...body, literals: orderedLiterals(orders, body.literals) };
}

/** The literals in their safe order, each with its nested bodies ordered. */
export function orderedLiterals(orders: BodyOrders, literals: readonly IrLiteral[]): IrLiteral[] {
  return (orders.get(literals) ?? literals).map((lit) => ({
    ...lit,
    expr: orderedExpr(orders, lit.expr),
    withs: lit.withs.map((w) => ({ ...w, value: orderedTerm(orders, w.value) })),
  }));
}

function orderedExpr(orders: BodyOrders, e: IrExpr): IrExpr {
  const term = (x: IrTerm) => orderedTerm(orders, x);
  switch (e.k) {
    case 'term':
      return { ...e, term: term(e.term) };
    case 'unify':
      return { ...e, left: term(e.left), right: term(e.right) };
    case 'somein':
      return { ...e, key: e.key && term(e.key), value: term(e.value), collection: term(e.collection) };
    case 'every':
      return { ...e, domain: term(e.domain), body: orderedBody(orders, e.body) };
    case 'not':
      return { ...e, body: orderedBody(orders, e.body) };
    case 'test':
      return { ...e, operands: e.operands.map((o) => orderedBody(orders, o)) };
  }
}
