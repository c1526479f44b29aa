/**
 * OPA evaluates the operands of a call eagerly: its compiler binds every reference,
 * comprehension and nested call among the arguments (and a call in a rule's head) to a fresh
 * variable in expressions placed before the call (`rewriteDynamics`), and its rule index skips a
 * rule that reads an undefined constant `input` path before evaluating any of it. So:
 * - `input.s % 2 - input.missing` is undefined, not an error, even with strict errors;
 * - `not startswith(input.x, "a")` is `__local0__ = input.x; not startswith(__local0__, "a")`:
 *   undefined, not true, when `input.x` is undefined;
 * - equality (`=`, and `==`, which OPA's compiler turns into `=` in rule bodies) only has the
 *   dynamic keys inside its references bound first, so `not input.x == 1` is true;
 * - a wildcard in a negated expression can never be bound before it: OPA refuses it as unsafe.
 */
import { RegoError, type SourceLocation } from '../errors.ts';
import { MEMBER_2, MEMBER_3 } from '../syntax/index.ts';
import type { IrExpr, IrLiteral, IrTerm, IrWith } from './ir.ts';
import type { Scope } from './scope.ts';

const MEMBERSHIP = new Set([MEMBER_2, MEMBER_3]);
const OPERAND = '$operand';

interface Hoisting {
  readonly scope: Scope;
  readonly withs: readonly IrWith[];
  readonly loc: SourceLocation;
  readonly before: IrLiteral[];
}

function bind(h: Hoisting, term: IrTerm): IrTerm {
  const v: IrTerm = { k: 'var', name: h.scope.namer.fresh(OPERAND), loc: term.loc };
  h.before.push({ expr: { k: 'unify', left: v, right: term }, withs: h.withs, loc: h.loc });
  return v;
}

/** An operand of a call: references, comprehensions and calls are bound first. */
function operand(h: Hoisting, t: IrTerm): IrTerm {
  switch (t.k) {
    case 'root':
    case 'comp':
      return bind(h, t);
    case 'ref':
      return bind(h, { ...t, path: t.path.map((p) => operand(h, p)) });
    case 'call':
      // A template string renders undefined parts (`<undefined>`): they stay inside it.
      if (t.callee.kind === 'template') return bind(h, t);
      return bind(h, { ...t, args: t.args.map((a) => operand(h, a)) });
    case 'array':
    case 'set':
      return { ...t, items: t.items.map((i) => operand(h, i)) };
    case 'object':
      return { ...t, entries: t.entries.map(([k, v]) => [operand(h, k), operand(h, v)] as const) };
    default:
      return t;
  }
}

/**
 * A side of an equality, or a term expression: only what is nested inside is bound first — the
 * reference's dynamic keys, and a composite or call it starts from (OPA's `expandExprRef`).
 */
function inside(h: Hoisting, t: IrTerm): IrTerm {
  if (t.k === 'ref') {
    const head = ['array', 'set', 'object', 'call'].includes(t.head.k) ? operand(h, t.head) : t.head;
    return { ...t, head, path: t.path.map((p) => operand(h, p)) };
  }
  if (t.k === 'comp' || t.k === 'root') return t;
  return operand(h, t);
}

function hasWildcard(t: IrTerm): boolean {
  switch (t.k) {
    case 'var':
      return t.name.startsWith('$');
    case 'ref':
      return hasWildcard(t.head) || t.path.some(hasWildcard);
    case 'call':
      return t.args.some(hasWildcard);
    case 'array':
    case 'set':
      return t.items.some(hasWildcard);
    case 'object':
      return t.entries.some(([k, v]) => hasWildcard(k) || hasWildcard(v));
    default:
      return false;
  }
}

function isEquality(t: IrTerm): boolean {
  return t.k === 'call' && t.callee.kind === 'builtin' && t.callee.name === 'equal' && t.args.length === 2;
}

/** Refuses a wildcard in the negated expression `expr`: nothing can bind it before the `not`. */
export function refuseNegatedWildcards(expr: IrExpr, loc: SourceLocation): void {
  const terms = expr.k === 'unify' ? [expr.left, expr.right] : expr.k === 'term' ? [expr.term] : [];
  if (terms.some(hasWildcard)) throw new RegoError('rego_unsafe_var_error', 'var _ is unsafe', loc);
}

/**
 * The expressions OPA evaluates before the expression `expr`, and `expr` rewritten to use their
 * variables. `outputCall`: `expr` is a call written with its output argument
 * (`f(x, y)` for `f(x) = y`), whose operands are bound first like any call's. `negated`: under
 * `not`, membership binds its collection first too (outside a negation reading `ref[key]`
 * directly is equivalent and cheaper). `query`: OPA's query compiler keeps `==` a call.
 */
export function hoistOperands(
  expr: IrExpr,
  withs: readonly IrWith[],
  loc: SourceLocation,
  scope: Scope,
  options: { readonly outputCall: boolean; readonly negated: boolean; readonly query: boolean },
): { before: IrLiteral[]; expr: IrExpr } {
  const { outputCall, negated, query } = options;
  const h: Hoisting = { scope, withs, loc, before: [] };
  if (expr.k === 'unify' && outputCall && expr.right.k === 'call') {
    const call = { ...expr.right, args: expr.right.args.map((a) => operand(h, a)) };
    return { before: h.before, expr: { ...expr, left: operand(h, expr.left), right: call } };
  }
  if (expr.k === 'unify')
    return { before: h.before, expr: { ...expr, left: inside(h, expr.left), right: inside(h, expr.right) } };
  if (expr.k !== 'term') return { before: [], expr };
  const t = expr.term;
  if (t.k !== 'call') return { before: h.before, expr: { k: 'term', term: inside(h, t) } };
  // `print` shows undefined operands, and so does a template string (`<undefined>`).
  if (t.callee.kind === 'print' || t.callee.kind === 'template') return { before: [], expr };
  // Membership in a reference reads `ref[key]` itself (see compileExpr), as OPA does.
  if (!negated && t.callee.kind === 'builtin' && MEMBERSHIP.has(t.callee.name)) {
    const args = t.args.map((a, i) => (i === t.args.length - 1 ? inside(h, a) : operand(h, a)));
    return { before: h.before, expr: { ...expr, term: { ...t, args } } };
  }
  if (isEquality(t) && !query)
    return { before: h.before, expr: { ...expr, term: { ...t, args: t.args.map((a) => inside(h, a)) } } };
  return { before: h.before, expr: { ...expr, term: { ...t, args: t.args.map((a) => operand(h, a)) } } };
}

function isInputRead(lit: IrLiteral): boolean {
  const e = lit.expr;
  if (e.k !== 'unify' || e.left.k !== 'var' || !e.left.name.startsWith(OPERAND)) return false;
  const r = e.right;
  return (
    r.k === 'ref' && r.head.k === 'root' && r.head.root === 'input' && r.path.every((p) => p.k === 'const')
  );
}

/**
 * The constant `input` reads of the operands of an `and` (OPA v1.22), which OPA's index requires
 * like the body's own since both operands must hold; as reads of their own (a fresh variable).
 */
function andOperandReads(lit: IrLiteral): IrLiteral[] {
  const e = lit.expr;
  if (e.k !== 'test' || e.op !== 'and' || lit.withs.length > 0) return [];
  return e.operands.flatMap((o) =>
    o.literals.flatMap((l): IrLiteral[] => {
      if (!isInputRead(l) || l.expr.k !== 'unify' || l.expr.left.k !== 'var') return andOperandReads(l);
      return [{ ...l, expr: { ...l.expr, left: { ...l.expr.left, name: `${l.expr.left.name}'` } } }];
    }),
  );
}

/**
 * The literals with the operand reads of constant `input` paths first. OPA's rule index
 * skips a rule whose body reads an undefined `input` path before evaluating any of it, so such a
 * rule is undefined even where an earlier expression would raise a (strict) built-in error.
 */
export function inputReadsFirst(literals: IrLiteral[]): IrLiteral[] {
  return [...literals.filter(isInputRead), ...literals.filter((l) => !isInputRead(l))];
}

/**
 * A rule body's literals led by the constant `input` reads of its `and` operands: OPA's index
 * requires those of the rule's own body (not of nested bodies, whose `or` may not need them).
 */
export function andOperandReadsFirst(literals: IrLiteral[]): IrLiteral[] {
  const reads = literals.flatMap(andOperandReads);
  return reads.length > 0 ? [...reads, ...literals] : literals;
}
