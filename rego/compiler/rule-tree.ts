/**
 * The tree of virtual documents: one node per package and rule path; the rules defined at a
 * node are classified (complete value, set, object built from ref heads, function) and checked
 * for the conflicts OPA refuses at compile time.
 */
import { RegoError, type SourceLocation } from '../errors.ts';

/** How the rules at a node produce its value. */
export type NodeClass = 'complete' | 'set' | 'object' | 'function';

/** What the tree needs to know about a rule. */
export interface RuleShape {
  readonly kind: 'single' | 'multi' | 'function';
  readonly isDefault: boolean;
  /** Number of head ref parts after the node path. */
  readonly dynamicLength: number;
  readonly arity: number;
  readonly loc: SourceLocation;
}

/** A node of the tree. */
export class RuleNode<R extends RuleShape = RuleShape> {
  readonly path: readonly string[];
  readonly children = new Map<string, RuleNode<R>>();
  readonly rules: R[] = [];
  /** Set once rules are attached and checked. */
  nodeClass: NodeClass | undefined;

  constructor(path: readonly string[]) {
    this.path = path;
  }

  /** `data.a.b` */
  get name(): string {
    return ['data', ...this.path].join('.');
  }

  /** The child at `key`, created on demand. */
  child(key: string): RuleNode<R> {
    let c = this.children.get(key);
    if (!c) {
      c = new RuleNode<R>([...this.path, key]);
      this.children.set(key, c);
    }
    return c;
  }

  /** The node at `path` below this one, if it exists. */
  find(path: readonly string[]): RuleNode<R> | undefined {
    let n: RuleNode<R> | undefined = this;
    for (const k of path) {
      n = n.children.get(k);
      if (!n) return undefined;
    }
    return n;
  }

  /** Whether any node strictly below this one holds rules. */
  hasRulesBelow(): boolean {
    for (const c of this.children.values()) if (c.rules.length > 0 || c.hasRulesBelow()) return true;
    return false;
  }

  /** Every node of the subtree (this one first). */
  *walk(): IterableIterator<RuleNode<R>> {
    yield this;
    for (const c of this.children.values()) yield* c.walk();
  }
}

function classify(rule: RuleShape): NodeClass {
  if (rule.kind === 'function') return 'function';
  if (rule.dynamicLength > 0) return 'object';
  return rule.kind === 'multi' ? 'set' : 'complete';
}

/**
 * Classifies every node's rules and throws `rego_type_error` on conflicts: mixed kinds at one
 * path, functions of different arity, several defaults, or a complete value, set or function
 * with rules below it.
 */
export function checkRuleTree(root: RuleNode): void {
  const conflict = classifyRuleTree(root);
  if (conflict) throw conflict;
}

/** Classifies every node's rules (by its first rule) and returns the first conflict, if any. */
export function classifyRuleTree(root: RuleNode): RegoError | undefined {
  let conflict: RegoError | undefined;
  for (const node of root.walk()) {
    const first = node.rules[0];
    if (!first) continue;
    node.nodeClass = classify(first);
    conflict ??= nodeConflict(node, node.nodeClass);
  }
  return conflict;
}

function nodeConflict(node: RuleNode, cls: NodeClass): RegoError | undefined {
  const first = node.rules[0] as RuleShape;
  for (const r of node.rules) {
    if (classify(r) !== cls || (cls === 'function' && r.arity !== first.arity)) {
      return new RegoError('rego_type_error', `conflicting rules ${node.name} found`, r.loc);
    }
  }
  const defaults = node.rules.filter((r) => r.isDefault);
  if (defaults.length > 1) {
    return new RegoError('rego_type_error', `multiple default rules ${node.name} found`, defaults[1]?.loc);
  }
  if (cls !== 'object' && node.hasRulesBelow()) {
    const below = [...node.walk()].filter((n) => n !== node && n.rules.length > 0).map((n) => n.name);
    return new RegoError(
      'rego_type_error',
      `rule ${node.name} conflicts with [${below.join(' ')}]`,
      first.loc,
    );
  }
  return undefined;
}
