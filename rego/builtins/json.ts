/**
 * JSON built-ins: `json.marshal`, `json.marshal_with_options`, `json.unmarshal`,
 * `json.is_valid`, `json.filter`, `json.remove`, `json.patch`.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import {
  isObject,
  kindOf,
  makeObject,
  objectEntries,
  objectGet,
  SetValue,
  type Value,
} from '../value/index.ts';
import { applyPatch, JsonPatchError, parsePointer } from './json-patch.ts';
import { type JsonIndent, JsonSyntaxError, parseJson, writeJson } from './json-text.ts';
import {
  arg,
  arrayArg,
  builtinError,
  collectionItems,
  defineFunction,
  objectArg,
  operandError,
  stringArg,
  typeError,
} from './operands.ts';
import { regoText } from './rego-text.ts';
import { filterValue, pathsToFilter } from './value-filter.ts';

function pathsArg(name: string, args: readonly Value[]): Value[][] {
  const v = arg(args, 1);
  const items = collectionItems(v);
  if (!items) throw typeError(name, 2, v, 'set', 'array');
  return items.map((p) => {
    if (typeof p !== 'string' && !Array.isArray(p)) {
      throw operandError(
        name,
        2,
        `must be one of {set, array} containing string paths or array of path segments but got ${kindOf(p)}`,
      );
    }
    return parsePointer(p);
  });
}

/** `value` without the leaves of `tree` (OPA's `jsonRemove`); `undefined` when removed entirely. */
function removePaths(value: Value, tree: Value | undefined): Value | undefined {
  if (tree === undefined) return value;
  if (tree === null) return undefined;
  if (!isObject(tree)) return value;
  if (Array.isArray(value)) {
    const out: Value[] = [];
    value.forEach((item, i) => {
      const kept = removePaths(item, objectGet(tree, String(i)));
      if (kept !== undefined) out.push(kept);
    });
    return out;
  }
  if (value instanceof SetValue) {
    const out = new SetValue();
    for (const item of value) {
      const kept = removePaths(item, objectGet(tree, item));
      if (kept !== undefined) out.add(kept);
    }
    return out;
  }
  if (isObject(value)) {
    const out: (readonly [Value, Value])[] = [];
    for (const [k, v] of objectEntries(value)) {
      const kept = removePaths(v, objectGet(tree, k));
      if (kept !== undefined) out.push([k, kept]);
    }
    return makeObject(out);
  }
  return value;
}

function marshalOptions(args: readonly Value[]): JsonIndent | undefined {
  const opts = objectArg('json.marshal_with_options', args, 1);
  let indent: JsonIndent | undefined;
  let pretty: boolean | undefined;
  const implicit = { prefix: '', indent: '\t' };
  for (const [k, v] of objectEntries(opts)) {
    if (k === 'prefix' || k === 'indent') {
      if (typeof v !== 'string')
        throw operandError('json.marshal_with_options', 2, `key ${k} failed cast to string`);
      implicit[k] = v;
      indent = implicit;
    } else if (k === 'pretty') {
      if (typeof v !== 'boolean')
        throw operandError('json.marshal_with_options', 2, `key ${k} failed cast to bool`);
      pretty = v;
    } else throw operandError('json.marshal_with_options', 2, `object contained unknown key ${regoText(k)}`);
  }
  return pretty === undefined ? indent : pretty ? implicit : undefined;
}

/** JSON built-ins. */
export const jsonBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('json.marshal', 1, (args) => writeJson(arg(args, 0))),
  defineFunction('json.marshal_with_options', 2, (args) => {
    const indent = marshalOptions(args);
    return indent ? indent.prefix + writeJson(arg(args, 0), indent) : writeJson(arg(args, 0));
  }),
  defineFunction('json.unmarshal', 1, (args) => {
    try {
      return parseJson(stringArg('json.unmarshal', args, 0));
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw builtinError('json.unmarshal', e.message, e);
      throw e;
    }
  }),
  defineFunction('json.is_valid', 1, (args) => {
    const text = arg(args, 0);
    if (typeof text !== 'string') return false;
    try {
      parseJson(text);
      return true;
    } catch (e) {
      if (e instanceof JsonSyntaxError) return false;
      throw e;
    }
  }),
  defineFunction('json.filter', 2, (args) => {
    const obj = objectArg('json.filter', args, 0);
    return filterValue(obj, pathsToFilter(pathsArg('json.filter', args)));
  }),
  defineFunction('json.remove', 2, (args) => {
    const obj = objectArg('json.remove', args, 0);
    return removePaths(obj, pathsToFilter(pathsArg('json.remove', args)));
  }),
  defineFunction('json.patch', 2, (args) => {
    const ops = arrayArg('json.patch', args, 1);
    try {
      return applyPatch(arg(args, 0), ops);
    } catch (e) {
      // A failed operation is OPA's built-in error (undefined without strict errors).
      if (e instanceof JsonPatchError) throw builtinError('json.patch', e.message, e);
      throw e;
    }
  }),
];
