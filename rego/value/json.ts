/**
 * Conversion between JSON (and caller-supplied values) and Rego values: checked on the way in
 * (one allocation-free pass when nothing needs converting), sets and non-string keys encoded on
 * the way out.
 */
import { makeObject, ObjectMap, SetValue } from './collections.ts';
import { DecimalNumber } from './decimal-number.ts';
import { objectEntries } from './order.ts';
import {
  type ArrayValue,
  isDecimal,
  normalizeNumber,
  numberText,
  type ObjectValue,
  type PlainObject,
  type Value,
} from './value.ts';

/** A JSON value, as accepted from and returned to callers. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Checks that `x` is a JSON-compatible value and returns it as a Rego value (no copy is made:
 * JSON data already has the engine's representation). Throws a `TypeError` naming the path of
 * the first offending part (functions, `undefined`, non-finite numbers, class instances).
 */
export function fromJson(x: unknown, path = '$'): Value {
  if (isReady(x, false)) return x as Value;
  switch (typeof x) {
    case 'string':
    case 'boolean':
      return x;
    case 'number':
      if (!Number.isFinite(x)) throw new TypeError(`${path}: number ${x} is not finite`);
      return normalizeNumber(x) === x ? x : convertDeep(x, path);
    case 'bigint':
      return normalizeNumber(x);
    case 'object': {
      if (x === null) return null;
      if (Array.isArray(x)) {
        for (let i = 0; i < x.length; i++) {
          if (fromJson(x[i], `${path}[${i}]`) !== x[i]) return convertDeep(x, path);
        }
        return x as ArrayValue;
      }
      const proto = Object.getPrototypeOf(x);
      if (proto !== Object.prototype && proto !== null) {
        throw new TypeError(`${path}: ${proto?.constructor?.name ?? 'object'} is not a JSON value`);
      }
      for (const [k, v] of Object.entries(x)) {
        if (fromJson(v, `${path}.${k}`) !== v) return convertDeep(x, path);
      }
      return x as PlainObject;
    }
    default:
      throw new TypeError(`${path}: ${typeof x} is not a JSON value`);
  }
}

/**
 * Like {@link fromJson}, but also accepts values already in the engine's representation (sets,
 * {@link ObjectMap}s, bigints, numbers carried with their text), e.g. an input written as a Rego term. Throws a `TypeError`
 * naming the path of the first offending part.
 */
export function asValue(x: unknown, path = '$'): Value {
  if (isReady(x, true)) return x as Value;
  if (x instanceof DecimalNumber) return x;
  if (x instanceof SetValue) {
    for (const e of x) asValue(e, `${path}[*]`);
    return x;
  }
  if (x instanceof ObjectMap) {
    for (const [k, v] of x.sortedEntries()) {
      asValue(k, `${path}{key}`);
      asValue(v, `${path}[${JSON.stringify(toJson(k))}]`);
    }
    return x;
  }
  if (!hasEngineValues(x)) return fromJson(x, path);
  if (Array.isArray(x)) return x.map((e, i) => asValue(e, `${path}[${i}]`));
  return makeObject(
    Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, asValue(v, `${path}.${k}`)] as const),
  );
}

/**
 * Fast check (one pass, no allocation) that `x` already is a value in the engine's
 * representation, so the checked conversions with error paths are only needed otherwise.
 */
function isReady(x: unknown, engineValues: boolean): boolean {
  switch (typeof x) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(x) && (Number.isSafeInteger(x) || !Number.isInteger(x)) && !Object.is(x, -0);
    case 'bigint':
      return engineValues && normalizeNumber(x) === x;
    case 'object': {
      if (x === null) return true;
      if (Array.isArray(x)) {
        for (let i = 0; i < x.length; i++) if (!(i in x) || !isReady(x[i], engineValues)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(x);
      if (proto !== Object.prototype && proto !== null) return false;
      const o = x as Record<string, unknown>;
      // Inherited enumerable properties (a polluted prototype) are checked too, which is harmless.
      for (const k in o) if (!isReady(o[k], engineValues)) return false;
      return true;
    }
    default:
      return false;
  }
}

function hasEngineValues(x: unknown): boolean {
  if (x instanceof SetValue || x instanceof ObjectMap || x instanceof DecimalNumber) return true;
  if (typeof x !== 'object' || x === null) return false;
  const proto = Object.getPrototypeOf(x);
  if (!Array.isArray(x) && proto !== Object.prototype && proto !== null) return false;
  return Object.values(x).some(hasEngineValues);
}

/** Slow path of {@link fromJson}: copies when some number had to be normalized. */
function convertDeep(x: unknown, path: string): Value {
  if (typeof x === 'number') return normalizeNumber(x);
  if (Array.isArray(x)) return x.map((e, i) => fromJson(e, `${path}[${i}]`));
  return makeObject(
    Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, fromJson(v, `${path}.${k}`)] as const),
  );
}

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * A non-string object key as OPA prints it: Go's JSON of the key — numbers as {@link numberText}, object keys
 * sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped.
 */
function keyText(k: Value): string {
  switch (typeof k) {
    case 'string':
      return JSON.stringify(k).replace(
        HTML_UNSAFE,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    case 'bigint':
    case 'number':
      return numberText(k);
    case 'boolean':
      return String(k);
    default: {
      if (k === null) return 'null';
      if (isDecimal(k)) return k.text;
      if (Array.isArray(k)) return `[${k.map(keyText).join(',')}]`;
      if (k instanceof SetValue) return `[${k.sorted().map(keyText).join(',')}]`;
      const entries = objectEntries(k as ObjectValue).map(([key, x]) => [
        typeof key === 'string' ? key : keyText(key),
        keyText(x),
      ]);
      entries.sort(([a], [b]) =>
        (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0,
      );
      return `{${entries.map(([key, x]) => `${keyText(key as string)}:${x}`).join(',')}}`;
    }
  }
}

/**
 * Converts a value to JSON: sets become sorted arrays, non-string object keys become their JSON
 * encoding (as OPA prints them), bigints become numbers when exact and strings otherwise.
 */
export function toJson(v: Value): JsonValue {
  switch (typeof v) {
    case 'bigint': {
      // Beyond a double's range `Number(v)` is infinite, which `BigInt` refuses: such integers stay text.
      const n = Number(v);
      return Number.isFinite(n) && BigInt(n) === v ? n : v.toString();
    }
    case 'object': {
      if (v === null) return null;
      if (isDecimal(v)) return toJson(v.value);
      if (Array.isArray(v)) return v.map(toJson);
      if (v instanceof SetValue) return v.sorted().map(toJson);
      const out: { [key: string]: JsonValue } = {};
      for (const [k, x] of objectEntries(v as ObjectValue)) {
        out[typeof k === 'string' ? k : keyText(k)] = toJson(x);
      }
      return out;
    }
    default:
      return v as JsonValue;
  }
}
