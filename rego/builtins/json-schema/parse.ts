/**
 * Reading a JSON schema document as gojsonschema (OPA's fork) reads it: draft "hybrid" unless
 * `$schema` names draft 4, 6 or 7; `definitions`, then `$ref`, then the other keywords. References
 * resolve within the document (`#`, `#/definitions/…`); other documents are not fetched.
 */
import { type Doc, type DocObject, isDocObject } from './doc.ts';
import { HYBRID, readKeywords } from './keywords.ts';
import {
  emptySchema,
  invalidType,
  readString,
  SchemaError,
  type SchemaReading,
  type SubSchema,
} from './types.ts';

const DRAFTS: Readonly<Record<string, number>> = {
  'http://json-schema.org/draft-04/schema': 4,
  'http://json-schema.org/draft-06/schema': 6,
  'http://json-schema.org/draft-07/schema': 7,
};

/** The node a JSON-pointer fragment (`#/definitions/a`) names in `root`. */
function resolvePointer(root: Doc, ref: string): Doc {
  let node = root;
  const path = ref.slice(1);
  if (path === '') return node;
  for (const raw of path.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node) && /^\d+$/.test(key) && Number(key) < node.length)
      node = node[Number(key)] as Doc;
    else if (isDocObject(node) && key in node) node = node[key] as Doc;
    else throw new SchemaError(`Object has no key '${key}'`);
  }
  return node;
}

function draftOf(root: Doc): number {
  if (typeof root === 'boolean') return HYBRID;
  if (!isDocObject(root)) throw new SchemaError('schema is invalid');
  if (!('$schema' in root)) return HYBRID;
  const s = root.$schema;
  if (typeof s !== 'string') throw new SchemaError('$schema must be of type string');
  return DRAFTS[s.replace(/#$/, '')] ?? HYBRID;
}

/**
 * Parses a schema document, throwing {@link SchemaError} with gojsonschema's text.
 * @param reading whether `pattern` is applied (default: not, as OPA v1.15)
 */
export function parseSchemaDocument(root: Doc, reading: SchemaReading = { applyPattern: false }): SubSchema {
  const draft = draftOf(root);
  const refs = new Map<string, SubSchema>();

  const parse = (node: Doc): SubSchema => {
    if (draft >= 6 && typeof node === 'boolean') return { ...emptySchema(), pass: node };
    if (!isDocObject(node)) throw new SchemaError('Expected: Valid Schema, given: Invalid JSON');
    return parseObject(node);
  };

  const reference = (ref: string): SubSchema => {
    const known = refs.get(ref);
    if (known) return known;
    if (!ref.startsWith('#')) {
      throw new SchemaError(`Reference ${ref} names another document; the engine does not fetch schemas`);
    }
    const target = resolvePointer(root, ref);
    if (!(typeof target === 'boolean' || isDocObject(target))) {
      throw new SchemaError('Valid Schema must be of type object');
    }
    const placeholder = emptySchema();
    refs.set(ref, placeholder);
    return Object.assign(placeholder, parse(target));
  };

  const parseObject = (m: DocObject): SubSchema => {
    const s = emptySchema();
    readString(m, draft === 4 || (draft === HYBRID && 'id' in m) ? 'id' : '$id');
    if ('definitions' in m) {
      const defs = m.definitions;
      if (!isDocObject(defs)) throw invalidType('Array Of Schemas', 'definitions');
      for (const k of Object.keys(defs).sort()) {
        const d = defs[k] as Doc;
        if (!(typeof d === 'boolean' || isDocObject(d))) throw invalidType('Array Of Schemas', 'definitions');
        parse(d);
      }
    }
    readString(m, 'title');
    readString(m, 'description');
    const ref = readString(m, '$ref');
    if (ref !== undefined) {
      s.refSchema = reference(ref);
      return s;
    }
    return readKeywords(s, m, draft, parse, reading);
  };

  return parse(root);
}
