/**
 * OPA v1.22's rule index as tests the engine runs before a rule body: a rule is evaluated only
 * when one of the ways OPA's index reaches it by holds ({@link bodyWays}: the constants, affixes
 * and values its expressions, `and` operands and `or` operands ask of `input` paths). Nothing
 * else in the body runs otherwise, so with strict errors an expression's error never surfaces:
 * the rule is undefined. An affix (`startswith(input.path, "a")`, `endswith`,
 * `strings.any_prefix_match`, `strings.any_suffix_match`) holds for a string with it, or for an
 * array or object one of whose members is (the built-in then raises its type error). OPA v1.15.2
 * has no such index.
 */
import { type Literal, MEMBER_2, type Term } from '../syntax/index.ts';
import { SetValue, type Value } from '../value/index.ts';
import { bodyWays, type Way, type WayTest } from './index-ways.ts';
import type { IrLiteral, IrTerm } from './ir.ts';
import type { ResolveContext } from './resolve-context.ts';
import { resolveCallee, resolveTerm } from './resolve-term.ts';
import type { Scope } from './scope.ts';

/** Whether `t` reads `input` at a constant path (`input.a[0]`, or through `import input.a as x`). */
function isConstantInputRef(cx: ResolveContext, t: Term, scope: Scope): boolean {
  const head = t.type === 'ref' ? t.head : t;
  if (head.type !== 'var' || scope.declaredName(head.name)) return false;
  if (head.name !== 'input' && cx.imports.get(head.name)?.[0] !== 'input') return false;
  if (t.type !== 'ref') return head.name !== 'input';
  return t.path.every(
    (k) => k.type === 'scalar' && (typeof k.value === 'string' || typeof k.value === 'number'),
  );
}

function testOf(
  cx: ResolveContext,
  scope: Scope,
  loc: Literal['loc'],
  callee: string,
  args: readonly (Term | IrTerm)[],
): IrLiteral {
  const term: IrTerm = {
    k: 'call',
    callee: resolveCallee(cx, callee, loc, scope),
    args: args.map((a) => ('k' in a ? a : resolveTerm(cx, a, scope))),
    loc,
  };
  return { expr: { k: 'term', term }, withs: [], loc };
}

/** `is_string(ref)` and the affix test, when `lit` is an indexable affix test. */
function affixTest(cx: ResolveContext, lit: Literal, subject: Term, scope: Scope): IrLiteral[] | undefined {
  const e = lit.expr;
  if (e.type !== 'term' || e.term.type !== 'call') return undefined;
  const { name, args, loc } = e.term;
  const affix = args[1];
  if (!affix || !cx.builtins.has(name) || !cx.builtins.has('is_string')) return undefined;
  const direct = [
    testOf(cx, scope, loc, 'is_string', [subject]),
    testOf(cx, scope, loc, name, [subject, affix]),
  ];
  // A composite value at the path is a candidate when one of its members (an array's items, an
  // object's values) is a string with the affix: OPA then evaluates the body, and the built-in
  // raises its type error.
  const member: IrTerm = { k: 'var', name: scope.namer.fresh('$affix'), loc };
  const memberTests: IrLiteral[] = [
    {
      expr: {
        k: 'somein',
        key: undefined,
        value: member,
        collection: resolveTerm(cx, subject, scope),
      },
      withs: [],
      loc,
    },
    testOf(cx, scope, loc, 'is_string', [member]),
    testOf(cx, scope, loc, name, [member, affix]),
  ];
  return [orGuard([direct, memberTests], loc)];
}

/** What a way asks of one path, as guards: one of its tests (OPA keys the path on each). */
function pathGuards(
  cx: ResolveContext,
  scope: Scope,
  ref: Term,
  tests: readonly WayTest[],
  loc: Literal['loc'],
): IrLiteral[] {
  const scalars: Value[] = [];
  const alts: IrLiteral[][] = [];
  const resolved = () => resolveTerm(cx, ref, scope);
  const prefixes = tests.filter((t) => t.k === 'affix' && isPrefix(t.lit));
  const suffixes = tests.filter((t) => t.k === 'affix' && !isPrefix(t.lit));
  // OPA's trie tests one end of a value: where a way asks for both, the end of the shorter affix.
  const dropped = prefixes.length > 0 && suffixes.length > 0 ? droppedEnd(prefixes, suffixes) : [];
  for (const t of tests) {
    if (t.k === 'eq') scalars.push(t.value);
    else if (t.k === 'defined') alts.push([defined(scope, resolved(), loc)]);
    else if (t.k === 'array') {
      const items: IrTerm[] = t.items.map((v) =>
        v === undefined ? { k: 'var', name: scope.namer.fresh('$item'), loc } : { k: 'const', value: v, loc },
      );
      alts.push([
        { expr: { k: 'unify', left: resolved(), right: { k: 'array', items, loc } }, withs: [], loc },
      ]);
    } else if (t.k === 'affix' && !dropped.includes(t)) {
      const test = affixTest(cx, t.lit, ref, scope);
      if (test) alts.push(test);
    }
  }
  if (scalars.length > 0)
    alts.unshift([
      testOf(cx, scope, loc, MEMBER_2, [ref, { k: 'const', value: new SetValue(scalars), loc }]),
    ]);
  if (alts.length === 0) return [defined(scope, resolved(), loc)];
  return alts.length === 1 ? (alts[0] as IrLiteral[]) : [orGuard(alts, loc)];
}

function isPrefix(lit: Literal): boolean {
  const e = lit.expr;
  return e.type === 'term' && e.term.type === 'call' && /prefix|startswith/.test(e.term.name);
}

/** The affix tests of the end OPA's `oneAffixEnd` leaves out. */
function droppedEnd(prefixes: readonly WayTest[], suffixes: readonly WayTest[]): readonly WayTest[] {
  const shortest = (ts: readonly WayTest[]) =>
    Math.min(
      ...ts.map((t) => {
        const e = t.k === 'affix' ? t.lit.expr : undefined;
        const a = e?.type === 'term' && e.term.type === 'call' ? e.term.args[1] : undefined;
        return a?.type === 'scalar' && typeof a.value === 'string' ? [...a.value].length : Infinity;
      }),
    );
  return shortest(suffixes) > shortest(prefixes) ? prefixes : suffixes;
}

/** `$v = ref`: the path has a value. */
function defined(scope: Scope, ref: IrTerm, loc: Literal['loc']): IrLiteral {
  const v: IrTerm = { k: 'var', name: scope.namer.fresh('$defined'), loc };
  return { expr: { k: 'unify', left: v, right: ref }, withs: [], loc };
}

/** The guards of one way: per path it keys on, one of the path's tests. */
function wayGuards(
  cx: ResolveContext,
  scope: Scope,
  way: Way,
  keyed: ReadonlySet<string>,
  loc: Literal['loc'],
): IrLiteral[] {
  const byPath = new Map<string, { ref: Term; tests: WayTest[] }>();
  for (const c of way) {
    if (!keyed.has(c.key)) continue;
    const entry = byPath.get(c.key) ?? { ref: c.ref, tests: [] };
    byPath.set(c.key, entry);
    if (c.test.k !== 'var') entry.tests.push(c.test);
  }
  return [...byPath.values()].flatMap(({ ref, tests }) => pathGuards(cx, scope, ref, tests, loc));
}

/**
 * The guards of a rule body, OPA v1.22's index as tests run before the body: one of the ways
 * ({@link bodyWays}) must hold. A path is keyed on where some way asks more than a value of it
 * (OPA's trie levels); a way asks a value of a keyed path it binds to a local. A path only ever
 * bound to locals or read by calls is asked for only when every way reads it.
 */
export function affixGuards(cx: ResolveContext, body: readonly Literal[], scope: Scope): IrLiteral[] {
  const ways = bodyWays(cx, body, scope, (t) => isConstantInputRef(cx, t, scope));
  const loc = body[0]?.loc;
  if (!loc || ways.every((w) => w.length === 0)) return [];
  // Without `and`/`or` or an affix, the rule index asks the same of the body's own expressions.
  const logic = body.some((l) => l.expr.type === 'logic' && !l.negated && l.withs.length === 0);
  if (!logic && ways.every((w) => w.every((c) => c.test.k !== 'affix'))) return [];
  const keyed = new Set(ways.flatMap((w) => w.filter((c) => c.test.k !== 'var').map((c) => c.key)));
  const refs = new Map(ways.flatMap((w) => w.map((c) => [c.key, c.ref] as const)));
  const required = [...refs].filter(
    ([key]) => !keyed.has(key) && ways.every((w) => w.some((c) => c.key === key)),
  );
  const guards = required.map(([, ref]) => defined(scope, resolveTerm(cx, ref, scope), loc));
  const alternatives = ways.map((w) => wayGuards(cx, scope, w, keyed, loc));
  if (alternatives.some((a) => a.length === 0)) return guards;
  if (alternatives.length === 1) return [...(alternatives[0] as IrLiteral[]), ...guards];
  return [orGuard(alternatives, loc), ...guards];
}

/** The guard of an `or`: one of its ways must hold. */
function orGuard(alts: readonly IrLiteral[][], loc: Literal['loc']): IrLiteral {
  const bodies = alts.map((literals) => ({ literals, outer: [] }));
  let guard: IrLiteral = { expr: { k: 'test', op: 'or', operands: bodies.slice(0, 2) }, withs: [], loc };
  for (const body of bodies.slice(2)) {
    guard = {
      expr: { k: 'test', op: 'or', operands: [{ literals: [guard], outer: [] }, body] },
      withs: [],
      loc,
    };
  }
  return guard;
}
