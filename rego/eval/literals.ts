/**
 * Compiling bodies and literals. Literals are first ordered for safety as OPA does: each next
 * literal is the first (in source order) whose inputs are bound, found by trial compilation;
 * a body whose remaining literals can never run has unsafe variables (`rego_unsafe_var_error`).
 */
import type { IrExpr, IrLiteral, IrTerm } from '../compiler/index.ts';
import { displayName } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import { MEMBER_3 } from '../syntax/index.ts';
import type { Value } from '../value/index.ts';
import { isCollection } from './collections.ts';
import {
  type Bound,
  type Cx,
  dryRun,
  FAIL,
  FOUND,
  type Getter,
  type Next,
  NotReady,
  type Step,
  withBound,
} from './layout.ts';
import { compileTest } from './logic.ts';
import { iterate } from './refs.ts';
import { compileValue, compileValues } from './terms.ts';
import { compileMatch, compileUnify, equalStep, unboundPatternVars } from './unify.ts';
import { compileWith } from './withs.ts';

/** Compiles a body; `terminal` receives what is bound after the last literal. */
export function compileBody(cx: Cx, literals: readonly IrLiteral[], bound: Bound, terminal: Next): Step {
  const ordered = orderForSafety(cx, literals, bound);
  const chain = (i: number, b: Bound): Step => {
    if (i === ordered.length) return terminal(b);
    const lit = ordered[i] as IrLiteral;
    try {
      return compileLiteral(cx, lit, b, (b2) => chain(i + 1, b2));
    } catch (e) {
      if (e instanceof NotReady && !cx.dry) throw unsafe(e.vars, lit.loc);
      throw e;
    }
  };
  return chain(0, bound);
}

/** The error for variables no expression can bind (wildcards are shown as `_`). */
export function unsafe(vars: readonly string[], loc: IrLiteral['loc']): RegoError {
  const names = [...new Set(vars.map((v) => (v.startsWith('$') ? '_' : displayName(v))))];
  return new RegoError('rego_unsafe_var_error', names.map((v) => `var ${v} is unsafe`).join('; '), loc);
}

/** What a literal binds when run with `bound`, or the variables it is waiting for. */
function trial(cx: Cx, lit: IrLiteral, bound: Bound): Bound | NotReady {
  let after: Bound = bound;
  try {
    compileLiteral(dryRun(cx), lit, bound, (b) => {
      after = b;
      return FAIL;
    });
    return after;
  } catch (e) {
    if (e instanceof NotReady) return e;
    throw e;
  }
}

function orderForSafety(cx: Cx, literals: readonly IrLiteral[], bound: Bound): IrLiteral[] {
  const remaining = [...literals];
  const ordered: IrLiteral[] = [];
  let b = bound;
  while (remaining.length > 0) {
    let progressed = false;
    for (let i = 0; i < remaining.length; i++) {
      const r = trial(cx, remaining[i] as IrLiteral, b);
      if (r instanceof NotReady) continue;
      ordered.push(remaining.splice(i, 1)[0] as IrLiteral);
      b = r;
      progressed = true;
      break;
    }
    if (!progressed) {
      const first = remaining[0] as IrLiteral;
      const r = trial(cx, first, b);
      throw unsafe(r instanceof NotReady ? r.vars : [], first.loc);
    }
  }
  return ordered;
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
      const member = memberLookup(e.term, bound);
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

/**
 * `k, v in ref` as a condition reads `ref[k]` directly (as OPA's compiler does), so only the
 * selected member of a virtual document is evaluated.
 */
function memberLookup(t: IrTerm, bound: Bound): [IrTerm, IrTerm] | undefined {
  if (t.k !== 'call' || t.callee.kind !== 'builtin' || t.callee.name !== MEMBER_3) return undefined;
  const [key, value, coll] = t.args as [IrTerm, IrTerm, IrTerm];
  if (coll.k !== 'ref' && coll.k !== 'root') return undefined;
  if (unboundPatternVars(key, bound).length > 0) throw new NotReady(unboundPatternVars(key, bound));
  const head = coll.k === 'ref' ? coll.head : coll;
  const path = coll.k === 'ref' ? coll.path : [];
  return [{ k: 'ref', head, path: [...path, key], loc: t.loc }, value];
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
    if (escaped.length > 0) throw new NotReady(escaped);
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
    if (missing.length > 0) throw new NotReady(missing);
    const n = next(b);
    if (cx.dry) return n;
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
