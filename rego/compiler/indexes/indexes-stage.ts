/**
 * The compiler's last stage, OPA's `BuildRuleIndices`: a rule index for every node the evaluator
 * runs rules of — a complete rule or function (its rules but the `default` one), a set, and an
 * object built from ref heads (the rules of the object nodes in its subtree and, before OPA
 * v1.22, those of the complete and set nodes below it, in one index).
 */
import { RegoError } from '../../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../../opa-version.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { buildRuleIndex, type RuleIndex } from './rule-index.ts';

type Node = RuleNode<ResolvedRule>;

/** The rule indexes of a compiled rule tree, by node. */
export class RuleIndexes {
  private readonly byNode = new Map<Node, RuleIndex>();

  constructor(root: Node, opaVersion: OpaVersion) {
    const sourceOrder = opaAtLeast(opaVersion, 'v1.22.2');
    const visit = (node: Node, insideObject: boolean): void => {
      const rules = nodeRules(node, insideObject, !sourceOrder);
      if (rules) this.byNode.set(node, buildRuleIndex(rules, sourceOrder));
      for (const c of node.children.values()) visit(c, insideObject || node.nodeClass === 'object');
    };
    visit(root, false);
  }

  /**
   * The index of a complete, function, set or (outermost) object node.
   * @example indexes.of(tree.find(['a', 'p'])).select(input).entries
   */
  of(node: Node): RuleIndex {
    const index = this.byNode.get(node);
    if (!index) throw new RegoError('eval_internal_error', `no rule index for ${node.name}`);
    return index;
  }
}

/** The rules one node's index holds, or `undefined` for a node the evaluator runs no rules of. */
function nodeRules(node: Node, insideObject: boolean, indexBelow: boolean): ResolvedRule[] | undefined {
  const cls = node.nodeClass;
  if (cls === 'complete' || cls === 'function') return node.rules.filter((r) => !r.isDefault);
  if (cls === 'set') return node.rules;
  if (cls !== 'object' || insideObject) return undefined;
  const own: ResolvedRule[] = [];
  const below: ResolvedRule[] = [];
  for (const m of node.walk()) {
    if (m.nodeClass === 'object') own.push(...m.rules);
    else if (indexBelow && (m.nodeClass === 'complete' || m.nodeClass === 'set'))
      below.push(...m.rules.filter((r) => !r.isDefault));
  }
  return [...own, ...below];
}

/**
 * Builds the rule indexes of a compiled rule tree, following the evaluation order of `opaVersion`.
 * @param opaVersion default the newest release supported
 */
export function buildIndexes(root: Node, opaVersion: OpaVersion = DEFAULT_OPA_VERSION): RuleIndexes {
  return new RuleIndexes(root, opaVersion);
}
