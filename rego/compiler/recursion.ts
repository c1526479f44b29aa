/**
 * Recursion check: rules (and functions) may not depend on themselves, directly or through
 * other rules, as OPA refuses (`rego_recursion_error`).
 */
import { RegoError } from '../errors.ts';
import type { IrTerm, IrWith } from './ir.ts';
import { walkRule } from './ir-walk.ts';
import type { ResolvedRule } from './resolve-rule.ts';
import type { RuleNode } from './rule-tree.ts';

type Node = RuleNode<ResolvedRule>;

/**
 * The rule nodes a `data` reference may read: the first rule node on each path it can address.
 * A variable key may stand for any child, but the constant names after it must still match (as
 * in OPA, `data[x].allow.see` does not read `data.test.p`); a constant key that is not a string
 * can only address base documents, and where the path ends every rule node below is read.
 */
function nodesRead(root: Node, t: IrTerm): Set<Node> {
  const path = t.k === 'ref' ? t.path : [];
  const read = new Set<Node>();
  const seen = path.map(() => new Set<Node>()).concat(new Set<Node>());
  const follow = (node: Node, i: number): void => {
    const visited = seen[i] as Set<Node>;
    if (visited.has(node)) return;
    visited.add(node);
    if (node.rules.length > 0) {
      read.add(node);
      return;
    }
    const p = path[i];
    if (p === undefined) {
      for (const n of node.walk()) if (n.rules.length > 0) read.add(n);
      return;
    }
    if (p.k !== 'const') {
      for (const child of node.children.values()) follow(child, i + 1);
      return;
    }
    const next = typeof p.value === 'string' ? node.children.get(p.value) : undefined;
    if (next) follow(next, i + 1);
  };
  follow(root, 0);
  return read;
}

/** Whether `t` is `data` or a reference rooted at `data`. */
function isDataRef(t: IrTerm): boolean {
  return (
    (t.k === 'root' && t.root === 'data') || (t.k === 'ref' && t.head.k === 'root' && t.head.root === 'data')
  );
}

/**
 * The rule nodes (functions included) whose values the rules of `node` read: those its `data`
 * references may address, the functions it calls or puts in place with `with`, and, for an
 * object, the rule nodes below it.
 */
export function dependencies(root: Node, node: Node): Set<Node> {
  const deps = new Set<Node>();
  const heads = new WeakSet<IrTerm>();
  const visit = Object.assign(
    (t: IrTerm) => {
      if (t.k === 'ref') heads.add(t.head);
      if (heads.has(t)) return;
      if (isDataRef(t)) for (const n of nodesRead(root, t)) deps.add(n);
      if (t.k === 'call' && t.callee.kind === 'function') {
        const f = root.find(t.callee.path);
        if (f) deps.add(f);
      }
    },
    {
      with: (w: IrWith) => {
        if (w.replacement?.kind === 'function') {
          const f = root.find(w.replacement.path);
          if (f) deps.add(f);
        }
      },
    },
  );
  for (const r of node.rules) walkRule(r, visit);
  if (node.nodeClass === 'object')
    for (const n of node.walk()) if (n !== node && n.rules.length > 0) deps.add(n);
  return deps;
}

/** Throws `rego_recursion_error` if any rule depends on itself. */
export function checkRecursion(root: Node): void {
  const nodes = [...root.walk()].filter((n) => n.rules.length > 0);
  const graph = new Map(nodes.map((n) => [n, dependencies(root, n)] as const));
  const state = new Map<Node, 'active' | 'done'>();
  const stack: Node[] = [];
  const visit = (n: Node): void => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'active') {
      const cycle = [...stack.slice(stack.indexOf(n)), n].map((x) => x.name);
      throw new RegoError(
        'rego_recursion_error',
        `rule ${n.name} is recursive: ${cycle.join(' -> ')}`,
        n.rules[0]?.loc,
      );
    }
    state.set(n, 'active');
    stack.push(n);
    for (const d of graph.get(n) ?? []) visit(d);
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of nodes) visit(n);
}
