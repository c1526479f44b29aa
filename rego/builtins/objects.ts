/**
 * Object built-ins: `object.get` (key or path), `object.keys`, `object.remove`, `object.union`,
 * `object.union_n`, `object.filter`, `object.subset`.
 */
import { type BuiltinDefinition, BuiltinError } from '../builtin.ts';
import {
  compare,
  equal,
  isObject,
  makeObject,
  type ObjectValue,
  objectEntries,
  objectGet,
  objectSize,
  SetValue,
  type Value,
} from '../value/index.ts';
import { lookup } from './lookup.ts';
import { arg, arrayArg, defineFunction, elementError, objectArg, typeError } from './operands.ts';
import { filterValue } from './value-filter.ts';

/** Keys named by an array, set or object (its keys), as `object.remove` and `object.filter` take. */
function keysOf(name: string, v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  if (isObject(v)) return objectEntries(v).map(([k]) => k);
  throw typeError(name, 2, v, 'object', 'set', 'array');
}

/** `a` with `b`'s keys laid over it, merging nested objects (later values win). */
export function mergeObjects(a: ObjectValue, b: ObjectValue): ObjectValue {
  if (objectSize(a) === 0) return b;
  if (objectSize(b) === 0) return a;
  const merged: (readonly [Value, Value])[] = [...objectEntries(a)];
  for (const [k, v] of objectEntries(b)) {
    const old = objectGet(a, k);
    const value = old !== undefined && isObject(old) && isObject(v) ? mergeObjects(old, v) : v;
    merged.push([k, value]);
  }
  return makeObject(merged);
}

function objectGetPath(obj: ObjectValue, path: Value, fallback: Value): Value {
  if (!Array.isArray(path)) {
    // A key whose value is null is there: only a missing key takes the fallback.
    const value = objectGet(obj, path);
    return value === undefined ? fallback : value;
  }
  let cur: Value | undefined = obj;
  for (const key of path) {
    cur = lookup(cur, key);
    if (cur === undefined) return fallback;
  }
  return cur;
}

function isSubset(sup: Value, sub: Value): boolean {
  if (isObject(sup) && isObject(sub)) {
    return objectEntries(sub).every(([k, v]) => {
      const w = objectGet(sup, k);
      if (w === undefined) return false;
      if (equal(v, w)) return true;
      if ((isObject(w) && isObject(v)) || (w instanceof SetValue && v instanceof SetValue))
        return isSubset(w, v);
      if (Array.isArray(w) && Array.isArray(v)) return isSubset(w, v);
      return false;
    });
  }
  if (sup instanceof SetValue && sub instanceof SetValue) return sub.sorted().every((x) => sup.has(x));
  if (Array.isArray(sup) && Array.isArray(sub)) return containsRun(sup, sub);
  if (Array.isArray(sup) && sub instanceof SetValue) {
    const seen = new SetValue(sup);
    return sub.sorted().every((x) => seen.has(x));
  }
  return false;
}

/** Whether `sub` appears as a contiguous run inside `sup`. */
function containsRun(sup: readonly Value[], sub: readonly Value[]): boolean {
  if (sub.length === 0) return true;
  for (let i = 0; i + sub.length <= sup.length; i++) {
    if (sub.every((x, j) => compare(x, sup[i + j] as Value) === 0)) return true;
  }
  return false;
}

/** Object built-ins. */
export const objectBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('object.get', 3, (args) =>
    objectGetPath(objectArg('object.get', args, 0), arg(args, 1), arg(args, 2)),
  ),
  defineFunction(
    'object.keys',
    1,
    (args) => new SetValue(objectEntries(objectArg('object.keys', args, 0)).map(([k]) => k)),
  ),
  defineFunction('object.remove', 2, (args) => {
    const obj = objectArg('object.remove', args, 0);
    const remove = new SetValue(keysOf('object.remove', arg(args, 1)));
    return makeObject(objectEntries(obj).filter(([k]) => !remove.has(k)));
  }),
  defineFunction('object.filter', 2, (args) => {
    const obj = objectArg('object.filter', args, 0);
    const keep = keysOf('object.filter', arg(args, 1));
    return filterValue(obj, makeObject(keep.map((k) => [k, null] as const)));
  }),
  defineFunction('object.union', 2, (args) =>
    mergeObjects(objectArg('object.union', args, 0), objectArg('object.union', args, 1)),
  ),
  defineFunction('object.union_n', 1, (args) => {
    const list = arrayArg('object.union_n', args, 0);
    let acc: ObjectValue = makeObject([]);
    for (const item of list) {
      if (!isObject(item)) throw elementError('object.union_n', 1, list, item, 'object');
      acc = mergeObjects(acc, item);
    }
    return acc;
  }),
  defineFunction('object.subset', 2, (args) => {
    const sup = arg(args, 0);
    const sub = arg(args, 1);
    const sameKind =
      (isObject(sup) && isObject(sub)) ||
      (sup instanceof SetValue && sub instanceof SetValue) ||
      (Array.isArray(sup) && (Array.isArray(sub) || sub instanceof SetValue));
    if (!sameKind) {
      throw new BuiltinError(
        'eval_type_error',
        'object.subset: both arguments object.subset must be of the same type or array and set',
      );
    }
    return isSubset(sup, sub);
  }),
];
