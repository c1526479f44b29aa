/**
 * `print(…)`: each argument is evaluated to all its values (none prints `<undefined>`, so a
 * print never fails the rule), and the line goes to the evaluation's print sink.
 */
import type { IrTerm } from '../compiler/index.ts';
import type { SourceLocation } from '../errors.ts';
import { formatValue } from './format.ts';
import type { Bound, Cx, Getter, Step } from './layout.ts';
import { compileValue, type ValueNext } from './terms.ts';

/** Compiles a `print` call; its value is always `true`. */
export function compilePrint(
  cx: Cx,
  args: readonly IrTerm[],
  _loc: SourceLocation,
  bound: Bound,
  k: ValueNext,
): Step {
  const collectors = args.map((arg) => {
    const acc = cx.layout.temp();
    const step = compileValue(cx, arg, bound, (get) => (ctx, f) => {
      const v = get(ctx, f);
      if (v !== undefined) (f[acc] as string[]).push(formatValue(v, true));
      return false;
    });
    return { acc, step };
  });
  const get: Getter = (ctx, f) => {
    const parts = collectors.map(({ acc, step }) => {
      f[acc] = [];
      step(ctx, f);
      const values = f[acc] as string[];
      return values.length === 0 ? '<undefined>' : values.join(', ');
    });
    ctx.state.settings.print(parts.join(' '));
    return true;
  };
  return k(get, bound);
}
