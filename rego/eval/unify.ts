/**
 * Compiling unification (`=`, `:=`). Which side binds is decided at compile time from the bound
 * variables: an unbound variable takes the other side's value, an array or object pattern with
 * unbound variables is matched structurally against the other side's value, two patterns are
 * unified element by element, and fully bound sides are compared for equality.
 */
import type { IrTerm } from '../compiler/index.ts';
import { equal, isObject, objectSize, type Value } from '../value/index.ts';
import { lookup } from './collections.ts';
import { type Bound, type Cx, type Getter, type Next, NotReady, type Step, withBound } from './layout.ts';
import { compileValue, compileValues } from './terms.ts';

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

/** A step comparing two values and continuing with `next` when they are equal. */
export function equalStep(a: Getter, b: Getter, next: Step): Step {
  return (ctx, f) => {
    const x = a(ctx, f);
    if (x === undefined) return false;
    const y = b(ctx, f);
    if (y === undefined) return false;
    return (x === y || equal(x, y)) && next(ctx, f);
  };
}

/** Compiles `a = b`. */
export function compileUnify(cx: Cx, a: IrTerm, b: IrTerm, bound: Bound, next: Next): Step {
  const pa = unboundPatternVars(a, bound);
  const pb = unboundPatternVars(b, bound);
  if (pa.length === 0 && pb.length === 0) {
    return compileValues(cx, [a, b], bound, ([ga, gb], b2) =>
      equalStep(ga as Getter, gb as Getter, next(b2)),
    );
  }
  if (pb.length === 0) return compileValue(cx, b, bound, (gb, b2) => compileMatch(cx, a, gb, b2, next));
  if (pa.length === 0) return compileValue(cx, a, bound, (ga, b2) => compileMatch(cx, b, ga, b2, next));
  return unifyPatterns(cx, a, b, bound, next, [...pa, ...pb]);
}

/** Two patterns: same-length arrays or same-key objects unify element-wise, in an order that works. */
function unifyPatterns(cx: Cx, a: IrTerm, b: IrTerm, bound: Bound, next: Next, vars: string[]): Step {
  let pairs: [IrTerm, IrTerm][] | undefined;
  if (a.k === 'array' && b.k === 'array') {
    if (a.items.length !== b.items.length) return () => false;
    pairs = a.items.map((x, i) => [x, b.items[i] as IrTerm]);
  } else if (a.k === 'object' && b.k === 'object') {
    pairs = objectPairs(a, b);
    if (!pairs) return () => false;
  }
  if (!pairs) throw new NotReady(vars);
  return unifyPairs(cx, pairs, bound, next);
}

function objectPairs(
  a: Extract<IrTerm, { k: 'object' }>,
  b: Extract<IrTerm, { k: 'object' }>,
): [IrTerm, IrTerm][] | undefined {
  if (a.entries.length !== b.entries.length) return undefined;
  const pairs: [IrTerm, IrTerm][] = [];
  for (const [ka, va] of a.entries) {
    if (ka.k !== 'const') return undefined;
    const match = b.entries.find(([kb]) => kb.k === 'const' && equal(kb.value, ka.value));
    if (!match) return undefined;
    pairs.push([va, match[1]]);
  }
  return pairs;
}

function unifyPairs(cx: Cx, pairs: [IrTerm, IrTerm][], bound: Bound, next: Next): Step {
  if (pairs.length === 0) return next(bound);
  let firstError: NotReady | undefined;
  for (let i = 0; i < pairs.length; i++) {
    const [x, y] = pairs[i] as [IrTerm, IrTerm];
    const rest = pairs.filter((_, j) => j !== i);
    try {
      return compileUnify(cx, x, y, bound, (b) => unifyPairs(cx, rest, b, next));
    } catch (e) {
      if (!(e instanceof NotReady)) throw e;
      firstError ??= e;
    }
  }
  throw firstError;
}

/** Matches the value of `get` against `pattern`, binding its unbound variables. */
export function compileMatch(cx: Cx, pattern: IrTerm, get: Getter, bound: Bound, next: Next): Step {
  if (unboundPatternVars(pattern, bound).length === 0) {
    return compileValue(cx, pattern, bound, (gp, b) => equalStep(get, gp, next(b)));
  }
  switch (pattern.k) {
    case 'var': {
      const s = cx.layout.slot(pattern.name);
      const n = next(withBound(bound, pattern.name));
      return (ctx, f) => {
        const v = get(ctx, f);
        if (v === undefined) return false;
        f[s] = v;
        return n(ctx, f);
      };
    }
    case 'array': {
      const tmp = cx.layout.temp();
      const n = pattern.items.length;
      const items = matchAll(
        cx,
        pattern.items.map((item, i) => [item, (_, f) => (f[tmp] as Value[])[i] as Value] as const),
        bound,
        next,
      );
      return (ctx, f) => {
        const v = get(ctx, f);
        if (!Array.isArray(v) || v.length !== n) return false;
        f[tmp] = v;
        return items(ctx, f);
      };
    }
    case 'object': {
      const tmp = cx.layout.temp();
      const n = pattern.entries.length;
      return compileValues(
        cx,
        pattern.entries.map(([key]) => key),
        bound,
        (keys, b) => {
          const items = matchAll(
            cx,
            pattern.entries.map(([, value], i) => {
              const key = keys[i] as Getter;
              return [
                value,
                (ctx, f) => {
                  const kv = key(ctx, f);
                  return kv === undefined ? undefined : lookup(f[tmp] as Value, kv);
                },
              ] as const;
            }),
            b,
            next,
          );
          return (ctx, f) => {
            const v = get(ctx, f);
            if (!isObject(v) || objectSize(v) !== n) return false;
            f[tmp] = v;
            return items(ctx, f);
          };
        },
      );
    }
    default:
      throw new NotReady(unboundPatternVars(pattern, bound));
  }
}

function matchAll(cx: Cx, parts: readonly (readonly [IrTerm, Getter])[], bound: Bound, next: Next): Step {
  const go = (i: number, b: Bound): Step => {
    if (i === parts.length) return next(b);
    const [pattern, get] = parts[i] as readonly [IrTerm, Getter];
    return compileMatch(cx, pattern, get, b, (b2) => go(i + 1, b2));
  };
  return go(0, bound);
}
