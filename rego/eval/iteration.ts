/**
 * Iteration over a collection's keys and values, in OPA's order (arrays by index, sets and
 * objects sorted), as references with unbound keys, `some … in` and `every` run it.
 */
import { ObjectMap, type PlainObject, SetValue, type Value } from '../value/index.ts';
import { plainKeys } from './collections.ts';
import type { Ctx } from './context.ts';
import type { Frame, Step } from './layout.ts';

/** Calls `next` for each key/value of collection `c`, with the key in slot `ks` and the value in `vs`. */
export function iterate(
  ctx: Ctx,
  f: Frame,
  c: Value | undefined,
  ks: number,
  vs: number,
  next: Step,
): boolean {
  if (typeof c !== 'object' || c === null) return false;
  const st = ctx.state;
  if (Array.isArray(c)) {
    for (let j = 0; j < c.length; j++) {
      st.tick();
      f[ks] = j;
      f[vs] = c[j];
      if (next(ctx, f)) return true;
    }
    return false;
  }
  if (c instanceof SetValue) {
    for (const e of c.sorted()) {
      st.tick();
      f[ks] = e;
      f[vs] = e;
      if (next(ctx, f)) return true;
    }
    return false;
  }
  if (c instanceof ObjectMap) {
    for (const [key, value] of c.sortedEntries()) {
      st.tick();
      f[ks] = key;
      f[vs] = value;
      if (next(ctx, f)) return true;
    }
    return false;
  }
  for (const key of plainKeys(c as PlainObject)) {
    st.tick();
    f[ks] = key;
    f[vs] = (c as PlainObject)[key];
    if (next(ctx, f)) return true;
  }
  return false;
}
