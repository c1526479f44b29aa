/**
 * Compiling unification (`=`, `:=`). Which side binds is decided at compile time from the bound
 * variables: an unbound variable takes the other side's value, an array or object pattern with
 * unbound variables is matched structurally against the other side's value, two patterns are
 * unified element by element, and fully bound sides are compared for equality.
 */
import {
  type IrTerm,
  patternPairs,
  unboundPatternVars,
  unificationOrder,
  withBound,
} from '../compiler/index.ts';
import { equal, isObject, lookup, objectSize, type Value } from '../value/index.ts';
import { type Bound, type Cx, type Getter, type Next, type Step, unboundError } from './layout.ts';

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
    return cx.values([a, b], bound, ([ga, gb], b2) => equalStep(ga as Getter, gb as Getter, next(b2)));
  }
  if (pb.length === 0) return cx.value(b, bound, (gb, b2) => compileMatch(cx, a, gb, b2, next));
  if (pa.length === 0) return cx.value(a, bound, (ga, b2) => compileMatch(cx, b, ga, b2, next));
  return unifyPatterns(cx, a, b, bound, next, [...pa, ...pb]);
}

/**
 * Two patterns: same-length arrays or same-key objects unify element-wise, in the order the
 * safety analysis gives; others never unify.
 */
function unifyPatterns(cx: Cx, a: IrTerm, b: IrTerm, bound: Bound, next: Next, vars: string[]): Step {
  const pairs = patternPairs(a, b);
  if (pairs === 'never') return () => false;
  if (pairs === undefined) throw unboundError(vars);
  const order = unificationOrder(cx.program.root, pairs, bound);
  const go = (i: number, b2: Bound): Step => {
    const at = order[i];
    if (at === undefined) {
      if (i < pairs.length) throw unboundError(vars);
      return next(b2);
    }
    const [x, y] = pairs[at] as [IrTerm, IrTerm];
    return compileUnify(cx, x, y, b2, (b3) => go(i + 1, b3));
  };
  return go(0, bound);
}

/** Matches the value of `get` against `pattern`, binding its unbound variables. */
export function compileMatch(cx: Cx, pattern: IrTerm, get: Getter, bound: Bound, next: Next): Step {
  if (unboundPatternVars(pattern, bound).length === 0) {
    return cx.value(pattern, bound, (gp, b) => equalStep(get, gp, next(b)));
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
      return cx.values(
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
      throw unboundError(unboundPatternVars(pattern, bound));
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
