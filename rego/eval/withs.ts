/**
 * `with` modifiers: the literal runs in a new scope where `input` or base documents are
 * replaced (virtual documents at or below a replaced `data` path read the replacement), or where
 * functions and built-ins are replaced by a value or another function; the rest of the body
 * continues in the original scope.
 */
import type { IrLiteral, IrWith } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import type { Value } from '../value/index.ts';
import { invokeBuiltin } from './calls.ts';
import { setPath } from './collections.ts';
import { Ctx, type Mock } from './context.ts';
import type { Bound, Cx, Getter, Next, Step } from './layout.ts';

/** Compiles a literal with `with` modifiers. */
export function compileWith(cx: Cx, lit: IrLiteral, bound: Bound, next: Next): Step {
  const valued = lit.withs.filter((w) => !w.replacement);
  const replaced = lit.withs.filter((w) => w.replacement);
  const functions = replaced.map((w) => replacementMock(cx, w));
  return cx.values(
    valued.map((w) => w.value),
    bound,
    (gets, b) => {
      const saved = cx.layout.temp();
      const inner = cx.expr(lit.expr, b, (b2) => {
        const n = next(b2);
        return (_, f) => n(f[saved] as Ctx, f);
      });
      return (ctx, f) => {
        const values: Value[] = [];
        for (const g of gets) {
          const v = (g as Getter)(ctx, f);
          if (v === undefined) return false;
          values.push(v);
        }
        f[saved] = ctx;
        return inner(scopeWith(ctx, valued, values, replaced, functions), f);
      };
    },
  );
}

function mockKey(w: IrWith): string {
  const t = w.target;
  return t.kind === 'builtin' ? t.name : `data.${t.path.join('.')}`;
}

function replacementMock(cx: Cx, w: IrWith): Mock {
  const r = w.replacement;
  if (r?.kind === 'builtin') {
    // The safety stage refuses an operator without a definition as a replacement.
    if (!r.def) throw new RegoError('eval_internal_error', `with: ${r.name} has no definition`, w.loc);
    const def = r.def;
    return {
      kind: 'function',
      call: (ctx, args) => invokeBuiltin(ctx, def, r.name, args, w.loc),
    };
  }
  if (r?.kind === 'function') {
    const node = cx.program.root.find(r.path);
    if (!node) throw new RegoError('eval_internal_error', `no rule node for ${r.name}`, w.loc);
    const handle = cx.program.handle(node);
    return { kind: 'function', call: (ctx, args) => handle.call(ctx, args) };
  }
  throw new RegoError('eval_internal_error', 'with: replacement expected', w.loc);
}

/** The scope a `with` literal runs in. */
function scopeWith(
  ctx: Ctx,
  valued: readonly IrWith[],
  values: readonly Value[],
  replaced: readonly IrWith[],
  functions: readonly Mock[],
): Ctx {
  let input = ctx.input;
  let data = ctx.data;
  let targets = ctx.targets;
  let mocks: Map<string, Mock> | undefined;
  valued.forEach((w, i) => {
    const v = values[i] as Value;
    const t = w.target;
    if (t.kind === 'input') input = setPath(input, t.path, v);
    else if (t.kind === 'data') {
      data = setPath(data, t.path, v);
      targets = [...(targets ?? []), t.path];
    } else {
      mocks ??= new Map(ctx.mocks ?? []);
      mocks.set(mockKey(w), { kind: 'value', value: v });
    }
  });
  replaced.forEach((w, i) => {
    mocks ??= new Map(ctx.mocks ?? []);
    mocks.set(mockKey(w), functions[i] as Mock);
  });
  return new Ctx(ctx.state, input, data, targets, mocks ?? ctx.mocks);
}
