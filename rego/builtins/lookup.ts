/**
 * Looking a key up in a collection as a Rego reference does: `obj[key]`, `arr[index]`,
 * `set[element]` (which yields the element when present).
 */
import { isObject, objectGet, SetValue, type Value } from '../value/index.ts';

/** `container[key]`, or `undefined` when absent or when `container` is not a collection. */
export function lookup(container: Value, key: Value): Value | undefined {
  if (Array.isArray(container)) {
    if (typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < container.length) {
      return container[key];
    }
    return undefined;
  }
  if (container instanceof SetValue) return container.has(key) ? key : undefined;
  if (isObject(container)) return objectGet(container, key);
  return undefined;
}
