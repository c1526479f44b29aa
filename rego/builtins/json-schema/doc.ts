/**
 * JSON documents as gojsonschema sees them (OPA hands it `ast.JSON` of the operands): sets as
 * arrays, objects with string keys, numbers exact.
 */
import { isDecimal, isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';
import { writeJson } from '../json-text.ts';

/** A JSON document. */
export type Doc = null | boolean | number | bigint | string | Doc[] | { [key: string]: Doc };

/** A JSON object of a document. */
export type DocObject = { [key: string]: Doc };

/** A Rego value as a document. */
export function toDoc(v: Value): Doc {
  // gojsonschema reads a number with more text than its double (`1.0`) as that double.
  if (isDecimal(v)) return v.value;
  if (Array.isArray(v)) return v.map(toDoc);
  if (v instanceof SetValue) return v.sorted().map(toDoc);
  if (isObject(v)) {
    const out: DocObject = {};
    for (const [k, x] of objectEntries(v)) out[typeof k === 'string' ? k : writeJson(k)] = toDoc(x);
    return out;
  }
  return v as Doc;
}

/** Whether `v` is a JSON object. */
export function isDocObject(v: Doc | undefined): v is DocObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `v` is a JSON number. */
export function isDocNumber(v: Doc | undefined): v is number | bigint {
  return typeof v === 'number' || typeof v === 'bigint';
}

function asFloats(d: Doc): Value {
  if (typeof d === 'bigint') return Number(d);
  if (Array.isArray(d)) return d.map(asFloats);
  if (isDocObject(d)) return Object.fromEntries(Object.entries(d).map(([k, x]) => [k, asFloats(x)]));
  return d;
}

/**
 * gojsonschema's text of a value for `enum`, `const` and `uniqueItems`: Go's JSON of the value
 * with every number read back as a float64 (so `1` and `1.0` are equal).
 */
export function marshal(d: Doc): string {
  return writeJson(asFloats(d));
}
