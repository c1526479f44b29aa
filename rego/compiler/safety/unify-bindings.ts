/**
 * What unifying two terms binds (`=`, `:=`): the safety analysis of unification, in the closure
 * compiler's order — a side with unbound pattern variables is matched against the other's value,
 * two patterns unify element by element in the first order that works.
 */
import { equal } from '../../value/index.ts';
import type { IrTerm } from '../ir.ts';
import {
  type Analysis,
  type Bound,
  type Continue,
  Missing,
  matchBinds,
  type Outcome,
  unboundPatternVars,
  valueBinds,
  valuesBind,
} from './term-bindings.ts';

/**
 * `a = b`: a side with unbound pattern variables is matched against the other's value; two
 * patterns unify element by element, in the first order that works. Arrays of different lengths
 * or objects of different keys never unify: nothing after them is evaluated (`undefined`, with `k`
 * never called).
 */
export function unifyBinds(a: Analysis, x: IrTerm, y: IrTerm, bound: Bound, k: Continue): Outcome {
  const px = unboundPatternVars(x, bound);
  const py = unboundPatternVars(y, bound);
  if (px.length === 0 && py.length === 0) return valuesBind(a, [x, y], bound, k);
  if (py.length === 0) return valueBinds(a, y, bound, (b) => matchBinds(a, x, b, k));
  if (px.length === 0) return valueBinds(a, x, bound, (b) => matchBinds(a, y, b, k));
  const pairs = patternPairs(x, y);
  if (pairs === undefined) return new Missing([...px, ...py]);
  if (pairs === 'never') return undefined;
  return pairsInOrder(a, pairs, bound, k).outcome;
}

/** Element pairs of two array or two object patterns; `never` when they cannot unify. */
export function patternPairs(x: IrTerm, y: IrTerm): [IrTerm, IrTerm][] | 'never' | undefined {
  if (x.k === 'array' && y.k === 'array') {
    if (x.items.length !== y.items.length) return 'never';
    return x.items.map((item, i) => [item, y.items[i] as IrTerm]);
  }
  if (x.k !== 'object' || y.k !== 'object') return undefined;
  if (x.entries.length !== y.entries.length) return 'never';
  const pairs: [IrTerm, IrTerm][] = [];
  for (const [kx, vx] of x.entries) {
    if (kx.k !== 'const') return 'never';
    const match = y.entries.find(([ky]) => ky.k === 'const' && equal(ky.value, kx.value));
    if (!match) return 'never';
    pairs.push([vx, match[1]]);
  }
  return pairs;
}

/** Unifies `pairs` in the first order (by backtracking) in which each pair is ready in turn. */
export function pairsInOrder(
  a: Analysis,
  pairs: readonly (readonly [IrTerm, IrTerm])[],
  bound: Bound,
  k: Continue,
): { outcome: Outcome; order: number[] } {
  const order: number[] = [];
  const go = (pending: readonly number[], b: Bound): Outcome => {
    if (pending.length === 0) return k(b);
    let firstWait: Missing | undefined;
    for (const [j, at] of pending.entries()) {
      const [x, y] = pairs[at] as readonly [IrTerm, IrTerm];
      const depth = order.length;
      order.push(at);
      const r = unifyBinds(a, x, y, b, (b2) => go([...pending.slice(0, j), ...pending.slice(j + 1)], b2));
      if (!r) return r;
      order.length = depth;
      firstWait ??= r;
    }
    return firstWait;
  };
  return {
    outcome: go(
      pairs.map((_, i) => i),
      bound,
    ),
    order,
  };
}
