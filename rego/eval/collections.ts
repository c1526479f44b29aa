/**
 * Runtime operations on collections: base-document selection, membership, path updates
 * (for `with`), and the merge of base documents with virtual ones.
 */
import {
  canonicalKey,
  compareStrings,
  isObject,
  lookup,
  makeObject,
  type ObjectValue,
  objectEntries,
  type PlainObject,
  SetValue,
  type Value,
} from '../value/index.ts';

/**
 * `c[key]` as OPA reads base documents from its store, where paths are strings: a number key
 * also selects the object member named by its decimal text (`data[2]` reads `data["2"]`).
 */
export function storageLookup(c: Value | undefined, key: Value): Value | undefined {
  const v = lookup(c, key);
  if (v !== undefined || (typeof key !== 'number' && typeof key !== 'bigint') || Array.isArray(c)) return v;
  return lookup(c, String(key));
}

/** Sorted keys of a plain object. */
export function plainKeys(o: PlainObject): string[] {
  return Object.keys(o).sort(compareStrings);
}

/** Whether `v` is an array, object or set. */
export function isCollection(v: Value | undefined): boolean {
  return typeof v === 'object' && v !== null;
}

/** Values of a collection (array elements, object values, set elements), in OPA's order. */
export function collectionValues(v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  if (isObject(v)) return objectEntries(v).map((e) => e[1]);
  return [];
}

/** `value` placed at `path` inside `base`, creating or replacing objects along the way. */
export function setPath(base: Value | undefined, path: readonly string[], value: Value): Value {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const entries: (readonly [Value, Value])[] = isObject(base)
    ? objectEntries(base).filter(([k]) => k !== key)
    : [];
  entries.push([key, setPath(isObject(base) ? lookup(base, key) : undefined, rest, value)]);
  return makeObject(entries);
}

/**
 * Merges a base document with the virtual one at the same path: objects merge key by key, and
 * where both hold a non-object the base wins (as OPA does).
 */
export function mergeBase(base: Value | undefined, virtual: ObjectValue): Value {
  if (base === undefined) return virtual;
  if (!isObject(base)) return base;
  const out = new Map<string, readonly [Value, Value]>();
  for (const [k, v] of objectEntries(virtual)) out.set(canonicalKey(k), [k, v]);
  for (const [k, v] of objectEntries(base)) {
    const other = out.get(canonicalKey(k));
    out.set(canonicalKey(k), [k, other && isObject(v) && isObject(other[1]) ? mergeBase(v, other[1]) : v]);
  }
  return makeObject(out.values());
}

/**
 * A map key for an object key: strings as themselves (the common case), other values by their
 * canonical key; the two spaces never collide.
 */
export function keyId(key: Value): string {
  if (typeof key === 'string') return key.charCodeAt(0) === 0 ? `\u0000s${key}` : key;
  return `\u0000v${canonicalKey(key)}`;
}
