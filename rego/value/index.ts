/**
 * @module rego/value
 * Rego values: the value model and kinds (`value.ts`), sets and objects with non-string keys
 * (`collections.ts`), Go's string quoting (`go-quote.ts`), selection by key and path
 * (`selection.ts`), reads of `input` paths shared within a scope (`input-reads.ts`), OPA's order,
 * equality and canonical keys (`order.ts`), JSON (`json.ts`), and numbers carried with OPA's text
 * (`decimal-number.ts`).
 */
export { makeObject, ObjectMap, objectGet, objectSize, SetValue } from './collections.ts';
export { DecimalNumber, decimalParts, numberOfText } from './decimal-number.ts';
export { goQuote } from './go-quote.ts';
export type { ReadScope } from './input-reads.ts';
export { InputRead, InputReads } from './input-reads.ts';
export type { JsonValue } from './json.ts';
export { asValue, fromJson, toJson } from './json.ts';
export { canonicalKey, compare, compareStrings, equal, objectEntries } from './order.ts';
export { lookup, lookupPath } from './selection.ts';
export type { ArrayValue, ObjectValue, PlainObject, Value, ValueKind } from './value.ts';
export {
  isDecimal,
  isNumber,
  isObject,
  isObjectMap,
  isSet,
  isUnsafeIntegral,
  kindOf,
  normalizeNumber,
  numberText,
  parseNumber,
} from './value.ts';
