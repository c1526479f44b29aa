/**
 * The step at the end of each rule body, by what the rule produces: the value of a complete rule
 * or function (a second, different value is a conflict), a member of a set, or an entry of an
 * object built from ref heads.
 */
import type { IrTerm, ResolvedRule } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import { equal, type SetValue, type Value } from '../value/index.ts';
import type { TerminalFactory } from './definitions.ts';
import type { Getter } from './layout.ts';
import type { ObjectBuilder } from './object-builder.ts';
import { compileValue, compileValues } from './terms.ts';

/** A complete rule's or function's value into slot 0; `message` is its conflict's wording. */
export function valueTerminal(message: string): TerminalFactory {
  return (cx, value, bound) =>
    compileValue(cx, value as IrTerm, bound, (get) => {
      const stop = (value as IrTerm).k === 'const';
      return (ctx, f) => {
        const v = get(ctx, f);
        if (v === undefined) return false;
        const prev = f[0] as Value | undefined;
        if (prev !== undefined && prev !== v && !equal(prev, v)) {
          throw new RegoError('eval_conflict_error', message, (value as IrTerm).loc);
        }
        f[0] = v;
        return stop;
      };
    });
}

/** A set rule's member, added to the set in slot 0. */
export const setTerminal: TerminalFactory = (cx, key, bound) =>
  compileValue(cx, key as IrTerm, bound, (get) => (ctx, f) => {
    const v = get(ctx, f);
    if (v !== undefined) (f[0] as SetValue).add(v);
    return false;
  });

/** A ref-head rule's entry at `relative` and its dynamic keys, inserted into the builder in slot 0. */
export function objectTerminal(rule: ResolvedRule, relative: readonly string[]): TerminalFactory {
  return (cx, value, bound) =>
    compileValues(cx, [...rule.dynamic, value as IrTerm], bound, (gets) => {
      const n = gets.length;
      const kind = rule.kind === 'multi' ? 'set' : 'value';
      return (ctx, f) => {
        const path: Value[] = [...relative];
        for (let i = 0; i < n - 1; i++) {
          const k = (gets[i] as Getter)(ctx, f);
          if (k === undefined) return false;
          path.push(k);
        }
        const v = (gets[n - 1] as Getter)(ctx, f);
        if (v === undefined) return false;
        (f[0] as ObjectBuilder).insert(path, kind, v, rule.loc);
        return false;
      };
    });
}
