/**
 * `print(…)`: each argument is evaluated to all its values (none prints `<undefined>`, so a
 * print never fails the rule), and the line goes to the evaluation's print sink. Template
 * strings (`$"…{x}…"`) render their expressions the same way, into a string; an expression
 * with more than one value is a conflict, as in OPA.
 */
import type { IrTerm } from '../compiler/index.ts';
import { RegoError, type SourceLocation } from '../errors.ts';
import { formatValue } from './format.ts';
import type { Bound, Cx, Getter, Step } from './layout.ts';
import { compileValue, type ValueNext } from './terms.ts';

/** Steps collecting every value of each argument, as text, into its own slot of the frame. */
function collectors(cx: Cx, args: readonly IrTerm[], bound: Bound) {
  return args.map((arg) => {
    const acc = cx.layout.temp();
    const step = compileValue(cx, arg, bound, (get) => (ctx, f) => {
      const v = get(ctx, f);
      if (v !== undefined) (f[acc] as string[]).push(formatValue(v, true));
      return false;
    });
    return { acc, step };
  });
}

/** Compiles a `print` call; its value is always `true`. */
export function compilePrint(
  cx: Cx,
  args: readonly IrTerm[],
  _loc: SourceLocation,
  bound: Bound,
  k: ValueNext,
): Step {
  const parts = collectors(cx, args, bound);
  const get: Getter = (ctx, f) => {
    const texts = parts.map(({ acc, step }) => {
      f[acc] = [];
      step(ctx, f);
      const values = f[acc] as string[];
      return values.length === 0 ? '<undefined>' : values.join(', ');
    });
    ctx.state.settings.print(texts.join(' '));
    return true;
  };
  return k(get, bound);
}

/** Compiles a template string (`internal.template_string`); its value is the joined text. */
export function compileTemplate(
  cx: Cx,
  args: readonly IrTerm[],
  loc: SourceLocation,
  bound: Bound,
  k: ValueNext,
): Step {
  const parts = collectors(cx, args, bound);
  const get: Getter = (ctx, f) =>
    parts
      .map(({ acc, step }) => {
        f[acc] = [];
        step(ctx, f);
        const values = f[acc] as string[];
        if (values.length > 1)
          throw new RegoError(
            'eval_conflict_error',
            'template-strings must not produce multiple outputs',
            loc,
          );
        return values[0] ?? '<undefined>';
      })
      .join('');
  return k(get, bound);
}
