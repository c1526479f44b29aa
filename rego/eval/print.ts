/**
 * `print(…)`: each argument is evaluated to all its values (none prints `<undefined>`, so a
 * print never fails the rule), and the line goes to the evaluation's print sink. Template
 * strings (`$"…{x}…"`) render their expressions the same way, into a string; an expression
 * with more than one value is a conflict, as in OPA.
 */
import type { IrTerm } from '../compiler/index.ts';
import { RegoError, type SourceLocation } from '../errors.ts';
import { SetValue } from '../value/index.ts';
import { formatValue } from './format.ts';
import type { Bound, Cx, Getter, Step, ValueNext } from './layout.ts';

/**
 * Steps collecting every value of each argument, as text, into its own slot of the frame. The
 * arguments at `spread` are sets whose members are the values.
 */
function collectors(cx: Cx, args: readonly IrTerm[], bound: Bound, spread: readonly number[] = []) {
  return args.map((arg, i) => {
    const acc = cx.layout.temp();
    const members = spread.includes(i);
    const step = cx.value(arg, bound, (get) => (ctx, f) => {
      const v = get(ctx, f);
      const texts = f[acc] as string[];
      if (members && v instanceof SetValue) for (const m of v) texts.push(formatValue(m, true));
      else if (v !== undefined && !members) texts.push(formatValue(v, true));
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
  spread: readonly number[] | undefined,
  loc: SourceLocation,
  bound: Bound,
  k: ValueNext,
): Step {
  const parts = collectors(cx, args, bound, spread);
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
