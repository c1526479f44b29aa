/**
 * OPA v1.22's rule index also indexes string prefixes and suffixes: a rule body testing
 * `startswith(input.path, "a")` (or `endswith`, `strings.any_prefix_match`,
 * `strings.any_suffix_match`) with a constant is not evaluated at all when the input there is not
 * a string with that affix. Nothing else in the body runs then, so with strict errors a type error
 * (`startswith(5, "a")`) or an earlier expression's error never surfaces: the rule is undefined.
 * The tests inside `a and b` count too (both operands must hold), and so do the comparisons of an
 * `input` path with constants there (`==`, `in`) when they decide a way through an `or`.
 * A local the body binds to such a path (`x := input.path; startswith(x, "a")`) is read as it.
 * The engine puts the same test, on a string only, before everything else in the body. OPA
 * v1.15.2 has no such index.
 */
import { type Literal, MEMBER_2, type Term } from '../syntax/index.ts';
import { SetValue, type Value } from '../value/index.ts';
import { scalarMembers } from './indexes/index-refs.ts';
import type { IrLiteral, IrTerm } from './ir.ts';
import type { ResolveContext } from './resolve-context.ts';
import { resolveCallee, resolveTerm } from './resolve-term.ts';
import type { Scope } from './scope.ts';

const AFFIX_BUILTINS = new Set([
  'startswith',
  'endswith',
  'strings.any_prefix_match',
  'strings.any_suffix_match',
]);

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

function isConstantAffix(t: Term): boolean {
  if (t.type === 'scalar') return typeof t.value === 'string';
  if (t.type === 'array' || t.type === 'set') return t.items.every(isConstantAffix);
  return false;
}

/** Most ways through `or`s OPA's index keeps for one rule (beyond, it drops the `or`s). */
const MAX_INDEX_PATHS = 32;

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

/**
 * Locals of a body bound to a constant `input` path (`x = input.a`, `x := input.a`, `y = x`,
 * `y = x.b`).
 */
type InputAliases = ReadonlyMap<string, Term>;

/**
 * The body's locals OPA's index reads as the `input` path they are bound to: each binding comes
 * before the affix test in the order the safety stage gives the body, so the body's own order
 * does not matter (OPA's `resolveVarToRef`).
 */
function inputAliases(cx: ResolveContext, body: readonly Literal[], scope: Scope): InputAliases {
  const aliases = new Map<string, Term>();
  const pairs = body.flatMap((lit): [Term, Term][] => {
    const e = lit.expr;
    if (lit.negated || lit.withs.length > 0 || e.type !== 'unify') return [];
    return [
      [e.left, e.right],
      [e.right, e.left],
    ];
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const [v, t] of pairs) {
      if (v.type !== 'var' || aliases.has(v.name)) continue;
      const ref =
        t.type === 'var'
          ? aliases.get(t.name)
          : isConstantInputRef(cx, t, scope)
            ? t
            : selectionOfAlias(t, aliases);
      if (ref) {
        aliases.set(v.name, ref);
        grew = true;
      }
    }
  }
  return aliases;
}

/** `t` when it selects constant keys below a local bound to an `input` path, as that path (`x.a`). */
function selectionOfAlias(t: Term, aliases: InputAliases): Term | undefined {
  if (t.type !== 'ref' || t.head.type !== 'var') return undefined;
  const base = aliases.get(t.head.name);
  const constant = t.path.every(
    (k) => k.type === 'scalar' && (typeof k.value === 'string' || typeof k.value === 'number'),
  );
  if (!base || !constant) return undefined;
  return base.type === 'ref'
    ? { type: 'ref', head: base.head, path: [...base.path, ...t.path], loc: t.loc }
    : { type: 'ref', head: base, path: t.path, loc: t.loc };
}

/** `is_string(ref)` and the affix test, when `lit` is an indexable affix test. */
function affixTest(
  cx: ResolveContext,
  lit: Literal,
  scope: Scope,
  aliases: InputAliases = new Map(),
): IrLiteral[] {
  const e = lit.expr;
  if (e.type !== 'term' || e.term.type !== 'call') return [];
  const { name, args, loc } = e.term;
  const [written, affix] = args as [Term | undefined, Term | undefined];
  const subject = written?.type === 'var' ? (aliases.get(written.name) ?? written) : written;
  if (!AFFIX_BUILTINS.has(name) || args.length !== 2 || !subject || !affix) return [];
  if (!isConstantInputRef(cx, subject, scope) || !isConstantAffix(affix)) return [];
  if (!cx.builtins.has(name) || !cx.builtins.has('is_string')) return [];
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

/**
 * The reference and the scalars OPA's index keys a literal on: `input.… == constant` (or `=`),
 * and `input.… in constant` (each scalar member, an object's values). Neither raises an error.
 */
function keyedTest(
  cx: ResolveContext,
  lit: Literal,
  scope: Scope,
): { ref: Term; values: Value[] } | undefined {
  const e = lit.expr;
  if (e.type === 'term' && e.term.type === 'call' && e.term.name === MEMBER_2 && e.term.args.length === 2) {
    const [ref, collection] = e.term.args as [Term, Term];
    const resolved = isConstantInputRef(cx, ref, scope) ? resolveTerm(cx, collection, scope) : undefined;
    const values = resolved?.k === 'const' ? scalarMembers(resolved.value) : [];
    return values.length > 0 ? { ref, values } : undefined;
  }
  const pair =
    e.type === 'unify' && !e.assign
      ? [e.left, e.right]
      : e.type === 'term' && e.term.type === 'call' && e.term.name === 'equal' && e.term.args.length === 2
        ? e.term.args
        : undefined;
  if (!pair) return undefined;
  const [a, b] = pair as [Term, Term];
  const [ref, constant] = isConstantInputRef(cx, a, scope) ? [a, b] : [b, a];
  if (!isConstantInputRef(cx, ref, scope) || constant.type !== 'scalar') return undefined;
  const resolved = resolveTerm(cx, constant, scope);
  return resolved.k === 'const' ? { ref, values: [resolved.value] } : undefined;
}

/** The text of a constant `input` reference, the same for the same path. */
function refKey(t: Term): string {
  if (t.type !== 'ref') return t.type === 'var' ? t.name : '';
  const path = t.path.map((k) => (k.type === 'scalar' ? JSON.stringify(k.value) : ''));
  return [t.head.type === 'var' ? t.head.name : '', ...path].join('\u0000');
}

/**
 * The ways an operand body can hold, each the guards it needs (affix tests and equalities), or
 * `undefined` when one way is unconstrained (OPA's index then says nothing about the `or`).
 */
function alternatives(cx: ResolveContext, body: readonly Literal[], scope: Scope): IrLiteral[][] | undefined {
  const [only] = body;
  if (body.length === 1 && only && !only.negated && only.withs.length === 0) {
    const e = only.expr;
    if (e.type === 'logic' && e.op === 'or') {
      const left = alternatives(cx, e.left.body, scope);
      const right = left && alternatives(cx, e.right.body, scope);
      return right && left ? [...left, ...right] : undefined;
    }
  }
  const guards = conjunctionTests(cx, body, scope);
  return guards.length > 0 ? [guards] : undefined;
}

/**
 * The tests a body's literals (and those of its `and` chains) make that OPA's index keys on: the
 * affix tests, and per `input` path one test of the scalars it is compared with — OPA's index
 * keys a path on each of them, so one of them must hold (`input.n == 1 and input.n == 2` is a
 * candidate when `input.n` is 1 or 2).
 */
function conjunctionTests(cx: ResolveContext, body: readonly Literal[], scope: Scope): IrLiteral[] {
  const keyed = new Map<string, { ref: Term; values: Value[]; loc: Literal['loc'] }>();
  const collect = (lits: readonly Literal[]): IrLiteral[] =>
    lits.flatMap((lit) => {
      if (lit.negated || lit.withs.length > 0) return [];
      const e = lit.expr;
      if (e.type === 'logic' && e.op === 'and') return collect([...e.left.body, ...e.right.body]);
      const test = keyedTest(cx, lit, scope);
      if (test) {
        const key = refKey(test.ref);
        const known = keyed.get(key);
        if (known) known.values.push(...test.values);
        else keyed.set(key, { ...test, loc: lit.loc });
      }
      return affixTest(cx, lit, scope);
    });
  const affixes = collect(body);
  const memberships = [...keyed.values()].map(({ ref, values, loc }) =>
    testOf(cx, scope, loc, MEMBER_2, [ref, { k: 'const', value: new SetValue(values), loc }]),
  );
  return [...affixes, ...memberships];
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

/**
 * The guards of a body: the affix tests it makes, those and the `input.… == constant` tests of its
 * `and` chains (both operands must hold), and for each `or` whose every way is keyed one of those
 * ways.
 */
export function affixGuards(cx: ResolveContext, body: readonly Literal[], scope: Scope): IrLiteral[] {
  const guards: IrLiteral[] = [];
  const aliases = inputAliases(cx, body, scope);
  for (const lit of body) {
    const e = lit.expr;
    if (lit.negated || lit.withs.length > 0) continue;
    // Both operands of `and` must hold, so what either tests, the body does.
    if (e.type === 'logic' && e.op === 'and') {
      guards.push(...conjunctionTests(cx, [lit], scope));
    } else if (e.type === 'logic') {
      const alts = alternatives(cx, [lit], scope);
      if (alts && alts.length > 1 && alts.length <= MAX_INDEX_PATHS) guards.push(orGuard(alts, lit.loc));
    } else {
      guards.push(...affixTest(cx, lit, scope, aliases));
    }
  }
  return guards;
}
