/**
 * Visiting every term of resolved rules and bodies (nested bodies included).
 */
import type { IrBody, IrLiteral, IrRule, IrTerm, IrWith } from './ir.ts';

/** Callbacks of the walk. */
export interface IrVisitor {
  (t: IrTerm): void;
  /** Called for every `with` modifier. */
  readonly with?: (w: IrWith) => void;
}

/** Calls `f` on `t` and every term nested in it (comprehension bodies included). */
export function walkTerm(t: IrTerm, f: IrVisitor): void {
  f(t);
  switch (t.k) {
    case 'ref':
      walkTerm(t.head, f);
      for (const p of t.path) walkTerm(p, f);
      break;
    case 'call':
      for (const a of t.args) walkTerm(a, f);
      break;
    case 'array':
    case 'set':
      for (const i of t.items) walkTerm(i, f);
      break;
    case 'object':
      for (const [k, v] of t.entries) {
        walkTerm(k, f);
        walkTerm(v, f);
      }
      break;
    case 'comp':
      if (t.key) walkTerm(t.key, f);
      walkTerm(t.value, f);
      walkBody(t.body, f);
      break;
    default:
      break;
  }
}

/** Calls `f` on every term of a literal (with modifiers included). */
export function walkLiteral(lit: IrLiteral, f: IrVisitor): void {
  const e = lit.expr;
  switch (e.k) {
    case 'term':
      walkTerm(e.term, f);
      break;
    case 'unify':
      walkTerm(e.left, f);
      walkTerm(e.right, f);
      break;
    case 'somein':
      if (e.key) walkTerm(e.key, f);
      walkTerm(e.value, f);
      walkTerm(e.collection, f);
      break;
    case 'every':
      walkTerm(e.domain, f);
      walkBody(e.body, f);
      break;
    case 'not':
      walkBody(e.body, f);
      break;
    case 'test':
      for (const o of e.operands) walkBody(o, f);
      break;
  }
  for (const w of lit.withs) {
    f.with?.(w);
    walkTerm(w.value, f);
  }
}

/** Calls `f` on every term of a body. */
export function walkBody(body: IrBody, f: IrVisitor): void {
  for (const lit of body.literals) walkLiteral(lit, f);
}

/** Calls `f` on every term of a rule: head, parameters, body and `else` branches. */
export function walkRule(rule: IrRule, f: IrVisitor): void {
  for (const t of [...rule.args, ...rule.dynamic]) walkTerm(t, f);
  if (rule.key) walkTerm(rule.key, f);
  if (rule.value) walkTerm(rule.value, f);
  walkBody(rule.body, f);
  for (const e of rule.elses) {
    walkTerm(e.value, f);
    walkBody(e.body, f);
  }
}
