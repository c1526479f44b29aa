/**
 * OPA v1.22's rule index also indexes string prefixes and suffixes: a rule body testing
 * `startswith(input.path, "a")` (or `endswith`, `strings.any_prefix_match`,
 * `strings.any_suffix_match`) with a constant is not evaluated at all when the input there is not
 * a string with that affix. Nothing else in the body runs then, so with strict errors a type error
 * (`startswith(5, "a")`) or an earlier expression's error never surfaces: the rule is undefined.
 * The tests inside `a and b` count too (both operands must hold); those inside `or` do not here.
 * The engine puts the same test, on a string only, before everything else in the body. OPA
 * v1.15.2 has no such index.
 */
import type { Literal, Term } from '../syntax/index.ts';
import type { IrLiteral } from './ir.ts';
import { type ResolveContext, resolveCallee, resolveTerm } from './resolve-term.ts';
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

/** The guards of a body: `is_string(ref)` then the affix test, for each indexable literal. */
export function affixGuards(cx: ResolveContext, body: readonly Literal[], scope: Scope): IrLiteral[] {
  const guards: IrLiteral[] = [];
  for (const lit of body) {
    const e = lit.expr;
    if (lit.negated || lit.withs.length > 0) continue;
    // Both operands of `and` must hold, so what either tests, the body does.
    if (e.type === 'logic' && e.op === 'and') {
      guards.push(...affixGuards(cx, [...e.left.body, ...e.right.body], scope));
      continue;
    }
    if (e.type !== 'term' || e.term.type !== 'call') continue;
    const { name, args, loc } = e.term;
    const [subject, affix] = args as [Term | undefined, Term | undefined];
    if (!AFFIX_BUILTINS.has(name) || args.length !== 2 || !subject || !affix) continue;
    if (!isConstantInputRef(cx, subject, scope) || !isConstantAffix(affix)) continue;
    if (!cx.builtins.has(name) || !cx.builtins.has('is_string')) continue;
    const test = (callee: string, callArgs: readonly Term[]): IrLiteral => ({
      expr: {
        k: 'term',
        term: {
          k: 'call',
          callee: resolveCallee(cx, callee, loc, scope),
          args: callArgs.map((a) => resolveTerm(cx, a, scope)),
          loc,
        },
      },
      withs: [],
      loc,
    });
    guards.push(test('is_string', [subject]), test(name, [subject, affix]));
  }
  return guards;
}
