/**
 * A rule index's trie and its walk: the nodes holding rule branches that an evaluation's `input`
 * and a call's arguments meet, in OPA's order, and the key a sequence of them is remembered by.
 * The walk allocates nothing: a rule evaluated for every row of a list walks its trie each time.
 */
import {
  equal,
  type InputRead,
  isObject,
  objectEntries,
  type ReadScope,
  SetValue,
  type Value,
} from '../../value/index.ts';
import { isScalar, scalarKey } from './index-needs.ts';
import type { IndexRef } from './input-refs.ts';

/**
 * A node of the trie; a level (some node's `next`) tests one reference. A class, so that every
 * node has one shape and the walk reads its fields without a lookup per trie.
 */
export class TrieNode {
  /** Numbers the nodes of one trie (the key of a remembered lookup). */
  id = 0;
  /** What a level tests. */
  readonly ref: IndexRef | undefined;
  /** The read of `ref` when it is an `input` path. */
  readonly read: InputRead | undefined;
  next: TrieNode | undefined = undefined;
  undefinedBranch: TrieNode | undefined = undefined;
  anyBranch: TrieNode | undefined = undefined;
  readonly scalars = new Map<string, TrieNode>();
  /** The children of string constants by the string itself (a lookup then builds no key). */
  readonly strings = new Map<string, TrieNode>();
  /** The children of arrays (OPA's array trie): the items they need, `undefined` for any item. */
  readonly arrays = new Map<
    string,
    { readonly items: readonly (Value | undefined)[]; readonly node: TrieNode }
  >();
  /**
   * OPA v1.22: the nodes several constants of one rule's path meet again on (its `insertAlternatives`),
   * by each constant's key; the path goes on from there.
   */
  readonly converged = new Map<string, TrieNode[]>();
  /** Branches indexed here: `[position, branch]`. */
  readonly branches: (readonly [number, number])[] = [];

  /** A node, or a level testing `ref` (read through `read` when an `input` path). */
  constructor(ref?: IndexRef, read?: InputRead) {
    this.ref = ref;
    this.read = read;
  }
}

/**
 * What a walk met: the first `size` of `nodes`, and the values it tested, the first `tested` of
 * `levels` and `values`. The arrays are kept from walk to walk and overwritten, never emptied
 * (`length = 0` frees its storage, which the next walk would allocate again: a rule evaluated for
 * every row of a list would allocate on each).
 */
export interface NodesMet {
  readonly nodes: TrieNode[];
  size: number;
  /** The levels the walk tested, in order, and the value each tested. */
  readonly levels: TrieNode[];
  readonly values: (Value | undefined)[];
  tested: number;
  /**
   * Whether every value tested was a scalar or undefined (compared with `===` alone), or tested
   * only for being defined.
   */
  scalars: boolean;
}

/** Whether a level tests only that its reference is defined (no constant below it). */
function definedOnly(level: TrieNode): boolean {
  return level.scalars.size === 0 && level.arrays.size === 0 && level.converged.size === 0;
}

/** The value a level tests: an argument of the call, or an `input` path. */
function levelValue(
  level: TrieNode,
  scope: ReadScope,
  args: readonly Value[] | undefined,
): Value | undefined {
  const ref = level.ref as IndexRef;
  return ref.arg !== undefined ? args?.[ref.arg] : (level.read as InputRead).read(scope);
}

/**
 * Whether a walk now would meet what the walk recorded in `met` did: every level it tested holds
 * the same scalar, or is defined as it was where the level tests nothing more (the walk goes
 * where the values it tests lead, so it takes the same path).
 */
export function sameWalk(met: NodesMet, scope: ReadScope, args: readonly Value[] | undefined): boolean {
  if (!met.scalars) return false;
  for (let i = 0; i < met.tested; i++) {
    const level = met.levels[i] as TrieNode;
    const now = levelValue(level, scope, args);
    const then = met.values[i];
    if (now !== then && (!definedOnly(level) || now === undefined || then === undefined)) return false;
  }
  return true;
}

/**
 * Adds to `met` the nodes holding rule branches that a lookup meets below `node`, in OPA's order:
 * at each level the "does not care" branch first, then — when the path is defined — the "any
 * value" and the matching constants' branches. `collections`: a set, object or array value meets
 * the constants of its members (OPA v1.15).
 */
export function meet(
  node: TrieNode | undefined,
  scope: ReadScope,
  args: readonly Value[] | undefined,
  met: NodesMet,
  collections: boolean,
): void {
  if (node === undefined) return;
  if (node.branches.length > 0) met.nodes[met.size++] = node;
  const level = node.next;
  if (level === undefined) return;
  const v = levelValue(level, scope, args);
  met.levels[met.tested] = level;
  met.values[met.tested++] = v;
  if (typeof v === 'object' && v !== null && !definedOnly(level)) met.scalars = false;
  meet(level.undefinedBranch, scope, args, met, collections);
  if (v === undefined) return;
  meet(level.anyBranch, scope, args, met, collections);
  if (level.arrays.size > 0 && Array.isArray(v))
    for (const { items, node: child } of level.arrays.values())
      if (matchesArray(items, v)) meet(child, scope, args, met, collections);
  if (level.converged.size > 0 && isScalar(v))
    for (const child of level.converged.get(scalarKey(v)) ?? []) meet(child, scope, args, met, collections);
  if (level.scalars.size === 0) return;
  if (typeof v === 'string') meet(level.strings.get(v), scope, args, met, collections);
  else if (isScalar(v)) meet(level.scalars.get(scalarKey(v)), scope, args, met, collections);
  else if (collections)
    for (const m of members(v))
      if (isScalar(m)) meet(level.scalars.get(scalarKey(m)), scope, args, met, collections);
}

function members(v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  if (isObject(v)) return objectEntries(v).map(([, x]) => x);
  return [];
}

/** Whether an array has the items an array need asks for (`undefined`: any item), as OPA's array trie. */
function matchesArray(items: readonly (Value | undefined)[], v: readonly Value[]): boolean {
  return items.length === v.length && items.every((x, i) => x === undefined || equal(x, v[i] as Value));
}

/**
 * The key of a sequence of nodes: a number for up to three nodes of a small trie (the usual case,
 * and a cheaper key than text), else their numbers as text.
 */
export function sequenceKey(met: NodesMet): number | string {
  if (met.size > 3) return textKey(met);
  let key = 0;
  for (let i = 0; i < met.size; i++) {
    const id = (met.nodes[i] as TrieNode).id;
    if (id >= 1023) return textKey(met);
    key = key * 1024 + id + 1;
  }
  return key;
}

function textKey(met: NodesMet): string {
  return met.nodes
    .slice(0, met.size)
    .map((node) => node.id)
    .join(',');
}
