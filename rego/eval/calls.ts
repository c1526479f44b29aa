/**
 * Compiling calls: built-in functions (errors become undefined unless strict, as in OPA),
 * built-in relations (iterated), functions of the policy set, `print`, and replacements
 * installed by `with`. Comparison and membership operators run inline.
 */
import { type BuiltinDefinition, BuiltinError } from '../builtin.ts';
import type { Callee, IrTerm } from '../compiler/index.ts';
import { isStackOverflow, RegoError, type SourceLocation } from '../errors.ts';
import { MEMBER_2, MEMBER_3 } from '../syntax/index.ts';
import { compare, equal, lookup, SetValue, type Value } from '../value/index.ts';
import { collectionValues } from './collections.ts';
import type { Ctx, Mock } from './context.ts';
import type { Bound, Cx, Getter, Step, ValueNext } from './layout.ts';
import { compilePrint, compileTemplate } from './print.ts';

type CallTerm = Extract<IrTerm, { k: 'call' }>;

const INLINE: Readonly<Record<string, (args: readonly Value[]) => Value>> = {
  equal: (a) => equal(a[0] as Value, a[1] as Value),
  neq: (a) => !equal(a[0] as Value, a[1] as Value),
  lt: (a) => compare(a[0] as Value, a[1] as Value) < 0,
  lte: (a) => compare(a[0] as Value, a[1] as Value) <= 0,
  gt: (a) => compare(a[0] as Value, a[1] as Value) > 0,
  gte: (a) => compare(a[0] as Value, a[1] as Value) >= 0,
  [MEMBER_2]: (a) => {
    const c = a[1] as Value;
    if (c instanceof SetValue) return c.has(a[0] as Value);
    return collectionValues(c).some((v) => equal(v, a[0] as Value));
  },
  [MEMBER_3]: (a) => {
    const found = lookup(a[2] as Value, a[0] as Value);
    return found !== undefined && equal(found, a[1] as Value);
  },
};

/** Compiles a call term. */
export function compileCall(cx: Cx, t: CallTerm, bound: Bound, k: ValueNext): Step {
  const callee = t.callee;
  if (callee.kind === 'print') return compilePrint(cx, t.args, t.loc, bound, k);
  if (callee.kind === 'template') return compileTemplate(cx, t.args, callee.spread, t.loc, bound, k);
  return cx.values(t.args, bound, (gets, b) => {
    if (callee.kind === 'builtin' && callee.def?.kind === 'relation') {
      return relationStep(cx, callee.def, gets, t.loc, b, k);
    }
    return k(callGetter(cx, callee, gets, t.loc), b);
  });
}

function argsOf(ctx: Ctx, f: unknown[], gets: readonly Getter[]): Value[] | undefined {
  const args: Value[] = new Array(gets.length);
  for (let i = 0; i < gets.length; i++) {
    const v = (gets[i] as Getter)(ctx, f);
    if (v === undefined) return undefined;
    args[i] = v;
  }
  return args;
}

function callGetter(
  cx: Cx,
  callee: Exclude<Callee, { kind: 'print' } | { kind: 'template' }>,
  gets: readonly Getter[],
  loc: SourceLocation,
): Getter {
  if (callee.kind === 'function') {
    const node = cx.program.root.find(callee.path);
    if (!node) throw new RegoError('eval_internal_error', `no rule node for ${callee.name}`, loc);
    const handle = cx.program.handle(node);
    const name = callee.name;
    return (ctx, f) => {
      const args = argsOf(ctx, f, gets);
      if (args === undefined) return undefined;
      if (ctx.mocks !== null) {
        const m = ctx.mocks.get(name);
        if (m !== undefined) return callMock(ctx, m, name, args, loc);
      }
      return handle.call(ctx, args);
    };
  }
  const name = callee.name;
  const inline = INLINE[name];
  const def = callee.def;
  const invoke =
    inline ??
    ((args: readonly Value[], ctx: Ctx) => invokeBuiltin(ctx, def as BuiltinDefinition, name, args, loc));
  return (ctx, f) => {
    const args = argsOf(ctx, f, gets);
    if (args === undefined) return undefined;
    if (ctx.mocks !== null) {
      const m = ctx.mocks.get(name);
      if (m !== undefined) return callMock(ctx, m, name, args, loc);
    }
    return invoke(args, ctx);
  };
}

/** Calls a replacement installed by `with`. */
function callMock(
  ctx: Ctx,
  m: Mock,
  name: string,
  args: readonly Value[],
  loc: SourceLocation,
): Value | undefined {
  switch (m.kind) {
    case 'value':
      return m.value;
    case 'builtin':
      return m.def.kind === 'function'
        ? invokeBuiltin(ctx, m.def, name, args, loc)
        : [...m.def.call(args, ctx.state.builtins())][0];
    case 'function':
      return m.call(ctx.withoutMocks(), args);
  }
}

/** Runs a built-in function, applying OPA's error rules (undefined unless strict or halting). */
export function invokeBuiltin(
  ctx: Ctx,
  def: BuiltinDefinition,
  name: string,
  args: readonly Value[],
  loc: SourceLocation,
): Value | undefined {
  try {
    if (def.kind === 'function') return def.call(args, ctx.state.builtins());
    return [...def.call(args, ctx.state.builtins())][0];
  } catch (e) {
    return builtinFailure(ctx, e, name, loc);
  }
}

/** Turns a built-in's exception into undefined, or raises it as a {@link RegoError}. */
function builtinFailure(ctx: Ctx, e: unknown, name: string, loc: SourceLocation): undefined {
  if (e instanceof RegoError || isStackOverflow(e)) throw e;
  const builtinError = e instanceof BuiltinError ? e : undefined;
  if (builtinError?.halt || ctx.state.settings.strict) {
    const message = e instanceof Error ? e.message : String(e);
    throw new RegoError(
      builtinError?.code ?? 'eval_builtin_error',
      builtinError || message.startsWith(`${name}:`) ? message : `${name}: ${message}`,
      loc,
      { cause: e },
    );
  }
  return undefined;
}

function relationStep(
  cx: Cx,
  def: BuiltinDefinition,
  gets: readonly Getter[],
  loc: SourceLocation,
  bound: Bound,
  k: ValueNext,
): Step {
  const slot = cx.layout.temp();
  const next = k((_, f) => f[slot] as Value, bound);
  const name = def.name;
  return (ctx, f) => {
    const args = argsOf(ctx, f, gets);
    if (args === undefined) return false;
    let results: readonly Value[];
    try {
      results = def.kind === 'relation' ? [...def.call(args, ctx.state.builtins())] : [];
    } catch (e) {
      return builtinFailure(ctx, e, name, loc) ?? false;
    }
    for (const v of results) {
      ctx.state.tick();
      f[slot] = v;
      if (next(ctx, f)) return true;
    }
    return false;
  };
}
