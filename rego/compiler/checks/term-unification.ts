/**
 * OPA's `unify1` for a built-in argument: whether a term can be of the declared type. A
 * collection written in place is checked element by element (a set `{1, "a"}` is no
 * `set[string]`, though its type `set[any<number, string>]` unifies with it); any other term by
 * its inferred type.
 */
import { arraySelect, isAnything, type RegoType, unifies } from '../../builtins/declarations/index.ts';
import { isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';
import type { IrTerm } from '../ir.ts';
import { valueType } from './term-types.ts';

function unifiesValue(v: Value, t: RegoType): boolean {
  if (t.k === 'any') return isAnything(t) || t.of.some((alt) => unifiesValue(v, alt));
  if (Array.isArray(v)) {
    if (t.k !== 'array') return false;
    if (v.length !== t.items.length && !t.dynamic) return false;
    return v.every((item, i) => {
      const want = arraySelect(t, i);
      return want !== undefined && unifiesValue(item, want);
    });
  }
  if (v instanceof SetValue) return t.k === 'set' && v.sorted().every((item) => unifiesValue(item, t.of));
  if (isObject(v)) {
    if (t.k !== 'object') return false;
    const entries = objectEntries(v);
    if (entries.length !== t.props.length && !t.dynamic) return false;
    return entries.every(([k, x]) => {
      const prop = typeof k === 'string' ? t.props.find(([name]) => name === k) : undefined;
      if (prop) return unifiesValue(x, prop[1]);
      if (!t.dynamic) return false;
      return unifies(valueType(k), t.dynamic.key) && unifiesValue(x, t.dynamic.value);
    });
  }
  return unifies(valueType(v), t);
}

/** Whether `term` (of inferred type `inferred`) can be an argument of type `want`. */
export function unifiesTerm(term: IrTerm, inferred: RegoType, want: RegoType): boolean {
  if (term.k === 'const') return unifiesValue(term.value, want);
  return unifies(inferred, want);
}
