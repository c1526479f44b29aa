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
 */

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
  if (!Number.isFinite(n)) return undefined;
  if (Number.isInteger(n) && !Number.isSafeInteger(n) && /^-?\d+(\.0*)?$/.test(text)) {
    return normalizeNumber(BigInt(text.split('.')[0] as string));
  }
  return normalizeNumber(n);
}

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
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // number vs bigint: only an integral float beyond the safe range could match, and
    // normalizeNumber already turns those into bigints.
    return false;
  }
  return compare(a, b) === 0;
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

/**
 * A string that is equal for equal values and different for different ones (objects and sets
 * are encoded in sorted order), for use as a hash key.
 */
export function canonicalKey(v: Value): string {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Object.is(v, -0) ? '0' : String(v);
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map(canonicalKey).join(',')}]`;
      if (v instanceof SetValue) return `<${v.sorted().map(canonicalKey).join(',')}>`;
      return `{${objectEntries(v as ObjectValue)
        .map(([k, x]) => `${canonicalKey(k)}:${canonicalKey(x)}`)
        .join(',')}}`;
  }
}

/** A JSON value, as accepted from and returned to callers. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Checks that `x` is a JSON-compatible value and returns it as a Rego value (no copy is made:
 * JSON data already has the engine's representation). Throws a `TypeError` naming the path of
 * the first offending part (functions, `undefined`, non-finite numbers, class instances).
 */
export function fromJson(x: unknown, path = '$'): Value {
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

/** Slow path of {@link fromJson}: copies when some number had to be normalized. */
function convertDeep(x: unknown, path: string): Value {
  if (typeof x === 'number') return normalizeNumber(x);
  if (Array.isArray(x)) return x.map((e, i) => fromJson(e, `${path}[${i}]`));
  return makeObject(
    Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, fromJson(v, `${path}.${k}`)] as const),
  );
}

/**
 * Converts a value to JSON: sets become sorted arrays, non-string object keys become their JSON
 * encoding (as OPA prints them), bigints become numbers when exact and strings otherwise.
 */
export function toJson(v: Value): JsonValue {
  switch (typeof v) {
    case 'bigint':
      return BigInt(Number(v)) === v ? Number(v) : v.toString();
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) return v.map(toJson);
      if (v instanceof SetValue) return v.sorted().map(toJson);
      const out: { [key: string]: JsonValue } = {};
      for (const [k, x] of objectEntries(v as ObjectValue)) {
        out[typeof k === 'string' ? k : JSON.stringify(toJson(k))] = toJson(x);
      }
      return out;
    }
    default:
      return v as JsonValue;
  }
}
