/**
 * The locals of a body OPA v1.22's rule index reads as the `input` path they are bound to
 * (its `resolveVarToRef` and `resolveRefHead`): `x := input.a`, `x = input.a`, `y = x`,
 * `y = x.b`, in any order, since OPA's safety order puts each binding before its uses.
 */
import type { Literal, Term } from '../syntax/index.ts';

/** Locals bound to a constant `input` path, by name. */
export type InputAliases = ReadonlyMap<string, Term>;

/** `t` when it selects constant keys below a local bound to an `input` path, as that path (`x.a`). */
export function selectionBelow(t: Term, aliases: InputAliases): Term | undefined {
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

/**
 * The body's locals bound to a constant `input` path (`x = input.a`, `x := input.a`, `y = x`,
 * `y = x.b`), in any order: OPA's safety order puts each binding before its uses.
 */
export function inputAliases(
  body: readonly Literal[],
  resolve: (t: Term) => Term | undefined,
  outer: InputAliases = new Map(),
): InputAliases {
  const aliases = new Map<string, Term>(outer);
  const pairs = body.flatMap((lit): [Term, Term][] => {
    const e = lit.expr;
    if (lit.negated || lit.withs.length > 0 || e.type !== 'unify') return [];
    return [
      [e.left, e.right],
      [e.right, e.left],
    ];
  });
  const resolveWith = (t: Term): Term | undefined => {
    if (t.type === 'var') return aliases.get(t.name);
    if (t.type === 'ref' && t.head.type === 'var' && aliases.has(t.head.name))
      return selectionBelow(t, aliases);
    return resolve(t);
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const [v, t] of pairs) {
      if (v.type !== 'var' || aliases.has(v.name)) continue;
      const ref = resolveWith(t);
      if (ref) {
        aliases.set(v.name, ref);
        grew = true;
      }
    }
  }
  return aliases;
}
