/**
 * What a rule index holds for one `input` path or argument: a value, a scalar, or an array of
 * scalars and wildcards, as OPA's trie keys them.
 */
import { canonicalKey, type Value } from '../../value/index.ts';

/** Whether `v` is a scalar, the only values the index holds as constants. */
export const isScalar = (v: Value) => v === null || typeof v !== 'object';

/**
 * The key of a scalar in a rule index: a string is `"` and its text (no canonical JSON needed, and
 * no other scalar's canonical key starts with `"`), anything else its canonical key.
 */
export function scalarKey(v: Value): string {
  return typeof v === 'string' ? `"${v}` : canonicalKey(v);
}

/**
 * What a rule needs of a reference: a value (`any`; `defined` when it stands for a member of `in`
 * that OPA's trie cannot key on, an object or a set), a scalar (`key`), or an array of scalars and
 * wildcards (`items`, `undefined` a wildcard; its `key` starts with `[`).
 */
export type Need =
  | { readonly any: true; readonly defined?: true }
  | { readonly any: false; readonly key: string; readonly items?: readonly (Value | undefined)[] };

/** The need of an array OPA's index keys on: its scalar items, anything else a wildcard. */
export function arrayNeed(items: readonly (Value | undefined)[]): Need {
  const key = `[${items.map((v) => (v === undefined ? '*' : scalarKey(v))).join('\u0000')}`;
  return { any: false, key, items };
}

/** A constant's need: a scalar, or an array of scalars (OPA's `indexValue`). */
export function constantNeed(v: Value): Need | undefined {
  if (isScalar(v)) return { any: false, key: scalarKey(v) };
  if (Array.isArray(v) && v.every(isScalar)) return arrayNeed(v);
  return undefined;
}

/** A member of a constant collection as OPA's trie keys it (`in`): arrays item by item, objects and sets by any value. */
export function memberNeed(v: Value): Need {
  if (isScalar(v)) return { any: false, key: scalarKey(v) };
  if (Array.isArray(v)) return arrayNeed(v.map((x) => (isScalar(x) ? x : undefined)));
  return { any: true, defined: true };
}
