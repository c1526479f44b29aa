/**
 * Selection in a value: `c[key]` (an array element, an object member, a set's own member) and
 * a path of keys, as both the evaluator and the compiler's rule indexes read documents.
 */
import { ObjectMap, SetValue } from './collections.ts';
import { DecimalNumber } from './decimal-number.ts';
import type { PlainObject, Value } from './value.ts';

/** `c[key]`: array element, object value, or the element itself for sets; `undefined` otherwise. */
export function lookup(c: Value | undefined, key: Value): Value | undefined {
  if (typeof c !== 'object' || c === null) return undefined;
  if (typeof key === 'string') {
    // Only plain objects, arrays and a number carried with its text (its `value`) have own
    // string-named properties; this order keeps the common case (a JSON object) to one cheap check.
    if (Object.hasOwn(c, key)) {
      return Array.isArray(c) || c instanceof DecimalNumber ? undefined : (c as PlainObject)[key];
    }
    if (c instanceof SetValue) return c.has(key) ? key : undefined;
    return c instanceof ObjectMap ? c.get(key) : undefined;
  }
  if (Array.isArray(c)) {
    return typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < c.length
      ? c[key]
      : undefined;
  }
  if (c instanceof SetValue) return c.has(key) ? key : undefined;
  return c instanceof ObjectMap ? c.get(key) : undefined;
}

/**
 * The value at a path of keys below `v`, `undefined` when any step is missing.
 * @example lookupPath({ a: [1, 2] }, ['a', 1]); // 2
 */
export function lookupPath(v: Value | undefined, path: readonly Value[]): Value | undefined {
  let x = v;
  for (const k of path) {
    if (x === undefined) return undefined;
    x = lookup(x, k);
  }
  return x;
}
