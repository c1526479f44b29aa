/**
 * The Rego value model: what a value is in JavaScript, its kind, and Rego numbers.
 *
 * Representation (chosen so that JSON input needs no conversion on the hot path):
 * - `null`, `boolean`, `string` are themselves.
 * - numbers are JS `number`s, except integers outside the safe range, which are `bigint`s
 *   (so precision is never lost silently); {@link normalizeNumber} keeps that invariant. A literal
 *   written as a float (`1e21`, `1e308`) stays a `number` even when integral, as OPA keeps it a
 *   float (`sprintf("%d", [1e21])` is `%!d(float64=1e+21)`); equality and keys treat it as the
 *   integer it equals. So does `-0.0` (`-0`, equal to `0`); computed results never are `-0`.
 * - arrays are JS arrays (never mutated once built).
 * - objects whose keys are all strings are plain JS objects (own enumerable properties; input
 *   objects may have `Object.prototype`, engine-built ones have a null prototype);
 *   objects with at least one non-string key are {@link ObjectMap}s.
 * - sets are {@link SetValue}s.
 * - a number whose OPA text is not a JS number's text (`1.0`, `1 / 3`'s 20 digits) is a
 *   {@link DecimalNumber}: the text beside its nearest double (`decimal-number.ts`).
 *
 * Sets and objects with non-string keys are in `collections.ts`, the order of values in
 * `order.ts`, JSON in `json.ts`.
 */
import type { ObjectMap, SetValue } from './collections.ts';
import type { DecimalNumber } from './decimal-number.ts';

/** A Rego value. */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | DecimalNumber
  | string
  | ArrayValue
  | ObjectValue
  | SetValue;
/** A Rego array. */
export type ArrayValue = readonly Value[];
/** A Rego object whose keys are all strings. */
export type PlainObject = { readonly [key: string]: Value };
/** A Rego object. */
export type ObjectValue = PlainObject | ObjectMap;
/** The kind of a value, as OPA's `type_name` names it. */
export type ValueKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'set';

/**
 * The mark of the value classes, so that a value's kind is told without importing them: a
 * symbol no input can carry (`'set'` on {@link SetValue}, `'map'` on {@link ObjectMap},
 * `'number'` on {@link DecimalNumber}).
 */
export const COLLECTION: unique symbol = Symbol('rego collection');

interface Branded {
  readonly [COLLECTION]?: 'set' | 'map' | 'number';
}

/** Whether `v` is a {@link DecimalNumber} (a number carried with OPA's text). */
export function isDecimal(v: Value | undefined): v is DecimalNumber {
  return typeof v === 'object' && v !== null && (v as Branded)[COLLECTION] === 'number';
}

/** Whether `v` is a Rego set. */
export function isSet(v: Value | undefined): v is SetValue {
  return typeof v === 'object' && v !== null && (v as Branded)[COLLECTION] === 'set';
}

/** Whether `v` is an object with a key that is not a string ({@link ObjectMap}). */
export function isObjectMap(v: Value | undefined): v is ObjectMap {
  return typeof v === 'object' && v !== null && (v as Branded)[COLLECTION] === 'map';
}

/** The kind of a value. */
export function kindOf(v: Value): ValueKind {
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      if (v === null) return 'null';
      if (Array.isArray(v)) return 'array';
      switch ((v as Branded)[COLLECTION]) {
        case 'set':
          return 'set';
        case 'number':
          return 'number';
        default:
          return 'object';
      }
  }
}

/** Whether `v` is a Rego number. */
export function isNumber(v: Value | undefined): v is number | bigint | DecimalNumber {
  return typeof v === 'number' || typeof v === 'bigint' || isDecimal(v);
}

/** Whether `v` is a Rego object (plain or {@link ObjectMap}). */
export function isObject(v: Value | undefined): v is ObjectValue {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const brand = (v as Branded)[COLLECTION];
  return brand !== 'set' && brand !== 'number';
}

/** Keeps the number invariant: integers outside the safe range become `bigint`, safe ones `number`. */
export function normalizeNumber(n: number | bigint): number | bigint {
  if (typeof n === 'bigint') {
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  }
  return Number.isInteger(n) && !Number.isSafeInteger(n) ? BigInt(n) : n === 0 ? 0 : n;
}

/**
 * Parses a Rego/JSON number literal without losing integer precision (integers written as digits
 * beyond 2^53 are `bigint`s); `undefined` if not finite.
 */
export function parseNumber(text: string): number | bigint | undefined {
  if (/^-?\d+$/.test(text)) return normalizeNumber(BigInt(text));
  const n = Number(text);
  if (!Number.isFinite(n)) return hugeInteger(text);
  if (Number.isInteger(n) && !Number.isSafeInteger(n) && /^-?\d+(\.0*)?$/.test(text)) {
    return normalizeNumber(BigInt(text.split('.')[0] as string));
  }
  // Written as a float: a float, even when integral beyond 2^53 or a negative zero (`-0.0`).
  return n;
}

/**
 * The text OPA keeps for a number, as JSON and `print` write it: integers in full, other numbers
 * in their shortest form, and a float literal beyond 2^53 in the exponent form one writes it in
 * (`1e21`, `1.7976931348623157e308`, where JavaScript writes `1e+21` and `10000000000000000`);
 * a negative zero (only a literal keeps one) as `-0.0`.
 */
export function numberText(n: number | bigint | DecimalNumber): string {
  if (typeof n === 'object') return n.text;
  if (typeof n === 'bigint') return n.toString();
  if (Object.is(n, -0)) return '-0.0';
  if (!isUnsafeIntegral(n)) return String(n);
  const [mantissa, exponent] = n.toExponential().split('e') as [string, string];
  return `${mantissa}e${Number(exponent)}`;
}

/** Whether `n` is an integral `number` beyond the safe range (only a literal written as a float). */
export function isUnsafeIntegral(n: unknown): n is number {
  return typeof n === 'number' && !Number.isSafeInteger(n) && Number.isInteger(n);
}

/** An exponent literal too large for a float (`2e308`) as the exact integer it denotes. */
function hugeInteger(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?[eE]\+?(\d{1,6})$/.exec(text);
  if (!m) return undefined;
  const [, sign, whole, fraction = '', exp] = m as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  const shift = Number(exp) - fraction.length;
  if (shift < 0 || Number(exp) > 100_000) return undefined;
  const magnitude = BigInt(whole + fraction) * 10n ** BigInt(shift);
  return sign ? -magnitude : magnitude;
}
