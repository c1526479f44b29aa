/**
 * Compiling bodies and literals, in the order the compiler's safety stage gave each body: every
 * literal's inputs are bound by the literals before it.
 */
import type { IrExpr, IrLiteral, IrTerm } from '../compiler/index.ts';
import { memberLookup, unboundPatternVars, withBound } from '../compiler/index.ts';
import type { Value } from '../value/index.ts';
import { isCollection } from './collections.ts';
import { iterate } from './iteration.ts';
import { type Bound, type Cx, FOUND, type Getter, type Next, type Step, unboundError } from './layout.ts';
import { compileTest } from './logic.ts';
import { compileValue, compileValues } from './terms.ts';
import { compileMatch, compileUnify, equalStep } from './unify.ts';
import { compileWith } from './withs.ts';

/** Compiles a body; `terminal` receives what is bound after the last literal. */
export function compileBody(cx: Cx, literals: readonly IrLiteral[], bound: Bound, terminal: Next): Step {
  const chain = (i: number, b: Bound): Step => {
    const lit = literals[i];
    return lit === undefined ? terminal(b) : compileLiteral(cx, lit, b, (b2) => chain(i + 1, b2));
  };
  return chain(0, bound);
}

/** Compiles one literal. */
function compileLiteral(cx: Cx, lit: IrLiteral, bound: Bound, next: Next): Step {
  if (lit.withs.length > 0) return compileWith(cx, lit, bound, next);
  return compileExpr(cx, lit.expr, bound, next);
}

/** Compiles an expression (without its `with` modifiers). */
export function compileExpr(cx: Cx, e: IrExpr, bound: Bound, next: Next): Step {
  switch (e.k) {
    case 'term': {
      const member = memberRead(e.term, bound);
      if (member)
        return compileValues(cx, member, bound, ([g, v], b) => equalStep(g as Getter, v as Getter, next(b)));
      return compileValue(cx, e.term, bound, (get, b) => truthy(get, next(b)));
    }
    case 'unify':
      return compileUnify(cx, e.left, e.right, bound, next);
    case 'somein':
      return compileSomeIn(cx, e, bound, next);
    case 'every':
      return compileEvery(cx, e, bound, next);
    case 'not':
      return compileNot(cx, e.body.literals, bound, next);
    case 'test':
      return compileTest(cx, e, bound, next);
  }
}

/** `k, v in ref` as a condition reads `ref[k]` directly (as OPA's compiler does). */
function memberRead(t: IrTerm, bound: Bound): [IrTerm, IrTerm] | undefined {
  const member = memberLookup(t);
  if (!member) return undefined;
  const waiting = unboundPatternVars(member.key, bound);
  if (waiting.length > 0) throw unboundError(waiting);
  return [member.read, member.value];
}

function truthy(get: Getter, next: Step): Step {
  return (ctx, f) => {
    const v = get(ctx, f);
    return v !== undefined && v !== false && next(ctx, f);
  };
}

function compileNot(cx: Cx, literals: readonly IrLiteral[], bound: Bound, next: Next): Step {
  const [lit] = literals as [IrLiteral];
  const inner = compileLiteral(cx, lit, bound, (b) => {
    const escaped = [...b].filter((v) => !bound.has(v) && !v.startsWith('$'));
    if (escaped.length > 0) throw unboundError(escaped);
    return FOUND;
  });
  const n = next(bound);
  return (ctx, f) => !inner(ctx, f) && n(ctx, f);
}

function compileSomeIn(cx: Cx, e: Extract<IrExpr, { k: 'somein' }>, bound: Bound, next: Next): Step {
  return compileValue(cx, e.collection, bound, (get, b) => {
    const ks = cx.layout.temp();
    const vs = cx.layout.temp();
    const matchValue = (b2: Bound) => compileMatch(cx, e.value, (_, f) => f[vs] as Value, b2, next);
    const body = e.key ? compileMatch(cx, e.key, (_, f) => f[ks] as Value, b, matchValue) : matchValue(b);
    return (ctx, f) => iterate(ctx, f, get(ctx, f), ks, vs, body);
  });
}

function compileEvery(cx: Cx, e: Extract<IrExpr, { k: 'every' }>, bound: Bound, next: Next): Step {
  return compileValue(cx, e.domain, bound, (get, b) => {
    const missing = e.body.outer.filter((v) => !b.has(v) && v !== e.key && v !== e.value);
    if (missing.length > 0) throw unboundError(missing);
    const n = next(b);
    const ks = e.key ? cx.layout.slot(e.key) : cx.layout.temp();
    const vs = cx.layout.slot(e.value);
    const flag = cx.layout.temp();
    const inner = withBound(b, e.value, ...(e.key ? [e.key] : []));
    const body = compileBody(cx, e.body.literals, inner, () => FOUND);
    const check: Step = (ctx, f) => {
      if (body(ctx, f)) return false;
      f[flag] = false;
      return true;
    };
    return (ctx, f) => {
      const domain = get(ctx, f);
      if (!isCollection(domain)) return false;
      f[flag] = true;
      iterate(ctx, f, domain, ks, vs, check);
      return f[flag] === true && n(ctx, f);
    };
  });
}
