/**
 * OPA's total order over values, structural equality, canonical keys (equal values, equal keys)
 * for hashing, and the entries of an object in that order.
 */
import type { SetValue } from './collections.ts';
import { compareDecimal, type DecimalNumber, decimalKey } from './decimal-number.ts';
import {
  type ArrayValue,
  isDecimal,
  isObjectMap,
  isSet,
  isUnsafeIntegral,
  kindOf,
  type ObjectValue,
  type Value,
  type ValueKind,
} from './value.ts';

/** Compares two strings by Unicode code point (the byte order of their UTF-8 encodings, as Go does). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 order differs from code point order only between surrogates and U+E000..U+FFFF.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

const KIND_ORDER: Record<ValueKind, number> = {
  null: 0,
  boolean: 1,
  number: 2,
  string: 3,
  array: 6,
  object: 7,
  set: 8,
};

/** OPA's total order over values: null < boolean < number < string < array < object < set. */
export function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return KIND_ORDER[ka] - KIND_ORDER[kb];
  switch (ka) {
    case 'boolean':
      return a === false ? -1 : 1;
    case 'number':
      if (isDecimal(a) || isDecimal(b)) return compareDecimal(a as number, b as number);
      return (a as number | bigint) < (b as number | bigint)
        ? -1
        : (a as number | bigint) > (b as number | bigint)
          ? 1
          : 0;
    case 'string':
      return compareStrings(a as string, b as string);
    case 'array':
      return compareSequences(a as ArrayValue, b as ArrayValue);
    case 'set':
      return compareSequences((a as SetValue).sorted(), (b as SetValue).sorted());
    case 'object':
      return compareObjects(a as ObjectValue, b as ObjectValue);
    default:
      return 0;
  }
}

function compareSequences(a: readonly Value[], b: readonly Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compare(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function compareObjects(a: ObjectValue, b: ObjectValue): number {
  const ea = objectEntries(a);
  const eb = objectEntries(b);
  const n = Math.min(ea.length, eb.length);
  for (let i = 0; i < n; i++) {
    const [ka, va] = ea[i] as readonly [Value, Value];
    const [kb, vb] = eb[i] as readonly [Value, Value];
    const kc = compare(ka, kb);
    if (kc !== 0) return kc;
    const vc = compare(va, vb);
    if (vc !== 0) return vc;
  }
  return ea.length - eb.length;
}

/** Structural equality (sets and objects by content, `1 == 1.0`). */
export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (isDecimal(a) || isDecimal(b)) return compare(a, b) === 0;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // number vs bigint: only a float literal beyond the safe range (`1e21`) can match.
    if (typeof a === 'bigint') return isUnsafeIntegral(b) && BigInt(b) === a;
    if (typeof b === 'bigint') return isUnsafeIntegral(a) && BigInt(a) === b;
    return false;
  }
  return compare(a, b) === 0;
}

/**
 * A string that is equal for equal values and different for different ones (objects and sets
 * are encoded in sorted order), for use as a hash key.
 */
export function canonicalKey(v: Value): string {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return numberKey(v);
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v === null) return 'null';
      if (isDecimal(v as Value)) return decimalKey(v as DecimalNumber, numberKey);
      if (Array.isArray(v)) return `[${v.map(canonicalKey).join(',')}]`;
      if (isSet(v)) return `<${v.sorted().map(canonicalKey).join(',')}>`;
      return `{${objectEntries(v as ObjectValue)
        .map(([k, x]) => `${canonicalKey(k)}:${canonicalKey(x)}`)
        .join(',')}}`;
  }
}

function numberKey(v: number | bigint): string {
  if (typeof v === 'bigint' || isUnsafeIntegral(v)) return BigInt(v).toString();
  return Object.is(v, -0) ? '0' : String(v);
}

/** Entries of an object, sorted by key in OPA's order. */
export function objectEntries(o: ObjectValue): readonly (readonly [Value, Value])[] {
  if (isObjectMap(o)) return o.sortedEntries();
  return Object.keys(o)
    .sort(compareStrings)
    .map((k) => [k, o[k] as Value] as const);
}
