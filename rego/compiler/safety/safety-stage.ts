/**
 * The safety stage (OPA's `CheckSafetyRuleHeads` and `CheckSafetyRuleBodies`): every variable of
 * a rule's head, parameters and body must be bound by an expression that can run, and each body
 * is put in the order that binds them. Rules are checked in the order the evaluator compiles
 * them, so the first error is the one evaluation would meet first.
 */
import type { IrLiteral, IrTerm } from '../ir.ts';
import type { ResolvedQuery } from '../resolve-query.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { NodeClass, RuleNode } from '../rule-tree.ts';
import { orderedLiterals, orderedTerm } from './apply-order.ts';
import { SafetyCheck, unsafeError } from './body-order.ts';
import {
  type Analysis,
  type Bound,
  type Continue,
  matchBinds,
  valueBinds,
  valuesBind,
} from './term-bindings.ts';

type Node = RuleNode<ResolvedRule>;

/** The rules of the tree in the order the evaluator compiles them, each with its node's class. */
function* compileOrder(node: Node, insideObject = false): IterableIterator<[ResolvedRule, NodeClass]> {
  const cls = node.nodeClass;
  if (cls === 'complete' || cls === 'function') {
    for (const r of node.rules) if (!r.isDefault) yield [r, cls];
    for (const r of node.rules) if (r.isDefault) yield [r, cls];
  } else if (cls === 'set') {
    for (const r of node.rules) yield [r, cls];
  } else if (cls === 'object' && !insideObject) {
    for (const m of node.walk()) if (m.nodeClass === 'object') for (const r of m.rules) yield [r, 'object'];
  }
  for (const c of node.children.values()) yield* compileOrder(c, insideObject || cls === 'object');
}

/** What is evaluated after a body of `rule`: the value it produces for its node. */
function terminal(a: Analysis, cls: NodeClass, rule: ResolvedRule, value: IrTerm | undefined): Continue {
  const done: Continue = () => undefined;
  if (cls === 'object') return (b) => valuesBind(a, [...rule.dynamic, value as IrTerm], b, done);
  return (b) => valueBinds(a, value as IrTerm, b, done);
}

function checkRule(check: SafetyCheck, rule: ResolvedRule, cls: NodeClass): void {
  const a = check.check;
  const entry: Bound = new Set(rule.args.flatMap((t) => (t.k === 'var' ? [t.name] : [])));
  const params = (i: number, b: Bound, next: Continue): ReturnType<Continue> => {
    const arg = rule.args[i];
    if (arg === undefined) return next(b);
    if (arg.k === 'var') return params(i + 1, b, next);
    return matchBinds(a, arg, b, (b2) => params(i + 1, b2, next));
  };
  const bodies: [readonly IrLiteral[], IrTerm | undefined][] = [
    [rule.body.literals, rule.value ?? rule.key],
    ...rule.elses.map((e) => [e.body.literals, e.value] as [readonly IrLiteral[], IrTerm]),
  ];
  for (const [literals, value] of bodies) {
    const r = params(0, entry, (b) => check.body(literals, b, terminal(a, cls, rule, value)));
    if (r) throw unsafeError(r.vars, rule.loc);
  }
}

function ordered(check: SafetyCheck, rule: ResolvedRule): ResolvedRule {
  const term = (t: IrTerm) => orderedTerm(check.orders, t);
  return {
    ...rule,
    dynamic: rule.dynamic.map(term),
    key: rule.key && term(rule.key),
    value: rule.value && term(rule.value),
    args: rule.args.map(term),
    body: { ...rule.body, literals: orderedLiterals(check.orders, rule.body.literals) },
    elses: rule.elses.map((e) => ({
      ...e,
      value: term(e.value),
      body: { ...e.body, literals: orderedLiterals(check.orders, e.body.literals) },
    })),
  };
}

/**
 * Checks every rule of `tree` for safety and puts each body (nested ones included) in its safe
 * order, in place. Throws `rego_unsafe_var_error` (and `rego_type_error` for a `with` whose
 * replacement cannot replace a function).
 */
export function checkSafety(tree: Node): void {
  const check = new SafetyCheck(tree);
  for (const [rule, cls] of compileOrder(tree)) checkRule(check, rule, cls);
  for (const node of tree.walk()) {
    node.rules.splice(0, node.rules.length, ...node.rules.map((r) => ordered(check, r)));
  }
}

/** Checks a query for safety; returns it with its bodies in their safe order. */
export function checkQuerySafety(query: ResolvedQuery, tree: Node): ResolvedQuery {
  const check = new SafetyCheck(tree);
  check.body(query.literals, new Set(), () => undefined);
  return { ...query, literals: orderedLiterals(check.orders, query.literals) };
}
