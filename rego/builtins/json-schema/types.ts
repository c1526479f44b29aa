/**
 * A JSON schema as gojsonschema (OPA's fork) holds it after reading, and the readers of its
 * keywords, with gojsonschema's error texts.
 */
import type { CompiledRegex } from '../regex/index.ts';
import { type Doc, type DocObject, isDocNumber } from './doc.ts';
import { isIntegral, type Rational, rational } from './number.ts';

/** A schema gojsonschema refuses, with its error text. */
export class SchemaError extends Error {}

/** How schemas are read: whether `pattern` is applied (OPA v1.22) or only type-checked (v1.15). */
export interface SchemaReading {
  readonly applyPattern: boolean;
}

/** A parsed (sub)schema; absent keywords are undefined. */
export interface SubSchema {
  pass?: boolean;
  refSchema?: SubSchema;
  types: string[];
  properties: [string, SubSchema][];
  additionalProperties?: boolean | SubSchema;
  patternProperties?: [CompiledRegex, SubSchema][];
  /** `pattern`, kept only where it is applied (OPA v1.22; v1.15's fork checks its type only). */
  pattern?: { readonly source: string; readonly regex: CompiledRegex };
  propertyNames?: SubSchema;
  dependencies?: [string, string[] | SubSchema][];
  items: SubSchema[];
  itemsSingle: boolean;
  additionalItems?: boolean | SubSchema;
  multipleOf?: Rational;
  minimum?: Rational;
  maximum?: Rational;
  exclusiveMinimum?: Rational;
  exclusiveMaximum?: Rational;
  minLength?: number;
  maxLength?: number;
  format?: string;
  minProperties?: number;
  maxProperties?: number;
  required: string[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  contains?: SubSchema;
  constText?: string;
  enumTexts: string[];
  oneOf: SubSchema[];
  anyOf: SubSchema[];
  allOf: SubSchema[];
  not?: SubSchema;
  if?: SubSchema;
  then?: SubSchema;
  else?: SubSchema;
}

/** A schema with no keywords. */
export function emptySchema(): SubSchema {
  return {
    types: [],
    properties: [],
    items: [],
    itemsSingle: false,
    required: [],
    uniqueItems: false,
    enumTexts: [],
    oneOf: [],
    anyOf: [],
    allOf: [],
  };
}

/** `Invalid type. Expected: <expected>, given: <given>` (gojsonschema's argument order kept). */
export function invalidType(expected: string, given: string): SchemaError {
  return new SchemaError(`Invalid type. Expected: ${expected}, given: ${given}`);
}

/** `<x> must be of a|an <y>`. */
export function mustBeOf(x: string, y: string): SchemaError {
  return new SchemaError(`${x} must be of ${/^[aeiou]/i.test(y) ? 'an' : 'a'} ${y}`);
}

/** A non-negative integer keyword. */
export function readCount(m: DocObject, key: string): number | undefined {
  if (!(key in m)) return undefined;
  const v = m[key];
  if (!isDocNumber(v) || !isIntegral(v)) throw mustBeOf(key, 'integer');
  if (v < 0) throw new SchemaError(`${key} must be greater than or equal to 0`);
  return Number(v);
}

/** A number keyword (`minimum`, `maximum`). */
export function readNumber(m: DocObject, key: string): Rational | undefined {
  if (!(key in m)) return undefined;
  const v = m[key];
  if (!isDocNumber(v)) throw mustBeOf(key, 'Number');
  return rational(v);
}

/** A string keyword. */
export function readString(m: DocObject, key: string): string | undefined {
  if (!(key in m)) return undefined;
  const v = m[key];
  if (typeof v !== 'string') throw invalidType('string', key);
  return v;
}

/** An array keyword (absent: empty). */
export function readList(m: DocObject, key: string): Doc[] {
  if (!(key in m)) return [];
  const v = m[key];
  if (!Array.isArray(v)) throw mustBeOf(key, 'array');
  return v;
}
