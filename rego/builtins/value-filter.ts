/**
 * Keeping only selected parts of a value (OPA's `Object.Filter`), as `object.filter` and
 * `json.filter` do: a filter is a tree of objects whose `null` leaves keep a whole sub-value.
 */
import {
  canonicalKey,
  isObject,
  makeObject,
  type ObjectValue,
  objectEntries,
  objectGet,
  SetValue,
  type Value,
} from '../value/index.ts';

/** `value` reduced to the parts that `filter` names; `filter = null` keeps everything. */
export function filterValue(value: Value, filter: Value): Value {
  if (filter === null) return value;
  if (!isObject(filter)) return value;
  if (Array.isArray(value)) {
    const out: Value[] = [];
    value.forEach((item, i) => {
      const sub = objectGet(filter, String(i));
      if (sub !== undefined) out.push(filterValue(item, sub));
    });
    return out;
  }
  if (value instanceof SetValue) {
    const out = new SetValue();
    for (const item of value) {
      const sub = objectGet(filter, item);
      if (sub !== undefined) out.add(filterValue(item, sub));
    }
    return out;
  }
  if (isObject(value)) {
    const out: (readonly [Value, Value])[] = [];
    for (const [k, sub] of objectEntries(filter)) {
      const v = objectGet(value, k);
      if (v !== undefined) out.push([k, filterValue(v, sub)]);
    }
    return makeObject(out);
  }
  return value;
}

/** A filter tree from paths (arrays of keys): `[["a","b"],["c"]]` → `{"a": {"b": null}, "c": null}`. */
export function pathsToFilter(paths: readonly (readonly Value[])[]): ObjectValue {
  type Node = Map<string, { key: Value; child: Node | null }>;
  const root: Node = new Map();
  for (const path of paths) {
    if (path.length === 0) continue;
    let node: Node | null = root;
    for (let i = 0; i < path.length - 1 && node; i++) {
      const key = path[i] as Value;
      const id = canonicalKey(key);
      const existing = node.get(id);
      if (!existing) {
        const child: Node = new Map();
        node.set(id, { key, child });
        node = child;
      } else {
        node = existing.child;
      }
    }
    if (node) {
      const key = path[path.length - 1] as Value;
      node.set(canonicalKey(key), { key, child: null });
    }
  }
  const build = (node: Node): ObjectValue =>
    makeObject([...node.values()].map(({ key, child }) => [key, child ? build(child) : null] as const));
  return build(root);
}
