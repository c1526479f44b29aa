/**
 * OPA's unification of types (the `types` package's `Unify`/`unifies` and `Select`): whether two
 * types can describe one value, and the type of an element of an array or object type.
 */
import type { RegoType } from './type-notation.ts';

/** Whether `t` is OPA's `types.A` (anything). */
export function isAnything(t: RegoType): boolean {
  return t.k === 'any' && t.of.length === 0;
}

/** The type of element `i` of an array type. */
export function arraySelect(t: RegoType & { k: 'array' }, i: number): RegoType | undefined {
  return i < t.items.length ? t.items[i] : t.dynamic;
}

/** Whether a type admits a key of type `key` (OPA's `Contains` on key types). */
export function admitsKey(t: RegoType, key: RegoType): boolean {
  if (t.k === 'any') return t.of.length === 0 || t.of.some((alt) => admitsKey(alt, key));
  return t.k === key.k;
}

/** The type of property `key` of an object type. */
export function objectSelect(t: RegoType & { k: 'object' }, key: string): RegoType | undefined {
  const prop = t.props.find(([name]) => name === key);
  if (prop) return prop[1];
  return t.dynamic && admitsKey(t.dynamic.key, { k: 'string' }) ? t.dynamic.value : undefined;
}

/** OPA's `unifies`: whether two types can describe one value. */
export function unifies(a: RegoType | undefined, b: RegoType | undefined): boolean {
  if (!a || !b) return false;
  if (a.k === 'any' || b.k === 'any') {
    if (a.k === 'any' && (a.of.length === 0 || a.of.some((alt) => unifies(alt, b)))) return true;
    if (b.k === 'any' && (b.of.length === 0 || b.of.some((alt) => unifies(alt, a)))) return true;
    return false;
  }
  if (a.k !== b.k) return false;
  if (a.k === 'array' && b.k === 'array') {
    const longest = Math.max(a.items.length, b.items.length);
    for (let i = 0; i < longest; i++) if (!unifies(arraySelect(a, i), arraySelect(b, i))) return false;
    return !a.dynamic || !b.dynamic || unifies(a.dynamic, b.dynamic);
  }
  if (a.k === 'object' && b.k === 'object') {
    const keys = [...a.props, ...b.props].map(([k]) => k);
    if (!keys.every((k) => unifies(objectSelect(a, k), objectSelect(b, k)))) return false;
    return !a.dynamic || !b.dynamic || unifies(a.dynamic.value, b.dynamic.value);
  }
  if (a.k === 'set' && b.k === 'set') return unifies(a.of, b.of);
  return true;
}
