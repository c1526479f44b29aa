/**
 * OPA's rule index (its trie in `ast/index.go`), because the index decides more than speed:
 * which rules of a complete rule, function or set run, in which order, and whether the first
 * success ends the search (early exit). The paths rules are indexed by (`index-refs.ts`) are
 * ordered by how many rules use them, then by where they first appear; each rule branch is a path
 * through a trie of them, where it needs the path defined (any value), equal to a constant, or
 * does not care. A lookup visits, at each level, the "does not care" branch first, then — when
 * the path is defined — the "any value" and the matching constant's branches; rules come in the
 * order they are first met (OPA v1.15) or in source order (v1.22). Early exit holds when every
 * branch met yields one same constant. So a rule reading an undefined path is skipped before it
 * runs, and a rule that errors may never run because an earlier one (in this order) decided.
 */
import { equal, type InputReads, type ReadScope, type Value } from '../../value/index.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { Need } from './index-needs.ts';
import { branchNeeds, headValue } from './index-refs.ts';
import type { IndexRef } from './input-refs.ts';
import { levelOrder } from './level-order.ts';
import { meet, type NodesMet, sameWalk, sequenceKey, TrieNode } from './trie-walk.ts';

/** A rule a lookup selects (its position in the index's rules) and which of its branches (0 the main body, then each `else`). */
export interface IndexEntry {
  readonly position: number;
  readonly branches: readonly number[];
}

/** The rules a lookup selects, in OPA's order, and whether the first success decides. */
export interface IndexLookup {
  readonly entries: readonly IndexEntry[];
  readonly earlyExit: boolean;
}

/** Selects the rules that may match an evaluation's `input` and a call's arguments. */
export interface RuleIndex {
  /** The rules indexed; an entry's `position` points into them. */
  readonly rules: readonly ResolvedRule[];
  /** The rules for the input of `scope` (an evaluation's context) and a call's `args`. */
  select(scope: ReadScope, args?: readonly Value[]): IndexLookup;
}

/** The level below `node`, testing `ref` (made on first use). */
function levelOf(node: TrieNode, ref: IndexRef, reads: InputReads): TrieNode {
  node.next ??= new TrieNode(ref, ref.input && reads.of(ref.input));
  return node.next;
}

/** OPA v1.22: one node the constants of a path lead to, which the rest of the path goes on from. */
function converge(next: TrieNode, keys: readonly string[]): TrieNode {
  const child = new TrieNode();
  for (const key of keys) next.converged.set(key, [...(next.converged.get(key) ?? []), child]);
  return child;
}

function insert(next: TrieNode, need: Need | undefined): TrieNode {
  if (!need) {
    next.undefinedBranch ??= new TrieNode();
    return next.undefinedBranch;
  }
  if (need.any) {
    next.anyBranch ??= new TrieNode();
    return next.anyBranch;
  }
  if (need.items) {
    const known = next.arrays.get(need.key);
    if (known) return known.node;
    const node = new TrieNode();
    next.arrays.set(need.key, { items: need.items, node });
    return node;
  }
  let child = next.scalars.get(need.key);
  if (!child) {
    child = new TrieNode();
    next.scalars.set(need.key, child);
    if (need.key.startsWith('"')) next.strings.set(need.key.slice(1), child);
  }
  return child;
}

/**
 * The trie over every branch of `rules`, its levels in the order of how often a path is used,
 * reading `input` paths through `reads`.
 */
function buildTrie(rules: readonly ResolvedRule[], localRefs: boolean, reads: InputReads): TrieNode {
  const branches = rules.flatMap((rule, i) =>
    [0, ...rule.elses.map((_, e) => e + 1)].map((b) => ({ i, b, needs: branchNeeds(rule, b, localRefs) })),
  );
  const frequency = new Map<string, { ref: IndexRef; count: number }>();
  for (const { needs } of branches) {
    for (const { ref, uses } of needs.values()) {
      const f = frequency.get(ref.id) ?? { ref, count: 0 };
      f.count += uses;
      frequency.set(ref.id, f);
    }
  }
  const sorted = levelOrder(
    [...frequency.values()].map(({ ref, count }) => ({
      ref,
      count,
      location: ref.arg === undefined ? { line: ref.line, column: ref.column } : undefined,
    })),
  );
  const root = new TrieNode();
  for (const { i, b, needs } of branches) {
    let node = root;
    let placed = false;
    for (const ref of needs.size > 0 ? sorted : []) {
      let values = needs.get(ref.id)?.needs ?? [];
      if (localRefs) {
        // OPA v1.22 drops what only needs a value where the path has constants too.
        const concrete = values.filter((v) => !v.any || v.defined);
        if (concrete.length > 0) values = concrete;
        if (values.length > 1 && values.every((v) => !v.any && !v.items)) {
          node = converge(
            levelOf(node, ref, reads),
            values.map((v) => (v.any ? '' : v.key)),
          );
          continue;
        }
      }
      if (values.length > 1 && values.every((v) => !v.any || (localRefs && v.defined))) {
        // Several constants for one path (OPA: a child per value, the rest of the paths ignored).
        for (const v of values) insert(levelOf(node, ref, reads), v).branches.push([i, b]);
        placed = true;
        break;
      }
      node = insert(levelOf(node, ref, reads), values.length > 1 ? { any: true } : values[0]);
    }
    if (!placed) node.branches.push([i, b]);
  }
  return root;
}

/** Numbers the nodes of a trie (the key of a remembered lookup), depth first. */
function numberNodes(node: TrieNode, next = { id: 0 }): void {
  node.id = next.id++;
  const level = node.next;
  if (!level) return;
  const arrays = [...level.arrays.values()].map((a) => a.node);
  const converged = new Set([...level.converged.values()].flat());
  for (const child of [
    level.undefinedBranch,
    level.anyBranch,
    ...level.scalars.values(),
    ...arrays,
    ...converged,
  ]) {
    if (child) numberNodes(child, next);
  }
}

/** Most lookups remembered per index (all forgotten at once past it). */
const MAX_LOOKUPS = 256;

/**
 * Builds OPA's rule index over the rules of one complete rule, function, set or object. A
 * lookup depends only on which nodes holding rule branches the walk meets, in order: it is worked
 * out once per such sequence (a rule evaluated for every item of a list meets the same few), and
 * once for good in a trie that tests nothing.
 * @param sourceOrder the rules met run in source order (OPA v1.22), not in the order met (v1.15)
 * @param reads the reads of `input` paths the evaluator shares
 * @example buildRuleIndex(node.rules, false, reads).select(ctx).entries; // in OPA v1.15's order
 */
export function buildRuleIndex(
  rules: readonly ResolvedRule[],
  sourceOrder: boolean,
  reads: InputReads,
): RuleIndex {
  // OPA v1.22's index also reads a reference through a local bound to an `input` path.
  const root = buildTrie(rules, sourceOrder, reads);
  numberNodes(root);
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
    const entries = order.map((position) => ({
      position,
      branches: [...(visited.get(position) ?? [])].sort((a, b) => a - b),
    }));
    const values = entries.flatMap((e) =>
      e.branches.map((b) => headValue(rules[e.position] as ResolvedRule, b)),
    );
    const first = values[0];
    const earlyExit = first !== undefined && values.every((v) => v !== undefined && equal(v, first));
    return { entries, earlyExit };
  };
  if (!root.next) {
    const always = lookupOf([root]);
    return { rules, select: () => always };
  }
  const lookups = new Map<number | string, IndexLookup>();
  const met: NodesMet = { nodes: [], size: 0, levels: [], values: [], tested: 0, scalars: false };
  // The last walk's lookup: a rule evaluated for every row of a list mostly tests the same
  // scalars (the relation asked, the object type) each time.
  let last: IndexLookup | undefined;
  return {
    rules,
    select(scope, args) {
      if (last !== undefined && sameWalk(met, scope, args)) return last;
      met.size = 0;
      met.tested = 0;
      met.scalars = true;
      meet(root, scope, args, met, !sourceOrder);
      const key = sequenceKey(met);
      let lookup = lookups.get(key);
      if (lookup === undefined) {
        lookup = lookupOf(met.nodes.slice(0, met.size));
        if (lookups.size >= MAX_LOOKUPS) lookups.clear();
        lookups.set(key, lookup);
      }
      last = lookup;
      return lookup;
    },
  };
}
