/**
 * The logical operators of OPA v1.22 (`and`, `or`, `not { … }`) as compiled steps.
 */
import type { IrBody, IrExpr } from '../compiler/index.ts';
import { type Bound, type Cx, FOUND, type Next, type Step, unboundError } from './layout.ts';

/**
 * `and`/`or`/`not { … }`: each operand body runs with what is bound before the expression, and
 * nothing it binds escapes. `and` and `or` stop an operand at its first solution and evaluate left
 * to right only as far as the outcome needs (a later operand's error never surfaces then); a
 * `not` body runs to its end, as in OPA, so an error after its first solution still surfaces.
 */
export function compileTest(cx: Cx, e: Extract<IrExpr, { k: 'test' }>, bound: Bound, next: Next): Step {
  const missing = e.operands.flatMap((o) => o.outer.filter((v) => !bound.has(v)));
  if (missing.length > 0) throw unboundError([...new Set(missing)]);
  const n = next(bound);
  if (e.op === 'not') {
    const found = cx.layout.temp();
    const body = cx.body((e.operands[0] as IrBody).literals, bound, () => (_, f) => {
      f[found] = true;
      return false;
    });
    return (ctx, f) => {
      f[found] = false;
      body(ctx, f);
      return f[found] !== true && n(ctx, f);
    };
  }
  const [a, b] = e.operands.map((o) => cx.body(o.literals, bound, () => FOUND)) as [Step, Step];
  return e.op === 'and'
    ? (ctx, f) => a(ctx, f) && b(ctx, f) && n(ctx, f)
    : (ctx, f) => (a(ctx, f) || b(ctx, f)) && n(ctx, f);
}
