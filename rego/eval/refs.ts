/**
 * Compiling references: constant selections become one lookup chain; a selection with unbound
 * variables iterates the collection (arrays by index, objects and sets in sorted order) and
 * binds them. References into `data` are resolved against the rule tree at compile time: the
 * longest prefix naming a rule (or package) reads that node's cached value, the rest selects
 * into it; paths outside the tree read the base document. The constant path of an `input`
 * reference is read through the policy set's shared reads (once per scope). Iteration itself is in
 * `iteration.ts`.
 */
import { type IrTerm, unboundPatternVars, withBound } from '../compiler/index.ts';
import { lookup, type Value } from '../value/index.ts';
import { storageLookup } from './collections.ts';
import { iterate } from './iteration.ts';
import type { Bound, Cx, Getter, NodeHandle, Program, Step, ValueNext } from './layout.ts';

/** Compiles a reference (or a bare `input`/`data`). */
export function compileRef(
  cx: Cx,
  t: Extract<IrTerm, { k: 'ref' | 'root' }>,
  bound: Bound,
  k: ValueNext,
): Step {
  if (t.k === 'root') {
    return t.root === 'input' ? k((ctx) => ctx.input, bound) : compileDataRef(cx, [], bound, k);
  }
  const head = t.head;
  if (head.k === 'root') {
    if (head.root === 'data') return compileDataRef(cx, t.path, bound, k);
    return compileInputRef(cx, t.path, bound, k);
  }
  return cx.value(head, bound, (hg, b) => compilePath(cx, hg, t.path, 0, b, k));
}

/** `input…`: its constant path read through the program's shared reads, the rest selected from it. */
function compileInputRef(cx: Cx, path: readonly IrTerm[], bound: Bound, k: ValueNext): Step {
  const keys: Value[] = [];
  for (const p of path) {
    if (p.k !== 'const') break;
    keys.push(p.value);
  }
  const read = cx.program.reads.of(keys);
  return compilePath(cx, (ctx) => read.read(ctx), path, keys.length, bound, k);
}

function compileDataRef(cx: Cx, path: readonly IrTerm[], bound: Bound, k: ValueNext): Step {
  const program = cx.program;
  let node = program.root;
  let i = 0;
  while (i < path.length && node.rules.length === 0) {
    const p = path[i] as IrTerm;
    if (p.k !== 'const') break;
    const child = typeof p.value === 'string' ? node.children.get(p.value) : undefined;
    if (!child) return compilePath(cx, (ctx) => ctx.data, path, 0, bound, k, storageLookup);
    node = child;
    i++;
  }
  const next = path[i];
  if (next && node.rules.length === 0 && next.k !== 'const' && unboundPatternVars(next, bound).length === 0)
    return compileBoundDataKeys(cx, node, path, i, bound, k);
  const handle = program.handle(node);
  const nodePath = node.path;
  if (next && node.nodeClass === 'object' && unboundPatternVars(next, bound).length === 0)
    return compileKeyedRead(cx, handle, path, i, bound, k);
  const get: Getter = (ctx) => (ctx.targets === null ? handle.value(ctx) : program.docAt(ctx, nodePath));
  return compilePath(cx, get, path, i, bound, k);
}

/**
 * `o[k1][k2]…` of an object node with the keys known: only the definitions the keys address are
 * evaluated (OPA unifies each rule head with the reference before running its body).
 */
function compileKeyedRead(
  cx: Cx,
  handle: NodeHandle,
  path: readonly IrTerm[],
  i: number,
  bound: Bound,
  k: ValueNext,
): Step {
  let j = i;
  while (j < path.length && unboundPatternVars(path[j] as IrTerm, bound).length === 0) j++;
  const program = cx.program;
  return cx.values(path.slice(i, j), bound, (gets, b) => {
    const get: Getter = (ctx, f) => {
      const keys: Value[] = [];
      for (const g of gets) {
        const key = g(ctx, f);
        if (key === undefined) return undefined;
        keys.push(key);
      }
      if (ctx.targets !== null) return selectAll(lookup, program.docAt(ctx, handle.path), keys);
      return handle.valueAt(ctx, keys);
    };
    return compilePath(cx, get, path, j, b, k);
  });
}

/**
 * `data[x]…` with `x` bound: the rule node is chosen once the keys are known, so the reference
 * evaluates only the rules it addresses (reading all of `data` first could evaluate the very rule
 * that holds the reference, which OPA does not do either).
 */
function compileBoundDataKeys(
  cx: Cx,
  start: Program['root'],
  path: readonly IrTerm[],
  i: number,
  bound: Bound,
  k: ValueNext,
): Step {
  let j = i;
  while (j < path.length && unboundPatternVars(path[j] as IrTerm, bound).length === 0) j++;
  const program = cx.program;
  return cx.values(path.slice(i, j), bound, (gets, b) => {
    const get: Getter = (ctx, f) => {
      let node = start;
      let at = 0;
      const keys = gets.map((g) => g(ctx, f));
      for (; at < keys.length && node.rules.length === 0; at++) {
        const key = keys[at];
        if (key === undefined) return undefined;
        const child = typeof key === 'string' ? node.children.get(key) : undefined;
        if (!child) return selectAll(storageLookup, ctx.data, [...node.path, ...keys.slice(at)]);
        node = child;
      }
      const rest = keys.slice(at);
      if (ctx.targets === null && rest.every((key) => key !== undefined))
        return program.handle(node).valueAt(ctx, rest as Value[]);
      return selectAll(lookup, program.docAt(ctx, node.path), keys.slice(at));
    };
    return compilePath(cx, get, path, j, b, k);
  });
}

function selectAll(
  select: typeof lookup,
  doc: Value | undefined,
  keys: readonly (Value | undefined)[],
): Value | undefined {
  let v = doc;
  for (const key of keys) {
    if (v === undefined || key === undefined) return undefined;
    v = select(v, key);
  }
  return v;
}

/** Applies the selections `path[i…]` to the value of `get`. */
function compilePath(
  cx: Cx,
  get: Getter,
  path: readonly IrTerm[],
  i: number,
  bound: Bound,
  k: ValueNext,
  select: typeof lookup = lookup,
): Step {
  if (i === path.length) return k(get, bound);
  const consts: Value[] = [];
  let j = i;
  for (; j < path.length; j++) {
    const p = path[j] as IrTerm;
    if (p.k !== 'const') break;
    consts.push(p.value);
  }
  if (consts.length > 0) return compilePath(cx, constPath(get, consts, select), path, j, bound, k, select);
  const key = path[i] as IrTerm;
  if (unboundPatternVars(key, bound).length === 0) {
    return cx.value(key, bound, (kg, b) =>
      compilePath(
        cx,
        (ctx, f) => {
          const c = get(ctx, f);
          if (c === undefined) return undefined;
          const kv = kg(ctx, f);
          return kv === undefined ? undefined : select(c, kv);
        },
        path,
        i + 1,
        b,
        k,
        select,
      ),
    );
  }
  const vs = cx.layout.temp();
  const element: Getter = (_, f) => f[vs] as Value;
  if (key.k === 'var') {
    const ks = cx.layout.slot(key.name);
    const rest = compilePath(cx, element, path, i + 1, withBound(bound, key.name), k, select);
    return (ctx, f) => iterate(ctx, f, get(ctx, f), ks, vs, rest);
  }
  const ks = cx.layout.temp();
  const rest = cx.match(
    key,
    (_, f) => f[ks] as Value,
    bound,
    (b) => compilePath(cx, element, path, i + 1, b, k, select),
  );
  return (ctx, f) => iterate(ctx, f, get(ctx, f), ks, vs, rest);
}

function constPath(get: Getter, keys: readonly Value[], select: typeof lookup): Getter {
  if (keys.length === 1) {
    const k0 = keys[0] as Value;
    return (ctx, f) => select(get(ctx, f), k0);
  }
  if (keys.length === 2) {
    const [k0, k1] = keys as [Value, Value];
    return (ctx, f) => {
      const v = select(get(ctx, f), k0);
      return v === undefined ? undefined : select(v, k1);
    };
  }
  return (ctx, f) => {
    let v = get(ctx, f);
    for (const key of keys) {
      if (v === undefined) return undefined;
      v = select(v, key);
    }
    return v;
  };
}
