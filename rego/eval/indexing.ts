/**
 * Rule indexing as OPA's rule index does it (its trie in `ast/index.go`), because the index
 * decides more than speed: which definitions of a complete rule or function run, in which order,
 * and whether the first success ends the search (early exit). Each definition is indexed by the
 * `input` paths its body compares with a constant (`input.method == "GET"`), reads as a whole
 * (`input.user.admin`, or a path bound to a variable before a call: `count(input.xs) > 0`), and
 * by its constant arguments. The paths are ordered by how many definitions use them, then by
 * where they first appear; each definition is a path through a trie of them, where it needs the
 * path defined (any value), equal to a constant, or does not care. A lookup visits, at each
 * level, the "does not care" branch first, then — when the path is defined — the "any value" and
 * the matching constant's branches; definitions come in the order they are first met (OPA v1.15)
 * or in source order (v1.22). Early exit
 * holds when every definition met yields one same constant. So a definition reading an undefined
 * path is skipped before it runs, and a definition that errors may never run because an earlier
 * one (in this order) already decided.
 */
import type { IrLiteral, IrTerm } from '../compiler/index.ts';
import { canonicalKey, equal, isObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { lookupPath } from './collections.ts';
import type { Ctx } from './context.ts';
import type { CompiledDefinition } from './definitions.ts';

/** A definition a lookup selects, and which of its branches (0 the main body, then each `else`). */
export interface IndexEntry {
  readonly definition: CompiledDefinition;
  readonly branches: readonly number[];
}

/** The definitions a lookup selects, in OPA's order, and whether the first success decides. */
export interface IndexLookup {
  readonly entries: readonly IndexEntry[];
  readonly earlyExit: boolean;
}

/** Selects the definitions that may match. */
export interface RuleIndex {
  select(ctx: Ctx, args?: readonly Value[]): IndexLookup;
}

/** An indexed reference: an `input` path or an argument of the call. */
interface IndexRef {
  readonly id: string;
  readonly input?: readonly Value[];
  readonly arg?: number;
  readonly line: number;
  readonly column: number;
}

/** What a definition needs of a reference: to be defined (`any`) or equal to a constant. */
type Need = { readonly any: true } | { readonly any: false; readonly key: string };

interface TrieNode {
  /** Numbers the nodes of one index (the key of a remembered lookup). */
  id?: number;
  ref?: IndexRef;
  next?: TrieNode;
  undefinedBranch?: TrieNode;
  anyBranch?: TrieNode;
  readonly scalars: Map<string, TrieNode>;
  /** Branches indexed here: `[definition, branch]`. */
  readonly branches: (readonly [number, number])[];
}

const newNode = (): TrieNode => ({ scalars: new Map(), branches: [] });

function inputRef(t: IrTerm): IndexRef | undefined {
  if (t.k === 'root' && t.root === 'input')
    return { id: 'input:[]', input: [], line: t.loc.line, column: t.loc.column };
  if (t.k !== 'ref' || t.head.k !== 'root' || t.head.root !== 'input') return undefined;
  const path: Value[] = [];
  for (const p of t.path) {
    if (p.k !== 'const') return undefined;
    path.push(p.value);
  }
  return { id: `input:${canonicalKey(path)}`, input: path, line: t.head.loc.line, column: t.head.loc.column };
}

const isScalar = (v: Value) => v === null || typeof v !== 'object';

/** The `input` paths a head value reads (OPA binds them in the body before the value). */
function valueReads(t: IrTerm | undefined): IndexRef[] {
  if (!t) return [];
  const ref = inputRef(t);
  if (ref) return [ref];
  // A template string renders an undefined part (`<undefined>`): what it reads stays inside it.
  if (t.k === 'call') return t.callee.kind === 'template' ? [] : t.args.flatMap(valueReads);
  if (t.k === 'array' || t.k === 'set') return t.items.flatMap(valueReads);
  if (t.k === 'object') return t.entries.flatMap(([k, v]) => [...valueReads(k), ...valueReads(v)]);
  return [];
}

/**
 * The references one branch of a definition (0: the main body, then each `else`) is indexed by:
 * OPA's `refindices.Update` on its body, its arguments and what its head value reads.
 */
function branchNeeds(d: CompiledDefinition, branch: number): Map<string, { ref: IndexRef; needs: Need[] }> {
  const out = new Map<string, { ref: IndexRef; needs: Need[] }>();
  const varRefs = new Map<string, IndexRef>();
  const constants = new Map<string, Value>();
  const add = (ref: IndexRef, need: Need) => {
    const entry = out.get(ref.id) ?? { ref, needs: [] };
    out.set(ref.id, entry);
    const same = entry.needs.findIndex((n) => (n.any ? need.any : !need.any && n.key === need.key));
    if (same >= 0) return;
    const anyAt = entry.needs.findIndex((n) => n.any);
    if (!need.any && anyAt >= 0) entry.needs[anyAt] = need;
    else entry.needs.push(need);
  };
  d.rule.args.forEach((a, i) => {
    const ref: IndexRef = { id: `arg:${i}`, arg: i, line: a.loc.line, column: a.loc.column };
    if (a.k === 'var') varRefs.set(a.name, ref);
    else if (a.k === 'const' && isScalar(a.value)) add(ref, { any: false, key: canonicalKey(a.value) });
  });
  const needOf = (t: IrTerm): Need | undefined => {
    if (t.k === 'var') {
      const c = constants.get(t.name);
      return c !== undefined && isScalar(c) ? { any: false, key: canonicalKey(c) } : { any: true };
    }
    return t.k === 'const' && isScalar(t.value) ? { any: false, key: canonicalKey(t.value) } : undefined;
  };
  const equalish = (a: IrTerm, b: IrTerm): boolean => {
    if (a.k === 'var') {
      if (b.k === 'const') constants.set(a.name, b.value);
      const ref = varRefs.get(a.name);
      const need = needOf(b);
      // Only a constant narrows a variable's path (the engine binds parameters to variables too).
      if (!ref || !need || need.any) return false;
      add(ref, need);
      return true;
    }
    const ref = inputRef(a);
    const need = needOf(b);
    if (!ref || !need) return false;
    add(ref, need);
    if (b.k === 'var' && need.any) varRefs.set(b.name, ref);
    return true;
  };
  const body = branch === 0 ? d.rule.body : d.rule.elses[branch - 1]?.body;
  const value = branch === 0 ? d.rule.value : d.rule.elses[branch - 1]?.value;
  const literals = (body?.literals ?? []) as readonly IrLiteral[];
  // OPA does not index a definition that prints.
  const prints = (l: IrLiteral) =>
    l.expr.k === 'term' && l.expr.term.k === 'call' && l.expr.term.callee.kind === 'print';
  if (literals.some(prints)) return new Map();
  for (const lit of literals) {
    if (lit.withs.length > 0) continue;
    const e = lit.expr;
    // OPA binds the references among a call's arguments to variables first: each is indexed.
    const callReads = (t: IrTerm) => {
      if (t.k === 'call') for (const ref of valueReads(t)) add(ref, { any: true });
    };
    if (e.k === 'unify') {
      if (!equalish(e.left, e.right)) equalish(e.right, e.left);
      callReads(e.left);
      callReads(e.right);
    } else if (e.k === 'term') {
      const t = e.term;
      const ref = inputRef(t);
      if (ref) add(ref, { any: true });
      else if (
        t.k === 'call' &&
        t.callee.kind === 'builtin' &&
        t.callee.name === 'equal' &&
        t.args.length === 2
      ) {
        const [a, b] = t.args as [IrTerm, IrTerm];
        if (!equalish(a, b)) equalish(b, a);
      } else callReads(t);
    }
  }
  for (const ref of valueReads(value)) add(ref, { any: true });
  return out;
}

/** A branch's head value: a constant, or `undefined` for a computed one. */
function headValue(d: CompiledDefinition, branch: number): Value | undefined {
  const t = branch === 0 ? d.rule.value : d.rule.elses[branch - 1]?.value;
  return t === undefined ? true : t.k === 'const' ? t.value : undefined;
}

function insert(node: TrieNode, ref: IndexRef, need: Need | undefined): TrieNode {
  node.next ??= { ...newNode(), ref };
  const next = node.next;
  if (!need) {
    next.undefinedBranch ??= newNode();
    return next.undefinedBranch;
  }
  if (need.any) {
    next.anyBranch ??= newNode();
    return next.anyBranch;
  }
  let child = next.scalars.get(need.key);
  if (!child) {
    child = newNode();
    next.scalars.set(need.key, child);
  }
  return child;
}

function resolve(ref: IndexRef, ctx: Ctx, args: readonly Value[] | undefined): Value | undefined {
  return ref.arg !== undefined ? args?.[ref.arg] : lookupPath(ctx.input, ref.input ?? []);
}

function members(v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  if (isObject(v)) return objectEntries(v).map(([, x]) => x);
  return [];
}

/**
 * Builds OPA's rule index over the definitions of one complete rule or function.
 * @param sourceOrder the definitions met run in source order (OPA v1.22), not in the order met (v1.15)
 * @example buildIndex(definitions, false).select(ctx).definitions; // in OPA v1.15's order
 */
export function buildIndex(definitions: readonly CompiledDefinition[], sourceOrder: boolean): RuleIndex {
  const branches = definitions.flatMap((d, i) =>
    [0, ...d.rule.elses.map((_, e) => e + 1)].map((b) => ({ i, b, needs: branchNeeds(d, b) })),
  );
  const frequency = new Map<string, { ref: IndexRef; count: number }>();
  for (const { needs } of branches) {
    for (const { ref, needs: values } of needs.values()) {
      const f = frequency.get(ref.id) ?? { ref, count: 0 };
      f.count += values.length;
      frequency.set(ref.id, f);
    }
  }
  const sorted = [...frequency.values()]
    .sort((a, b) => b.count - a.count || a.ref.line - b.ref.line || a.ref.column - b.ref.column)
    .map((f) => f.ref);
  const root = newNode();
  for (const { i, b, needs } of branches) {
    let node = root;
    let placed = false;
    for (const ref of needs.size > 0 ? sorted : []) {
      const values = needs.get(ref.id)?.needs ?? [];
      if (values.length > 1 && values.every((v) => !v.any)) {
        // Several constants for one path (OPA: a child per value, the rest of the paths ignored).
        for (const v of values) insert(node, ref, v).branches.push([i, b]);
        placed = true;
        break;
      }
      node = insert(node, ref, values.length > 1 ? { any: true } : values[0]);
    }
    if (!placed) node.branches.push([i, b]);
  }

  let ids = 0;
  const number = (node: TrieNode): void => {
    node.id = ids++;
    for (const child of [node.next, node.next?.undefinedBranch, node.next?.anyBranch])
      if (child) number(child);
    for (const child of node.next?.scalars.values() ?? []) number(child);
  };
  number(root);
  const lookupOf = (met: readonly TrieNode[]): IndexLookup => {
    const order: number[] = [];
    const visited = new Map<number, Set<number>>();
    for (const node of met) {
      for (const [i, b] of node.branches) {
        let seen = visited.get(i);
        if (!seen) {
          seen = new Set();
          visited.set(i, seen);
          order.push(i);
        }
        seen.add(b);
      }
    }
    if (sourceOrder) order.sort((a, b) => a - b);
    const entries = order.map((i) => ({
      definition: definitions[i] as CompiledDefinition,
      branches: [...(visited.get(i) ?? [])].sort((a, b) => a - b),
    }));
    const values = entries.flatMap((e) => e.branches.map((b) => headValue(e.definition, b)));
    const first = values[0];
    const earlyExit = first !== undefined && values.every((v) => v !== undefined && equal(v, first));
    return { entries, earlyExit };
  };
  // The lookup depends only on which nodes holding definitions the walk meets, in order: it is
  // worked out once per such sequence (a rule evaluated for every item of a list meets the same
  // few), and a trie that tests nothing has a single lookup.
  if (!root.next) {
    const always = lookupOf([root]);
    return { select: () => always };
  }
  const lookups = new Map<number | string, IndexLookup>();
  const met: TrieNode[] = [];
  return {
    select(ctx, args) {
      met.length = 0;
      meet(root, ctx, args, met);
      const key = sequenceKey(met);
      let lookup = lookups.get(key);
      if (lookup === undefined) {
        lookup = lookupOf(met);
        if (lookups.size >= MAX_LOOKUPS) lookups.clear();
        lookups.set(key, lookup);
      }
      return lookup;
    },
  };
}

/**
 * The key of a sequence of nodes: a number for up to three nodes of a small trie (the usual case,
 * and a cheaper key than text), else their numbers as text.
 */
function sequenceKey(met: readonly TrieNode[]): number | string {
  if (met.length <= 3) {
    let key = 0;
    for (let i = 0; i < met.length; i++) {
      const id = (met[i] as TrieNode).id as number;
      if (id >= 1023) return met.map((node) => node.id).join(',');
      key = key * 1024 + id + 1;
    }
    return key;
  }
  return met.map((node) => node.id).join(',');
}

/** Most lookups remembered per index (all forgotten at once past it). */
const MAX_LOOKUPS = 256;

/**
 * The nodes holding definitions that a lookup meets, in OPA's order: at each level the "does not
 * care" branch first, then — when the path is defined — the "any value" and the matching
 * constants' branches.
 */
function meet(
  node: TrieNode | undefined,
  ctx: Ctx,
  args: readonly Value[] | undefined,
  met: TrieNode[],
): void {
  if (!node) return;
  if (node.branches.length > 0) met.push(node);
  const level = node.next;
  if (!level?.ref) return;
  const v = resolve(level.ref, ctx, args);
  meet(level.undefinedBranch, ctx, args, met);
  if (v === undefined) return;
  meet(level.anyBranch, ctx, args, met);
  if (level.scalars.size === 0) return;
  if (isScalar(v)) meet(level.scalars.get(canonicalKey(v)), ctx, args, met);
  else {
    for (const m of members(v)) if (isScalar(m)) meet(level.scalars.get(canonicalKey(m)), ctx, args, met);
  }
}
