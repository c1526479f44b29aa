/**
 * A YAML document as OPA's `yaml.unmarshal` sees it: go-yaml (v2; v3 from OPA v1.22) decodes the nodes (plain scalars
 * resolved by `go-yaml-scalars.ts`, quoted and block scalars strings, `!!binary` base64-decoded,
 * `<<` merge keys, the last of repeated keys), then `sigs.k8s.io/yaml` makes JSON of it (keys as
 * strings: `1` → `"1"`, `true` → `"true"`; a null or collection key, an infinite or NaN number
 * are errors). The YAML library parses with its failsafe schema, so every scalar arrives as text.
 */

import { makeObject, normalizeNumber, type Value } from '../value/index.ts';
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, type Scalar } from '../yaml-library.ts';
import { floatKey, resolvePlainScalar, type YamlScalar } from './go-yaml-scalars.ts';

const TAG = 'tag:yaml.org,2002:';
/** go-yaml's bound on the nodes an aliased document may expand to. */
const MAX_DECODED_NODES = 1_000_000;

interface Decoding {
  readonly doc: Document.Parsed;
  readonly v3: boolean;
  decoded: number;
}

/** The Go string of bytes `base64` (standard alphabet; line breaks ignored), as JSON would carry it. */
function binaryText(base64: string): string {
  const clean = base64.replace(/[\r\n]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw new Error('!!binary value contains invalid base64 data');
  }
  const bytes = Uint8Array.from(atob(clean), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

function scalarValue(node: Scalar, v3: boolean): YamlScalar {
  const text = String(node.value ?? '');
  const tag = node.tag;
  if (tag === undefined) return node.type === 'PLAIN' ? resolvePlainScalar(text, v3) : text;
  if (!tag.startsWith(TAG)) return text;
  const kind = tag.slice(TAG.length);
  if (kind === 'binary') return binaryText(text);
  // go-yaml v3 decodes an explicit timestamp into a time, which JSON writes in RFC 3339.
  if (kind === 'timestamp' && v3 && /^\d{4}-\d\d-\d\d$/.test(text)) return `${text}T00:00:00Z`;
  if (kind === 'str' || kind === 'timestamp') return text;
  const resolved = resolvePlainScalar(text, v3);
  const got =
    resolved === null
      ? 'null'
      : typeof resolved === 'boolean'
        ? 'bool'
        : typeof resolved === 'bigint'
          ? 'int'
          : typeof resolved === 'number'
            ? 'float'
            : 'str';
  if (got === kind || (kind === 'float' && got === 'int')) return resolved;
  if (!['int', 'float', 'bool', 'null'].includes(kind)) return text;
  throw new Error(`cannot decode !!${got} \`${text}\` as a !!${kind}`);
}

function jsonNumber(n: number | bigint): Value {
  if (typeof n === 'number' && !Number.isFinite(n)) throw new Error(`json: unsupported value: ${n}`);
  return normalizeNumber(n);
}

function keyText(node: unknown, d: Decoding): string {
  const target = isAlias(node) ? node.resolve(d.doc) : node;
  if (!isScalar(target)) throw new Error('invalid map key: a collection');
  const k = scalarValue(target, d.v3);
  if (k === null) throw new Error('unsupported map key of type: <nil>');
  if (typeof k === 'number') return floatKey(k);
  return String(k);
}

function isMergeKey(node: unknown): boolean {
  return isScalar(node) && node.value === '<<' && (node.type === 'PLAIN' || node.tag === `${TAG}merge`);
}

function merge(entries: Map<string, Value>, node: unknown, d: Decoding): void {
  const target = isAlias(node) ? node.resolve(d.doc) : node;
  if (isMap(target)) {
    for (const [k, v] of mapEntries(target, d)) entries.set(k, v);
    return;
  }
  if (isSeq(target)) {
    // Earlier maps win: go-yaml merges the list from its end.
    for (const item of [...target.items].reverse()) {
      const map = isAlias(item) ? item.resolve(d.doc) : item;
      if (!isMap(map)) throw new Error('map merge requires map or sequence of maps as the value');
      merge(entries, map, d);
    }
    return;
  }
  throw new Error('map merge requires map or sequence of maps as the value');
}

function mapEntries(node: Node & { items: unknown[] }, d: Decoding): Map<string, Value> {
  const entries = new Map<string, Value>();
  for (const pair of node.items as { key: unknown; value: unknown }[]) {
    if (isMergeKey(pair.key)) merge(entries, pair.value, d);
    else entries.set(keyText(pair.key, d), decodeNode(pair.value, d));
  }
  return entries;
}

/** Decodes one node (null for an absent one). */
function decodeNode(node: unknown, d: Decoding): Value {
  if (++d.decoded > MAX_DECODED_NODES) throw new Error('document contains excessive aliasing');
  if (node === null || node === undefined) return null;
  if (isAlias(node)) return decodeNode(node.resolve(d.doc), d);
  if (isScalar(node)) {
    const v = scalarValue(node, d.v3);
    return typeof v === 'number' || typeof v === 'bigint' ? jsonNumber(v) : v;
  }
  if (isSeq(node)) return node.items.map((item) => decodeNode(item, d));
  if (isMap(node)) return makeObject([...mapEntries(node, d)]);
  throw new Error('unsupported YAML node');
}

/**
 * The value OPA's `yaml.unmarshal` gives a parsed document (parsed with the failsafe schema).
 * @param v3 go-yaml v3's reading (OPA v1.22), default v2's
 * @example decodeGoYaml(parseDocument('a: 0o10', { schema: 'failsafe' })); // { a: 8 }
 */
export function decodeGoYaml(doc: { readonly contents: unknown }, v3 = false): Value {
  return decodeNode(doc.contents, { doc: doc as Document.Parsed, v3, decoded: 0 });
}
