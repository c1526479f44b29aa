/**
 * Rego's collections beyond JavaScript's arrays and plain objects: sets, objects with keys that
 * are not strings, and the functions over objects of either form. Members and keys are told apart
 * by their canonical keys and kept in OPA's order.
 */
import type { DecimalNumber } from './decimal-number.ts';
import { canonicalKey, compare } from './order.ts';
import {
  COLLECTION,
  isDecimal,
  isUnsafeIntegral,
  type ObjectValue,
  type PlainObject,
  type Value,
} from './value.ts';

type Primitive = null | boolean | number | bigint | string;

/** Keyed storage shared by sets and objects: primitives by identity, composites by canonical key. */
class KeyedStore<T> {
  readonly prims = new Map<Primitive, T>();
  readonly comps = new Map<string, T>();
  get size(): number {
    return this.prims.size + this.comps.size;
  }
  get(key: Value): T | undefined {
    return isPrimitive(key) ? this.prims.get(primitiveKey(key)) : this.comps.get(canonicalKey(key));
  }
  set(key: Value, item: T): void {
    if (isPrimitive(key)) this.prims.set(primitiveKey(key), item);
    else this.comps.set(canonicalKey(key), item);
  }
  *values(): IterableIterator<T> {
    yield* this.prims.values();
    yield* this.comps.values();
  }
}

/** A Rego set. Build it with {@link SetValue.add}, then treat it as immutable. */
export class SetValue {
  readonly [COLLECTION] = 'set' as const;
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
    return isPrimitive(item)
      ? this.#items.prims.has(primitiveKey(item))
      : this.#items.comps.has(canonicalKey(item));
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
  readonly [COLLECTION] = 'map' as const;
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

function isPrimitive(v: Value): v is Primitive | DecimalNumber {
  return v === null || typeof v !== 'object' || (isDecimal(v) && v.isDouble);
}

/**
 * A primitive as a map key: a float literal beyond 2^53 (`1e21`) is the integer it equals, a
 * number carried with a text that denotes its double (`1.0`, `2.50`) is that double.
 */
function primitiveKey(v: Primitive | DecimalNumber): Primitive {
  if (isDecimal(v)) return primitiveKey(v.value);
  return isUnsafeIntegral(v) ? BigInt(v) : v;
}

/** The value under `key` in object `o`, or `undefined`. */
export function objectGet(o: ObjectValue, key: Value): Value | undefined {
  // An ObjectMap has no own string-named property: a plain object's member needs no class check.
  if (typeof key === 'string' && Object.hasOwn(o, key)) return (o as PlainObject)[key];
  return o instanceof ObjectMap ? o.get(key) : undefined;
}

/** Number of keys of an object. */
export function objectSize(o: ObjectValue): number {
  return o instanceof ObjectMap ? o.size : Object.keys(o).length;
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
