/**
 * Name resolution of the logical operators of OPA v1.22: `a and b`, `a or b` and `not { … }`.
 * Each operand is a body of its own scope; what it binds stays inside.
 */
import type { Literal, Operand } from '../syntax/index.ts';
import type { IrBody, IrExpr, IrLiteral } from './ir.ts';
import { compileError, type ResolveContext, withOuter } from './resolve-context.ts';
import { mentionedVars, Scope } from './scope.ts';

/** `a and b`, `a or b`, `not { … }`, and a group `( … )` (a test of its one operand). */
export function resolveTest(cx: ResolveContext, lit: Literal, scope: Scope): IrExpr {
  const e = lit.expr;
  if (e.type === 'logic') {
    const operands = [resolveOperand(cx, e.left, scope, e.op), resolveOperand(cx, e.right, scope, e.op)];
    return { k: 'test', op: e.op, operands };
  }
  if (e.type !== 'group') return compileError('rego_compile_error', 'expected a logical expression', lit.loc);
  const body = resolveOperand(cx, e.operand, scope, 'not');
  if (lit.negated) return { k: 'test', op: 'not', operands: [body] };
  // A group that is not negated holds when its body does: `not not { … }`.
  const negation: IrLiteral = { expr: { k: 'test', op: 'not', operands: [body] }, withs: [], loc: lit.loc };
  return { k: 'test', op: 'not', operands: [{ literals: [negation], outer: body.outer }] };
}

/**
 * An operand body in a scope of its own: an explicit `{ … }` declares its own variables (those
 * its enclosing body mentions are shared); an implicit one shares all of them and may not assign.
 */
function resolveOperand(cx: ResolveContext, o: Operand, scope: Scope, op: string): IrBody {
  if (!o.explicit) {
    for (const lit of o.body) {
      if (lit.expr.type === 'unify' && lit.expr.assign) {
        compileError('rego_compile_error', `cannot assign vars inside implicit ${op} operand`, lit.loc);
      }
    }
  }
  const inner = new Scope(scope, scope.namer, o.explicit ? mentionedVars(o.body) : new Set());
  return withOuter(cx.resolveBody(cx, o.body, inner), inner);
}
