/**
 * Rego values and their OPA semantics: kinds, structural equality, the total order OPA uses
 * for sorting and comparison, canonical keys for hashing, and conversion from and to JSON.
 *
 * Representation (chosen so that JSON input needs no conversion on the hot path):
 * - `null`, `boolean`, `string` are themselves.
 * - numbers are JS `number`s, except integers outside the safe range, which are `bigint`s
 *   (so precision is never lost silently); {@link normalizeNumber} keeps that invariant.
 * - arrays are JS arrays (never mutated once built).
 * - objects whose keys are all strings are plain JS objects (own enumerable properties; input
 *   objects may have `Object.prototype`, engine-built ones have a null prototype);
 *   objects with at least one non-string key are {@link ObjectMap}s.
 * - sets are {@link SetValue}s.
 *
 * Ordering and equality live in `value-order.ts`, JSON conversion in `value-json.ts`; both are
 * re-exported here.
 */
import { canonicalKey, compare, compareStrings } from './value-order.ts';

/** A Rego value. */
export type Value = null | boolean | number | bigint | string | ArrayValue | ObjectValue | SetValue;
/** A Rego array. */
export type ArrayValue = readonly Value[];
/** A Rego object whose keys are all strings. */
export type PlainObject = { readonly [key: string]: Value };
/** A Rego object. */
export type ObjectValue = PlainObject | ObjectMap;
/** The kind of a value, as OPA's `type_name` names it. */
export type ValueKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'set';

type Primitive = null | boolean | number | bigint | string;

/** Keyed storage shared by sets and objects: primitives by identity, composites by canonical key. */
class KeyedStore<T> {
  readonly prims = new Map<Primitive, T>();
  readonly comps = new Map<string, T>();
  get size(): number {
    return this.prims.size + this.comps.size;
  }
  get(key: Value): T | undefined {
    return isPrimitive(key) ? this.prims.get(key) : this.comps.get(canonicalKey(key));
  }
  set(key: Value, item: T): void {
    if (isPrimitive(key)) this.prims.set(key, item);
    else this.comps.set(canonicalKey(key), item);
  }
  *values(): IterableIterator<T> {
    yield* this.prims.values();
    yield* this.comps.values();
  }
}

/** A Rego set. Build it with {@link SetValue.add}, then treat it as immutable. */
export class SetValue {
  readonly #items = new KeyedStore<Value>();
  #sorted: Value[] | undefined;

  constructor(items?: Iterable<Value>) {
    if (items) for (const item of items) this.add(item);
  }
  /** Number of elements. */
  get size(): number {
    return this.#items.size;
  }
  /** Adds an element; returns this set. */
  add(item: Value): this {
    if (!this.has(item)) {
      this.#items.set(item, item);
      this.#sorted = undefined;
    }
    return this;
  }
  /** Whether the set holds a value structurally equal to `item`. */
  has(item: Value): boolean {
    return isPrimitive(item) ? this.#items.prims.has(item) : this.#items.comps.has(canonicalKey(item));
  }
  /** Elements in OPA's order (sorted). */
  sorted(): readonly Value[] {
    this.#sorted ??= [...this.#items.values()].sort(compare);
    return this.#sorted;
  }
  [Symbol.iterator](): Iterator<Value> {
    return this.sorted()[Symbol.iterator]();
  }
}

/** A Rego object with at least one key that is not a string. */
export class ObjectMap {
  readonly #entries = new KeyedStore<readonly [Value, Value]>();
  #sorted: (readonly [Value, Value])[] | undefined;

  /** Number of keys. */
  get size(): number {
    return this.#entries.size;
  }
  /** The value under `key`, or `undefined`. */
  get(key: Value): Value | undefined {
    return this.#entries.get(key)?.[1];
  }
  /** Sets `key` to `value` (used while building). */
  set(key: Value, value: Value): void {
    this.#entries.set(key, [key, value]);
    this.#sorted = undefined;
  }
  /** Entries sorted by key in OPA's order. */
  sortedEntries(): readonly (readonly [Value, Value])[] {
    this.#sorted ??= [...this.#entries.values()].sort((a, b) => compare(a[0], b[0]));
    return this.#sorted;
  }
}

function isPrimitive(v: Value): v is Primitive {
  return v === null || typeof v !== 'object';
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
      if (v instanceof SetValue) return 'set';
      return 'object';
  }
}

/** Whether `v` is a Rego number. */
export function isNumber(v: Value | undefined): v is number | bigint {
  return typeof v === 'number' || typeof v === 'bigint';
}

/** Whether `v` is a Rego object (plain or {@link ObjectMap}). */
export function isObject(v: Value | undefined): v is ObjectValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof SetValue);
}

/** Keeps the number invariant: integers outside the safe range become `bigint`, safe ones `number`. */
export function normalizeNumber(n: number | bigint): number | bigint {
  if (typeof n === 'bigint') {
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  }
  return Number.isInteger(n) && !Number.isSafeInteger(n) ? BigInt(n) : n === 0 ? 0 : n;
}

/** Parses a Rego/JSON number literal without losing integer precision; `undefined` if not finite. */
export function parseNumber(text: string): number | bigint | undefined {
  if (/^-?\d+$/.test(text)) return normalizeNumber(BigInt(text));
  const n = Number(text);
  if (!Number.isFinite(n)) return hugeInteger(text);
  if (Number.isInteger(n) && !Number.isSafeInteger(n) && /^-?\d+(\.0*)?$/.test(text)) {
    return normalizeNumber(BigInt(text.split('.')[0] as string));
  }
  return normalizeNumber(n);
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

/** The value under `key` in object `o`, or `undefined`. */
export function objectGet(o: ObjectValue, key: Value): Value | undefined {
  if (o instanceof ObjectMap) return o.get(key);
  if (typeof key !== 'string' || !Object.hasOwn(o, key)) return undefined;
  return o[key];
}

/** Number of keys of an object. */
export function objectSize(o: ObjectValue): number {
  return o instanceof ObjectMap ? o.size : Object.keys(o).length;
}

/** Entries of an object, sorted by key in OPA's order. */
export function objectEntries(o: ObjectValue): readonly (readonly [Value, Value])[] {
  if (o instanceof ObjectMap) return o.sortedEntries();
  return Object.keys(o)
    .sort(compareStrings)
    .map((k) => [k, o[k] as Value] as const);
}

/**
 * Builds an object from entries (a later duplicate key replaces an earlier one): a plain
 * null-prototype object when every key is a string, else an {@link ObjectMap}.
 */
export function makeObject(entries: Iterable<readonly [Value, Value]>): ObjectValue {
  const list = Array.isArray(entries) ? (entries as (readonly [Value, Value])[]) : [...entries];
  if (list.every(([k]) => typeof k === 'string')) {
    const o: Record<string, Value> = Object.create(null);
    for (const [k, v] of list) o[k as string] = v;
    return o;
  }
  const m = new ObjectMap();
  for (const [k, v] of list) m.set(k, v);
  return m;
}

export type { JsonValue } from './value-json.ts';
export { asValue, fromJson, toJson } from './value-json.ts';
export { canonicalKey, compare, compareStrings, equal } from './value-order.ts';
