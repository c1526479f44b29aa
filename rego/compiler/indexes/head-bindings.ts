/**
 * What a rule head reads through the body: the engine binds the `input` paths a head's value or
 * member reads to variables in the body, where OPA appends its own bindings of them to the body.
 */
import type { IrLiteral, IrTerm } from '../ir.ts';

/** The names of the variables in `t`. */
function variablesOf(t: IrTerm | undefined, into: Set<string>): Set<string> {
  if (!t) return into;
  if (t.k === 'var') into.add(t.name);
  const inner =
    t.k === 'ref'
      ? [t.head, ...t.path]
      : t.k === 'call'
        ? t.args
        : t.k === 'array' || t.k === 'set'
          ? t.items
          : t.k === 'object'
            ? t.entries.flat()
            : [];
  for (const x of inner) variablesOf(x, into);
  return into;
}

/**
 * The literals by which the engine binds what the head's member or value reads
 * (`$operand#3 = input.s` for `:= count(input.s)`), by the variable bound: OPA appends these to the
 * body, after the body's own expressions, so the index meets them last.
 * @example headBindings(rule.body.literals, [rule.key, rule.value]).get('$operand#3') // the term `input.s`
 */
export function headBindings(
  literals: readonly IrLiteral[],
  head: readonly (IrTerm | undefined)[],
): Map<string, IrTerm> {
  const wanted = new Set<string>();
  for (const t of head) variablesOf(t, wanted);
  const bindings = new Map<string, IrTerm>();
  for (let i = literals.length - 1; i >= 0; i--) {
    const e = (literals[i] as IrLiteral).expr;
    if (e.k !== 'unify' || e.left.k !== 'var' || !e.left.name.startsWith('$') || !wanted.has(e.left.name))
      continue;
    bindings.set(e.left.name, e.right);
    variablesOf(e.right, wanted);
  }
  return bindings;
}
