/**
 * Name resolution of bodies: literals in source order (declarations by `:=` and `some` take
 * effect for what follows), negation, `some … in`, `every`, output-argument calls and `with`.
 */
import type { SourceLocation } from '../errors.ts';
import { DEFAULT_OPA_VERSION, opaAtLeast } from '../opa-version.ts';
import type { Body, Literal, Term } from '../syntax/index.ts';
import { hoistOperands, refuseNegatedWildcards } from './call-operands.ts';
import type { IrExpr, IrLiteral, IrTerm } from './ir.ts';
import { calleeArity, compileError, type ResolveContext, withOuter } from './resolve-context.ts';
import { resolveTest } from './resolve-logic.ts';
import { arityError, resolveCall, resolveTerm } from './resolve-term.ts';
import { resolveWith } from './resolve-with.ts';
import { mentionedVars, Scope, termVars } from './scope.ts';
import { checkMatchable } from './unmatchable-patterns.ts';

/**
 * Resolves the literals of a body in `scope`, in their order: a nested body (`every`, a
 * comprehension) runs as written, and only a rule body is led by the `input` reads OPA's index
 * requires ({@link inputReadsFirst}, applied by the rule's resolution).
 * @param checkUnused default true; false for a rule body, whose head may use what it declares
 *   (the rule then calls {@link reportUnusedDeclared} once its head is resolved)
 */
export function resolveBody(cx: ResolveContext, body: Body, scope: Scope, checkUnused = true): IrLiteral[] {
  const out: IrLiteral[] = [];
  for (const lit of body) {
    out.push(...resolveLiteral(cx, lit, scope));
  }
  if (checkUnused) reportUnusedDeclared(cx, scope);
  return out;
}

/** OPA's `declared var x unused` for each `some x` of `scope` nothing used. */
export function reportUnusedDeclared(cx: ResolveContext, scope: Scope): void {
  for (const unused of scope.unusedDeclared()) {
    if (!cx.findings) throw unused;
    cx.findings.record('unusedDeclared', unused);
  }
}

/** Names of the variables of a pattern term (`x`, `[a, {"k": b}]`). */
export function patternVars(t: Term, out: string[] = []): string[] {
  switch (t.type) {
    case 'var':
      out.push(t.name);
      break;
    case 'array':
    case 'set':
      for (const i of t.items) patternVars(i, out);
      break;
    case 'object':
      for (const [, v] of t.entries) patternVars(v, out);
      break;
    default:
      break;
  }
  return out;
}

/** A variable `every` declares: OPA requires the body to use it (wildcards excepted). */
function everyVar(inner: Scope, v: { readonly name: string; readonly loc: SourceLocation }): string {
  return v.name.startsWith('$') ? inner.declare(v.name) : inner.declareSome(v.name, v.loc);
}

/**
 * The names of `some … in coll` that the expression declares. OPA rewrites `some x in coll` to
 * `x = coll[_]` and declares only the output variables of that unification, so a name `coll`
 * mentions is not declared: it reads the enclosing binding, and the expression is a membership
 * test of it (`[x | some x in [x, 2]] if x := 1` is `[1]`; `some x in x` never matches, and OPA's
 * type checker unifies `x`'s type with its own members'). OPA v1.22 refuses the shape instead
 * (`var x assigned before`).
 */
function declaredByIteration(
  cx: ResolveContext,
  collection: Term,
  names: readonly string[],
  loc: SourceLocation,
): string[] {
  const mentioned = termVars(collection);
  const shadowing = names.find((n) => mentioned.has(n));
  if (shadowing === undefined) return [...names];
  if (opaAtLeast(cx.opaVersion ?? DEFAULT_OPA_VERSION, 'v1.22.2'))
    compileError('rego_compile_error', `var ${shadowing} assigned before`, loc);
  return names.filter((n) => !mentioned.has(n));
}

/**
 * The names an `every` body declares (`:=`, `some`) at its own level that the enclosing bodies
 * have only used, not declared (bound by unification, `x = 1`). OPA rewrites the whole `every`
 * expression once more with the body's declarations in scope, so such a name is the body's own
 * variable everywhere in the expression: in its uses before the declaration (`y == x; x := 3`
 * compares with 3), in the value that declares it (`x := x + 1` is unsafe) and in the domain
 * (`every y in [x] { x := 2; … }` is unsafe).
 */
function reboundInEvery(body: Body, domain: Term, scope: Scope): string[] {
  const declared = new Set<string>();
  for (const lit of body) {
    const e = lit.expr;
    if (e.type === 'unify' && e.assign) for (const n of patternVars(e.left)) declared.add(n);
    else if (e.type === 'some') for (const v of e.vars) declared.add(v.name);
    else if (e.type === 'somein') {
      const names = [...(e.key ? patternVars(e.key) : []), ...patternVars(e.value)];
      const inCollection = termVars(e.collection);
      for (const n of names) if (!inCollection.has(n)) declared.add(n);
    }
  }
  const inDomain = termVars(domain);
  return [...declared].filter(
    (name) =>
      !name.startsWith('$') &&
      !isRootDocument(name, scope) &&
      scope.declaredName(name) === undefined &&
      (scope.usedAbove(name) || scope.usedHere(name) || inDomain.has(name)),
  );
}

/** Whether `name` reads the `input` or `data` document here (not a v0 local of that name). */
function isRootDocument(name: string, scope: Scope): boolean {
  return (name === 'input' || name === 'data') && scope.declaredName(name) === undefined;
}

/** OPA's `var x assigned above` / `var x declared above`: a name declared twice in one body. */
function redeclared(name: string, loc: SourceLocation, scope: Scope): void {
  if (scope.declaresHere(name))
    compileError('rego_compile_error', `var ${name} ${scope.declaredHow(name)} above`, loc);
}

/**
 * Declares the variables `:=` assigns. v1 refuses assigning to `input` and `data` (keywords
 * there); a v0 module may, and the name is then a local variable shadowing the document.
 */
function declareAssigned(cx: ResolveContext, t: Term, scope: Scope): void {
  switch (t.type) {
    case 'var':
      if (t.name.startsWith('$')) return;
      if ((t.name === 'input' || t.name === 'data') && cx.syntax !== 'v0')
        compileError('rego_compile_error', `cannot assign to ${t.name}`, t.loc);
      redeclared(t.name, t.loc, scope);
      if (scope.usedHere(t.name)) compileError('rego_compile_error', `var ${t.name} referenced above`, t.loc);
      scope.declare(t.name, 'assigned');
      return;
    case 'array':
      for (const i of t.items) declareAssigned(cx, i, scope);
      return;
    case 'object':
      for (const [, v] of t.entries) declareAssigned(cx, v, scope);
      return;
    case 'scalar':
      return;
    default:
      compileError('rego_compile_error', `cannot assign to ${t.type}`, t.loc);
  }
}

function resolveLiteral(cx: ResolveContext, lit: Literal, scope: Scope): IrLiteral[] {
  const e = lit.expr;
  if (e.type === 'some') {
    for (const v of e.vars) {
      redeclared(v.name, v.loc, scope);
      scope.declareSome(v.name, v.loc);
    }
    return [];
  }
  const withs = lit.withs.map((w) => resolveWith(cx, w, scope));
  if (e.type === 'logic' || e.type === 'group')
    return [{ expr: resolveTest(cx, lit, scope), withs, loc: lit.loc }];
  const expr = resolveExpr(cx, lit, scope);
  const outputCall = lit.expr.type === 'term' && lit.expr.term.type === 'call';
  const options = { outputCall, negated: lit.negated, query: cx.query === true };
  if (!lit.negated) {
    const hoisted = hoistOperands(expr, withs, lit.loc, scope, options);
    return [...hoisted.before, { expr: hoisted.expr, withs, loc: lit.loc }];
  }
  refuseNegatedWildcards(expr, lit.loc);
  const hoisted = hoistOperands(expr, withs, lit.loc, scope, options);
  // OPA applies `with` around the negation: an undefined `with` value fails the expression.
  return [
    ...hoisted.before,
    {
      expr: { k: 'not', body: { literals: [{ expr: hoisted.expr, withs: [], loc: lit.loc }], outer: [] } },
      withs,
      loc: lit.loc,
    },
  ];
}

function resolveExpr(cx: ResolveContext, lit: Literal, scope: Scope): IrExpr {
  const e = lit.expr;
  switch (e.type) {
    case 'unify': {
      if (!e.assign)
        return { k: 'unify', left: resolveTerm(cx, e.left, scope), right: resolveTerm(cx, e.right, scope) };
      // The value is read first: a name it mentions is the enclosing body's variable if that
      // body has seen it, else a use here that the declaration then contradicts (OPA's order).
      const mentioned = termVars(e.right);
      const fresh = patternVars(e.left).filter(
        (name) =>
          mentioned.has(name) &&
          !scope.declaresHere(name) &&
          !scope.pendingHere(name) &&
          !scope.seenAbove(name),
      );
      const right = resolveTerm(cx, e.right, scope);
      if (fresh[0] !== undefined)
        compileError('rego_compile_error', `var ${fresh[0]} referenced above`, e.left.loc);
      checkMatchable(e.left, e.right);
      declareAssigned(cx, e.left, scope);
      return { k: 'unify', left: resolveTerm(cx, e.left, scope), right };
    }
    case 'somein': {
      // `some input in xs` is a membership test of the input document (so is `data`), as in OPA.
      const names = [...(e.key ? patternVars(e.key) : []), ...patternVars(e.value)].filter(
        (name) => !name.startsWith('$') && !isRootDocument(name, scope),
      );
      const declared = declaredByIteration(cx, e.collection, names, lit.loc);
      const collection = resolveTerm(cx, e.collection, scope);
      for (const name of declared) {
        redeclared(name, lit.loc, scope);
        if (scope.usedHere(name)) compileError('rego_compile_error', `var ${name} referenced above`, lit.loc);
        scope.declare(name);
      }
      const key = e.key && resolveTerm(cx, e.key, scope);
      return { k: 'somein', key, value: resolveTerm(cx, e.value, scope), collection };
    }
    case 'every': {
      const inner = new Scope(scope, scope.namer, mentionedVars(e.body));
      inner.everyBody = true;
      const rebound = reboundInEvery(e.body, e.domain, scope);
      for (const name of rebound) inner.predeclare(name);
      const domain = resolveTerm(cx, e.domain, rebound.length > 0 ? inner : scope);
      const key = e.key && everyVar(inner, e.key);
      if (e.key?.name === e.value.name)
        compileError('rego_compile_error', `var ${e.value.name} declared above`, e.value.loc);
      const value = everyVar(inner, e.value);
      const literals = resolveBody(cx, e.body, inner);
      return { k: 'every', key, value, domain, body: withOuter(literals, inner) };
    }
    case 'term':
      return resolveTermExpr(cx, e.term, scope);
    case 'some':
    case 'logic':
    case 'group':
      return compileError('rego_compile_error', `unexpected ${e.type} expression`, lit.loc);
  }
}

/** A term expression; a call with one argument more than its arity assigns its result to that argument. */
function resolveTermExpr(cx: ResolveContext, t: Term, scope: Scope): IrExpr {
  if (t.type !== 'call') return { k: 'term', term: resolveTerm(cx, t, scope) };
  const { callee, args } = resolveCall(cx, t, scope);
  const arity = calleeArity(cx, callee);
  if (arity >= 0 && args.length === arity + 1) {
    const out = args.pop() as IrTerm;
    return { k: 'unify', left: out, right: { k: 'call', callee, args, loc: t.loc } };
  }
  if (arity >= 0 && args.length !== arity) arityError(cx, t, arity, args.length);
  return { k: 'term', term: { k: 'call', callee, args, loc: t.loc } };
}
