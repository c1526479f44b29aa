/**
 * YAML built-ins: `yaml.marshal`, `yaml.unmarshal`, `yaml.is_valid`. Parsing follows YAML 1.1 as
 * Go's `sigs.k8s.io/yaml` does (`yes`/`no`/`on`/`off` are booleans); only the first document
 * counts; aliases are capped against expansion bombs.
 */
import { parseAllDocuments, stringify } from 'yaml';
import type { BuiltinDefinition } from '../builtin.ts';
import { isObject, makeObject, normalizeNumber, objectEntries, SetValue, type Value } from '../value.ts';
import { writeJson } from './json-text.ts';
import { arg, builtinError, defineFunction, stringArg } from './operands.ts';

/** Converts what the YAML parser produced into a Rego value (JSON semantics: string keys). */
function fromYaml(x: unknown, path: string): Value {
  if (x === null || x === undefined) return null;
  if (typeof x === 'string' || typeof x === 'boolean') return x;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new Error(`${path}: ${x} is not a JSON number`);
    return normalizeNumber(x);
  }
  if (typeof x === 'bigint') return normalizeNumber(x);
  if (x instanceof Date) return x.toISOString().replace('.000Z', 'Z');
  if (Array.isArray(x)) return x.map((e, i) => fromYaml(e, `${path}[${i}]`));
  if (x instanceof Map) {
    return makeObject([...x].map(([k, v]) => [String(k), fromYaml(v, `${path}.${String(k)}`)] as const));
  }
  if (x instanceof Set) return [...x].map((e, i) => fromYaml(e, `${path}[${i}]`));
  if (typeof x === 'object') {
    return makeObject(Object.entries(x).map(([k, v]) => [k, fromYaml(v, `${path}.${k}`)] as const));
  }
  throw new Error(`${path}: unsupported YAML value`);
}

function parseYaml(text: string): Value {
  const docs = parseAllDocuments(text, { version: '1.1', intAsBigInt: true, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  const first = list[0];
  if (!first) return null;
  const error = first.errors[0];
  if (error) throw new Error(error.message);
  return fromYaml(first.toJS({ maxAliasCount: 100 }), '$');
}

/** Turns a value into the plain data the YAML writer takes (sets as arrays, keys as strings). */
function toPlain(v: Value): unknown {
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof SetValue) return v.sorted().map(toPlain);
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of objectEntries(v)) out[typeof k === 'string' ? k : writeJson(k)] = toPlain(x);
    return out;
  }
  return v;
}

/** YAML built-ins. */
export const yamlBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('yaml.marshal', 1, (args) =>
    stringify(toPlain(arg(args, 0)), { version: '1.1', sortMapEntries: true, indentSeq: false }),
  ),
  defineFunction('yaml.unmarshal', 1, (args) => {
    const text = stringArg('yaml.unmarshal', args, 0);
    try {
      return parseYaml(text);
    } catch (e) {
      throw builtinError('yaml.unmarshal', (e as Error).message, e);
    }
  }),
  defineFunction('yaml.is_valid', 1, (args) => {
    const text = arg(args, 0);
    if (typeof text !== 'string') return false;
    try {
      parseYaml(text);
      return true;
    } catch {
      return false;
    }
  }),
];
