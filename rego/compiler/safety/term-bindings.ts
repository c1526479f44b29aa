/**
 * What evaluating a term binds: the safety analysis of terms. Given the variables bound before a
 * term, it finds the variables the term binds (a reference with an unbound key iterates and binds
 * it, a pattern matched against a value binds its variables) or the variables it waits for. It
 * follows the evaluation order of the closure compiler exactly, in the same continuation-passing
 * shape, so that the order it decides is the order that runs: operands left to right unless one
 * needs a variable a later one binds (then the first that is ready goes first, as OPA's safety
 * check reorders `foo == input.foos[foo]`).
 */
import { equal } from '../../value/index.ts';
import type { IrBody, IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';

/** Variables bound at a point of a body. */
export type Bound = ReadonlySet<string>;

/** The variables an expression waits for: nothing bound so far can bind them. */
export class Missing {
  readonly vars: readonly string[];
  constructor(vars: readonly string[]) {
    this.vars = vars;
  }
}

/** The outcome of analysing the rest of a body: fine (`undefined`), or waiting for variables. */
export type Outcome = Missing | undefined;

/** The rest of the analysis, given what is bound. */
export type Continue = (bound: Bound) => Outcome;

/** A nested body (comprehension, `every`, logical operand) checked and ordered in place. */
export type NestedBody = (body: IrBody, bound: Bound, terminal: Continue) => Outcome;

/** What the analysis reads: the rule tree (references into `data`), and how nested bodies are checked. */
export interface Analysis {
  readonly tree: RuleNode<ResolvedRule>;
  /** Checks a nested body; `undefined` in a trial, which only asks what an expression binds. */
  readonly nested: NestedBody | undefined;
}

/** `bound` plus `names`. */
export function withBound(bound: Bound, ...names: string[]): Bound {
  if (names.every((n) => bound.has(n))) return bound;
  const s = new Set(bound);
  for (const n of names) s.add(n);
  return s;
}

/** Variables of a pattern (a variable, or arrays/objects of patterns) that are not bound. */
export function unboundPatternVars(t: IrTerm, bound: Bound, out: string[] = []): string[] {
  switch (t.k) {
    case 'var':
      if (!bound.has(t.name) && !out.includes(t.name)) out.push(t.name);
      break;
    case 'array':
      for (const i of t.items) unboundPatternVars(i, bound, out);
      break;
    case 'object':
      for (const [, v] of t.entries) unboundPatternVars(v, bound, out);
      break;
    default:
      break;
  }
  return out;
}

/** Evaluating `t` to a value. */
export function valueBinds(a: Analysis, t: IrTerm, bound: Bound, k: Continue): Outcome {
  switch (t.k) {
    case 'const':
      return k(bound);
    case 'var':
      return bound.has(t.name) ? k(bound) : new Missing([t.name]);
    case 'root':
      return t.root === 'input' ? k(bound) : dataRefBinds(a, [], bound, k);
    case 'ref':
      if (t.head.k === 'root')
        return t.head.root === 'data' ? dataRefBinds(a, t.path, bound, k) : pathBinds(a, t.path, 0, bound, k);
      return valueBinds(a, t.head, bound, (b) => pathBinds(a, t.path, 0, b, k));
    case 'call':
      if (t.callee.kind === 'print' || t.callee.kind === 'template') {
        // Each part is evaluated on its own to all its values; nothing it binds escapes.
        for (const arg of t.args) {
          const r = valueBinds(a, arg, bound, () => undefined);
          if (r) return r;
        }
        return k(bound);
      }
      return valuesBind(a, t.args, bound, k);
    case 'array':
    case 'set':
      return valuesBind(a, t.items, bound, k);
    case 'object':
      return valuesBind(a, t.entries.flat(), bound, k);
    case 'comp': {
      const missing = t.body.outer.filter((v) => !bound.has(v));
      if (missing.length > 0) return new Missing(missing);
      if (a.nested) {
        const collected = t.key ? [t.key, t.value] : [t.value];
        const r = a.nested(t.body, bound, (b) => valuesBind(a, collected, b, () => undefined));
        if (r) return r;
      }
      return k(bound);
    }
  }
}

/**
 * Evaluating several terms: left to right, except that a term waiting for a variable lets the
 * first term that is ready go first.
 */
export function valuesBind(a: Analysis, ts: readonly IrTerm[], bound: Bound, k: Continue): Outcome {
  return valuesInOrder(a, ts, bound, k).outcome;
}

/** {@link valuesBind}, with the order in which the terms are evaluated. */
export function valuesInOrder(
  a: Analysis,
  ts: readonly IrTerm[],
  bound: Bound,
  k: Continue,
): { outcome: Outcome; order: number[] } {
  const order: number[] = [];
  const go = (pending: readonly number[], b: Bound): Outcome => {
    if (pending.length === 0) return k(b);
    let firstWait: Missing | undefined;
    for (const [j, at] of pending.entries()) {
      let entered = false;
      const r = valueBinds(a, ts[at] as IrTerm, b, (b2) => {
        entered = true;
        order.push(at);
        return go([...pending.slice(0, j), ...pending.slice(j + 1)], b2);
      });
      if (!r || entered) return r;
      firstWait ??= r;
    }
    return firstWait;
  };
  return {
    outcome: go(
      ts.map((_, i) => i),
      bound,
    ),
    order,
  };
}

/** A reference into `data`, resolved against the rule tree as the compiler does. */
function dataRefBinds(a: Analysis, path: readonly IrTerm[], bound: Bound, k: Continue): Outcome {
  let node = a.tree;
  let i = 0;
  while (i < path.length && node.rules.length === 0) {
    const p = path[i] as IrTerm;
    if (p.k !== 'const') break;
    const child = typeof p.value === 'string' ? node.children.get(p.value) : undefined;
    if (!child) return pathBinds(a, path, 0, bound, k);
    node = child;
    i++;
  }
  const next = path[i];
  const keyed =
    next !== undefined &&
    unboundPatternVars(next, bound).length === 0 &&
    ((node.rules.length === 0 && next.k !== 'const') || node.nodeClass === 'object');
  if (!keyed) return pathBinds(a, path, i, bound, k);
  // The keys that are known select the rules to evaluate; they are evaluated together first.
  let j = i;
  while (j < path.length && unboundPatternVars(path[j] as IrTerm, bound).length === 0) j++;
  return valuesBind(a, path.slice(i, j), bound, (b) => pathBinds(a, path, j, b, k));
}

/** The selections `path[i…]`: a key with unbound variables iterates the collection and binds them. */
function pathBinds(a: Analysis, path: readonly IrTerm[], i: number, bound: Bound, k: Continue): Outcome {
  let j = i;
  while (j < path.length && (path[j] as IrTerm).k === 'const') j++;
  if (j === path.length) return k(bound);
  const key = path[j] as IrTerm;
  const rest: Continue = (b) => pathBinds(a, path, j + 1, b, k);
  if (unboundPatternVars(key, bound).length === 0) return valueBinds(a, key, bound, rest);
  if (key.k === 'var') return rest(withBound(bound, key.name));
  return matchBinds(a, key, bound, rest);
}

/** Matching a value against `pattern`, which binds its unbound variables. */
export function matchBinds(a: Analysis, pattern: IrTerm, bound: Bound, k: Continue): Outcome {
  if (unboundPatternVars(pattern, bound).length === 0) return valueBinds(a, pattern, bound, k);
  switch (pattern.k) {
    case 'var':
      return k(withBound(bound, pattern.name));
    case 'array':
      return matchAll(a, pattern.items, bound, k);
    case 'object':
      return valuesBind(
        a,
        pattern.entries.map(([key]) => key),
        bound,
        (b) =>
          matchAll(
            a,
            pattern.entries.map(([, v]) => v),
            b,
            k,
          ),
      );
    default:
      return new Missing(unboundPatternVars(pattern, bound));
  }
}

function matchAll(a: Analysis, patterns: readonly IrTerm[], bound: Bound, k: Continue): Outcome {
  const go = (i: number, b: Bound): Outcome =>
    i === patterns.length ? k(b) : matchBinds(a, patterns[i] as IrTerm, b, (b2) => go(i + 1, b2));
  return go(0, bound);
}

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
