/**
 * JSON Patch (RFC 6902) over Rego values, as `json.patch` applies it: `add`, `remove`,
 * `replace`, `move`, `copy`, `test` on objects, arrays (`-` appends) and sets (a path segment names
 * an element; adding needs a value equal to it). A failing operation makes the whole patch fail.
 */
import {
  equal,
  isObject,
  makeObject,
  type ObjectValue,
  objectEntries,
  objectGet,
  SetValue,
  type Value,
} from '../value/index.ts';

/** Why a patch could not be applied. */
export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';
}

/** A JSON pointer (`/a/0/b`, `~1` and `~0` escapes) or an array of segments, as a list of keys. */
export function parsePointer(path: Value): Value[] {
  if (Array.isArray(path)) return [...path];
  if (typeof path !== 'string')
    throw new JsonPatchError(`path must be a string or an array, got ${typeof path}`);
  if (path === '') return [];
  return path
    .replace(/^\/+/, '')
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function arrayIndex(arr: readonly Value[], key: Value, inserting: boolean): number {
  if (inserting && key === '-') return arr.length;
  const n =
    typeof key === 'number'
      ? key
      : typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key)
        ? Number(key)
        : Number.NaN;
  const max = inserting ? arr.length : arr.length - 1;
  if (!Number.isInteger(n) || n < 0 || n > max) throw new JsonPatchError(`index ${String(key)} out of range`);
  return n;
}

function withKey(obj: ObjectValue, key: Value, value: Value | undefined): ObjectValue {
  const entries = objectEntries(obj).filter(([k]) => !equal(k, key));
  if (value !== undefined) entries.push([key, value]);
  return makeObject(entries);
}

/** Reads the value at `path`. */
export function valueAt(doc: Value, path: readonly Value[]): Value {
  let cur = doc;
  for (const key of path) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, key, false)] as Value;
    else if (isObject(cur)) {
      const next = objectGet(cur, key);
      if (next === undefined) throw new JsonPatchError(`path ${String(key)} not found`);
      cur = next;
    } else if (cur instanceof SetValue) {
      if (!cur.has(key)) throw new JsonPatchError(`path ${String(key)} not found`);
      cur = key;
    } else throw new JsonPatchError('path not found');
  }
  return cur;
}

/** `doc` with the value at `path` inserted (`remove = false`) or removed. */
function edit(doc: Value, path: readonly Value[], value: Value | undefined): Value {
  const [key, ...rest] = path;
  if (key === undefined) {
    if (value === undefined) throw new JsonPatchError('cannot remove the root document');
    return value;
  }
  const inserting = value !== undefined && rest.length === 0;
  if (Array.isArray(doc)) {
    const i = arrayIndex(doc, key, inserting);
    const copy = [...doc];
    if (rest.length > 0) copy[i] = edit(doc[i] as Value, rest, value);
    else if (value === undefined) copy.splice(i, 1);
    else copy.splice(i, 0, value);
    return copy;
  }
  if (doc instanceof SetValue) return editSet(doc, key, rest, value);
  if (isObject(doc)) {
    const child = objectGet(doc, key);
    if (rest.length > 0) {
      if (child === undefined) throw new JsonPatchError(`path ${String(key)} not found`);
      return withKey(doc, key, edit(child, rest, value));
    }
    if (value === undefined && child === undefined) throw new JsonPatchError(`path ${String(key)} not found`);
    return withKey(doc, key, value);
  }
  throw new JsonPatchError('path not found');
}

function editSet(set: SetValue, key: Value, rest: readonly Value[], value: Value | undefined): SetValue {
  const others = set.sorted().filter((x) => !equal(x, key));
  if (rest.length > 0) {
    if (!set.has(key)) throw new JsonPatchError(`path ${String(key)} not found`);
    return new SetValue([...others, edit(key, rest, value)]);
  }
  if (value === undefined) {
    if (!set.has(key)) throw new JsonPatchError(`path ${String(key)} not found`);
    return new SetValue(others);
  }
  if (!equal(key, value)) throw new JsonPatchError('set element must equal its path segment');
  return new SetValue([...others, value]);
}

function field(op: ObjectValue, name: string): Value {
  const v = objectGet(op, name);
  if (v === undefined) throw new JsonPatchError(`missing '${name}' attribute`);
  return v;
}

/** Applies a list of patch operations to `doc`; throws {@link JsonPatchError}. */
export function applyPatch(doc: Value, operations: readonly Value[]): Value {
  let out = doc;
  for (const op of operations) {
    if (!isObject(op)) throw new JsonPatchError('must be an array of JSON-Patch objects');
    const kind = field(op, 'op');
    const path = parsePointer(field(op, 'path'));
    switch (kind) {
      case 'add':
        out = edit(out, path, field(op, 'value'));
        break;
      case 'remove':
        out = edit(out, path, undefined);
        break;
      case 'replace':
        out =
          path.length === 0 ? field(op, 'value') : edit(edit(out, path, undefined), path, field(op, 'value'));
        break;
      case 'move': {
        const from = parsePointer(field(op, 'from'));
        const moved = valueAt(out, from);
        out = edit(edit(out, from, undefined), path, moved);
        break;
      }
      case 'copy':
        out = edit(out, path, valueAt(out, parsePointer(field(op, 'from'))));
        break;
      case 'test':
        if (!equal(valueAt(out, path), field(op, 'value'))) throw new JsonPatchError('test failed');
        break;
      default:
        throw new JsonPatchError(`unrecognized op '${String(kind)}'`);
    }
  }
  return out;
}
