/**
 * Compiling terms into value getters. A term whose evaluation iterates (a reference with an
 * unbound key, a relation built-in) compiles into a step that binds the iteration variables and
 * stores each value in a slot; the continuation receives a getter either way.
 */

import { evaluationOrder, type IrTerm } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import { equal, makeObject, SetValue, type Value } from '../value/index.ts';
import { compileCall } from './calls.ts';
import { keyId } from './collections.ts';
import { type Bound, type Cx, type Getter, type Step, unboundError, type ValueNext } from './layout.ts';
import { compileRef } from './refs.ts';

/** Compiles `t` to a getter (binding the iteration variables it contains). */
export function compileValue(cx: Cx, t: IrTerm, bound: Bound, k: ValueNext): Step {
  switch (t.k) {
    case 'const': {
      const v = t.value;
      return k(() => v, bound);
    }
    case 'var': {
      if (!bound.has(t.name)) throw unboundError([t.name]);
      const s = cx.layout.slot(t.name);
      return k((_, f) => f[s] as Value, bound);
    }
    case 'root':
    case 'ref':
      return compileRef(cx, t, bound, k);
    case 'call':
      return compileCall(cx, t, bound, k);
    case 'array':
      return compileValues(cx, t.items, bound, (gets, b) => k(arrayGetter(gets), b));
    case 'set':
      return compileValues(cx, t.items, bound, (gets, b) => k(setGetter(gets), b));
    case 'object': {
      const keys = constantNames(t.entries);
      return compileValues(cx, t.entries.flat(), bound, (gets, b) =>
        k(keys ? recordGetter(keys, gets) : objectGetter(gets), b),
      );
    }
    case 'comp':
      return compileComprehension(cx, t, bound, k);
  }
}

/**
 * Compiles several terms in the order the safety analysis gives: left to right unless a term
 * needs a variable that a later one binds (`foo == input.foos[foo]` compiles like
 * `input.foos[foo] == foo`).
 */
export function compileValues(
  cx: Cx,
  ts: readonly IrTerm[],
  bound: Bound,
  k: (gets: Getter[], bound: Bound) => Step,
): Step {
  const order = evaluationOrder(cx.program.root, ts, bound);
  if (order.length < ts.length) throw unboundError([]);
  const gets: Getter[] = [];
  const go = (i: number, b: Bound): Step => {
    const at = order[i];
    if (at === undefined) return k(gets.slice(), b);
    return compileValue(cx, ts[at] as IrTerm, b, (g, b2) => {
      gets[at] = g;
      return go(i + 1, b2);
    });
  };
  return go(0, bound);
}

function arrayGetter(gets: readonly Getter[]): Getter {
  return (ctx, f) => {
    const out: Value[] = new Array(gets.length);
    for (let i = 0; i < gets.length; i++) {
      const v = (gets[i] as Getter)(ctx, f);
      if (v === undefined) return undefined;
      out[i] = v;
    }
    return out;
  };
}

function setGetter(gets: readonly Getter[]): Getter {
  return (ctx, f) => {
    const out = new SetValue();
    for (const g of gets) {
      const v = g(ctx, f);
      if (v === undefined) return undefined;
      out.add(v);
    }
    return out;
  };
}

/**
 * The keys of an object term when all are distinct constant strings (`{"object_id": x, …}`, the
 * usual literal), else `undefined`. `__proto__` is left to {@link objectGetter}: as a property
 * name of an ordinary object it would set the prototype.
 */
function constantNames(entries: readonly (readonly [IrTerm, IrTerm])[]): string[] | undefined {
  const keys: string[] = [];
  for (const [key] of entries) {
    if (key.k !== 'const' || typeof key.value !== 'string' || key.value === '__proto__') return undefined;
    keys.push(key.value);
  }
  return new Set(keys).size === keys.length ? keys : undefined;
}

/**
 * An object of constant string keys, built as an ordinary object (one shape for every value it
 * builds, which the built-ins reading it keep fast) without the entries {@link makeObject} takes.
 */
function recordGetter(keys: readonly string[], gets: readonly Getter[]): Getter {
  return (ctx, f) => {
    const o: Record<string, Value> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = (gets[2 * i + 1] as Getter)(ctx, f);
      if (value === undefined) return undefined;
      o[keys[i] as string] = value;
    }
    return o;
  };
}

function objectGetter(gets: readonly Getter[]): Getter {
  return (ctx, f) => {
    const entries: (readonly [Value, Value])[] = [];
    for (let i = 0; i < gets.length; i += 2) {
      const key = (gets[i] as Getter)(ctx, f);
      const value = (gets[i + 1] as Getter)(ctx, f);
      if (key === undefined || value === undefined) return undefined;
      entries.push([key, value]);
    }
    return makeObject(entries);
  };
}

type Comprehension = Extract<IrTerm, { k: 'comp' }>;

function compileComprehension(cx: Cx, t: Comprehension, bound: Bound, k: ValueNext): Step {
  const missing = t.body.outer.filter((v) => !bound.has(v));
  if (missing.length > 0) throw unboundError(missing);
  const acc = cx.layout.temp();
  const body = cx.body(t.body.literals, bound, (b) => collector(cx, t, acc, b));
  const build = finisher(t.kind);
  return k((ctx, f) => {
    const saved = f[acc];
    f[acc] =
      t.kind === 'array'
        ? []
        : t.kind === 'set'
          ? new SetValue()
          : new Map<string, readonly [Value, Value]>();
    body(ctx, f);
    const result = build(f[acc]);
    f[acc] = saved;
    return result;
  }, bound);
}

function collector(cx: Cx, t: Comprehension, acc: number, bound: Bound): Step {
  const terms = t.key ? [t.key, t.value] : [t.value];
  return compileValues(cx, terms, bound, (gets) => {
    const [first, second] = gets as [Getter, Getter | undefined];
    switch (t.kind) {
      case 'array':
        return (ctx, f) => {
          const v = first(ctx, f);
          if (v !== undefined) (f[acc] as Value[]).push(v);
          return false;
        };
      case 'set':
        return (ctx, f) => {
          const v = first(ctx, f);
          if (v !== undefined) (f[acc] as SetValue).add(v);
          return false;
        };
      case 'object':
        return (ctx, f) => {
          const key = first(ctx, f);
          const value = (second as Getter)(ctx, f);
          if (key === undefined || value === undefined) return false;
          addEntry(f[acc] as Map<string, readonly [Value, Value]>, key, value, t);
          return false;
        };
    }
  });
}

function addEntry(m: Map<string, readonly [Value, Value]>, key: Value, value: Value, t: Comprehension): void {
  const id = keyId(key);
  const prev = m.get(id);
  if (prev && !equal(prev[1], value)) {
    throw new RegoError('eval_conflict_error', 'object keys must be unique', t.loc);
  }
  m.set(id, [key, value]);
}

function finisher(kind: Comprehension['kind']): (acc: unknown) => Value {
  if (kind === 'object') return (acc) => makeObject((acc as Map<string, readonly [Value, Value]>).values());
  return (acc) => acc as Value;
}
