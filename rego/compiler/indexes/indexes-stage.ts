/**
 * The compiler's last stage, OPA's `BuildRuleIndices`: a rule index for every node the evaluator
 * runs rules of — a complete rule or function (its rules but the `default` one), a set, and an
 * object built from ref heads (the rules of the object, complete and set nodes in its subtree, in
 * one index, in the order of each release).
 */
import { RegoError } from '../../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../../opa-version.ts';
import { compareStrings, InputReads } from '../../value/index.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { buildRuleIndex, type RuleIndex } from './rule-index.ts';

type Node = RuleNode<ResolvedRule>;

/** The rule indexes of a compiled rule tree, by node. */
export class RuleIndexes {
  private readonly byNode = new Map<Node, RuleIndex>();
  /** The reads of `input` paths, shared by the indexes and the evaluator of the rule tree. */
  readonly reads = new InputReads();

  constructor(root: Node, opaVersion: OpaVersion) {
    const sourceOrder = opaAtLeast(opaVersion, 'v1.22.2');
    const visit = (node: Node, insideObject: boolean): void => {
      const rules = nodeRules(node, insideObject, sourceOrder);
      if (rules) this.byNode.set(node, buildRuleIndex(rules, sourceOrder, this.reads));
      for (const c of node.children.values()) visit(c, insideObject || node.nodeClass === 'object');
    };
    visit(root, false);
  }

  /**
   * The index of a complete, function, set or (outermost) object node.
   * @example indexes.of(tree.find(['a', 'p'])).select(ctx).entries
   */
  of(node: Node): RuleIndex {
    const index = this.byNode.get(node);
    if (!index) throw new RegoError('eval_internal_error', `no rule index for ${node.name}`);
    return index;
  }
}

/** The rules one node's index holds, or `undefined` for a node the evaluator runs no rules of. */
function nodeRules(node: Node, insideObject: boolean, sourceOrder: boolean): ResolvedRule[] | undefined {
  const cls = node.nodeClass;
  if (cls === 'complete' || cls === 'function') return node.rules.filter((r) => !r.isDefault);
  if (cls === 'set') return node.rules;
  if (cls !== 'object' || insideObject) return undefined;
  return sourceOrder ? objectRulesInKeyOrder(node) : objectRulesMet(node);
}

/** The rules a node below an object adds to the object's index (not a complete rule's default). */
function rulesBelow(m: Node): readonly ResolvedRule[] {
  if (m.nodeClass === 'object' || m.nodeClass === 'set') return m.rules;
  return m.nodeClass === 'complete' ? m.rules.filter((r) => !r.isDefault) : [];
}

/**
 * OPA v1.15: the rules of the object nodes of the subtree, then those of the complete and set
 * nodes below (the index runs them in the order its trie meets them).
 */
function objectRulesMet(node: Node): ResolvedRule[] {
  const own: ResolvedRule[] = [];
  const below: ResolvedRule[] = [];
  for (const m of node.walk()) {
    if (m.nodeClass === 'object') own.push(...m.rules);
    else below.push(...rulesBelow(m));
  }
  return [...own, ...below];
}

/**
 * OPA v1.22 (whose index runs the rules in the order it holds them): the node's own rules, then
 * each child's subtree depth first, children in key order — the order OPA's `BuildRuleIndices`
 * collects them in. So `o[k] := …` runs before `o["b"] := …`, which runs before `o["c"] := …`
 * wherever they are written, and each rule below is one of the object's rules: a key conflict
 * with its value is raised before the next definition of that key runs.
 */
function objectRulesInKeyOrder(node: Node): ResolvedRule[] {
  const rules: ResolvedRule[] = [...node.rules];
  const visit = (m: Node): void => {
    rules.push(...rulesBelow(m));
    for (const key of [...m.children.keys()].sort(compareStrings)) visit(m.children.get(key) as Node);
  };
  for (const key of [...node.children.keys()].sort(compareStrings)) visit(node.children.get(key) as Node);
  return rules;
}

/**
 * Builds the rule indexes of a compiled rule tree, following the evaluation order of `opaVersion`.
 * @param opaVersion default the newest release supported
 */
export function buildIndexes(root: Node, opaVersion: OpaVersion = DEFAULT_OPA_VERSION): RuleIndexes {
  return new RuleIndexes(root, opaVersion);
}
