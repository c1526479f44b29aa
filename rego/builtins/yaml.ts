/**
 * YAML built-ins: `yaml.marshal`, `yaml.unmarshal`, `yaml.is_valid`. Parsing follows YAML 1.1 as
 * Go's `sigs.k8s.io/yaml` does (`yes`/`no`/`on`/`off` are booleans); only the first document's
 * value counts (OPA v1.22 also refuses text whose later documents are malformed); aliases are
 * capped against expansion bombs.
 */

import type { BuiltinDefinition } from '../builtin.ts';
import {
  isObject,
  makeObject,
  normalizeNumber,
  objectEntries,
  SetValue,
  type Value,
} from '../value/index.ts';
import { isScalar, Pair, parseAllDocuments, Scalar, stringify, YAMLMap } from '../yaml-library.ts';
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

function parseYaml(text: string, everyDocument: boolean): Value {
  const docs = parseAllDocuments(text, { version: '1.1', intAsBigInt: true, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  const first = list[0];
  if (!first) {
    // go-yaml refuses directives that no document follows; the YAML library just yields nothing.
    if (/^%/m.test(text)) throw new Error('did not find expected <document start>');
    return null;
  }
  const error = (everyDocument ? list : [first]).flatMap((doc) => doc.errors)[0];
  if (error) throw new Error(error.message);
  return fromYaml(first.toJS({ maxAliasCount: 100 }), '$');
}

/**
 * Whether go-yaml writes `s` double-quoted: when it would read back as another type in YAML 1.1
 * (`"10"`, `"yes"`, `""`) or holds characters that only escapes can carry (a tab). Other strings
 * that cannot be plain it single-quotes (`'[1,2'`).
 */
function needsDoubleQuotes(s: string): boolean {
  if (/[^\n\x20-\x7e\u0085\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(s)) return true;
  if (s === '') return true;
  if (s.includes('\n')) return false;
  const [doc] = parseAllDocuments(s, { version: '1.1' });
  if (!doc || doc.errors.length > 0 || !isScalar(doc.contents)) return false;
  return typeof doc.contents.value !== 'string';
}

function stringNode(s: string): Scalar {
  const node = new Scalar(s);
  if (needsDoubleQuotes(s)) node.type = Scalar.QUOTE_DOUBLE;
  return node;
}

/** Turns a value into the nodes the YAML writer takes (sets as arrays, keys as strings, sorted). */
function toNodes(v: Value): unknown {
  if (Array.isArray(v)) return v.map(toNodes);
  if (v instanceof SetValue) return v.sorted().map(toNodes);
  if (typeof v === 'string') return stringNode(v);
  if (isObject(v)) {
    const entries = objectEntries(v).map(([k, x]) => [typeof k === 'string' ? k : writeJson(k), x] as const);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const map = new YAMLMap();
    for (const [k, x] of entries) map.items.push(new Pair(stringNode(k), toNodes(x)));
    return map;
  }
  return v;
}

/**
 * `yaml.unmarshal` and `yaml.is_valid`.
 * @param everyDocument whether a malformed document after the first makes the text invalid (OPA v1.22)
 * @example createYamlReaders(true); // OPA v1.22's readers
 */
export function createYamlReaders(everyDocument: boolean): readonly BuiltinDefinition[] {
  return [
    defineFunction('yaml.unmarshal', 1, (args) => {
      const text = stringArg('yaml.unmarshal', args, 0);
      try {
        return parseYaml(text, everyDocument);
      } catch (e) {
        throw builtinError('yaml.unmarshal', (e as Error).message, e);
      }
    }),
    defineFunction('yaml.is_valid', 1, (args) => {
      const text = arg(args, 0);
      if (typeof text !== 'string') return false;
      try {
        parseYaml(text, everyDocument);
        return true;
      } catch {
        return false;
      }
    }),
  ];
}

/** YAML built-ins of OPA v1.15 (only the first document is read). */
export const yamlBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('yaml.marshal', 1, (args) =>
    stringify(toNodes(arg(args, 0)), { version: '1.1', indentSeq: false, singleQuote: true }),
  ),
  ...createYamlReaders(false),
];
