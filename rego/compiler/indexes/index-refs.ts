/**
 * What OPA's rule index (`ast/index.go`) indexes a rule by: the `input` paths its body compares
 * with a constant (`input.method == "GET"`), reads as a whole (`input.user.admin`, or a path
 * bound to a variable before a call: `count(input.xs) > 0`), and its constant arguments; and
 * the constant value of each branch, which decides early exit.
 */
import { canonicalKey, isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';
import type { IrLiteral, IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import { headBindings } from './head-bindings.ts';
import { arrayNeed, constantNeed, isScalar, memberNeed, type Need, scalarKey } from './index-needs.ts';
import { disjunctionRefs, type IndexRef, inputRef, valueReads } from './input-refs.ts';

/** The needs of one rule branch on one reference. */
export interface IndexNeeds {
  /** The reference where the branch first uses it (OPA's expression order, which is the source's). */
  ref: IndexRef;
  readonly needs: Need[];
  /**
   * How many of the branch's expressions index the reference: OPA counts every one (`to_number(input.s)`
   * twice counts two) in the frequency that orders the trie's levels, repeated needs included.
   */
  uses: number;
  /**
   * Where the branch first indexes it, which orders the branch's references as OPA meets them:
   * an `input` path where it is written, an argument where the expression comparing it is (its
   * place in the head only for a constant argument).
   */
  firstUse: Position;
}

/** A line and column in the source. */
interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * The references one branch of a rule (0: the main body, then each `else`) is indexed by:
 * OPA's `refindices.Update` on its body, its arguments and what its head value reads.
 * `localRefs` (OPA v1.22): a reference rooted at a local the body bound to an `input` path
 * before (`x := input.o; x.b`, `y = x[0]`) is indexed as that path (`input.o.b`).
 */
export function branchNeeds(rule: ResolvedRule, branch: number, localRefs = false): Map<string, IndexNeeds> {
  const out = new Map<string, IndexNeeds>();
  const varRefs = new Map<string, IndexRef>();
  const constants = new Map<string, Value>();
  let readingHead = false;
  let literalAt: Position | undefined;
  // OPA v1.15 meets the body's expressions as written, so a path read after its comparison needs
  // a value again (`input.x == 1; count(input.x) > 0`); the engine's body leads with the `input`
  // reads it hoists, so the body's needs wait here and are met in source order.
  const written: { ref: IndexRef; need: Need; at: Position }[] = [];
  const add = (ref: IndexRef, need: Need) => {
    const at = ref.arg !== undefined && literalAt ? literalAt : ref;
    if (!localRefs && !readingHead) written.push({ ref, need, at });
    else meetNeed(ref, need, at);
  };
  const meetNeed = (ref: IndexRef, need: Need, at: Position) => {
    const entry = out.get(ref.id) ?? { ref, needs: [], uses: 0, firstUse: at };
    out.set(ref.id, entry);
    entry.uses++;
    if (!readingHead && sourceBefore(ref, entry.ref)) entry.ref = ref;
    if (!readingHead && sourceBefore(at, entry.firstUse)) entry.firstUse = at;
    const same = entry.needs.findIndex((n) =>
      n.any ? need.any && n.defined === need.defined : !need.any && n.key === need.key,
    );
    if (same >= 0) return;
    const anyAt = entry.needs.findIndex((n) => n.any && !n.defined);
    if ((!need.any || need.defined) && anyAt >= 0) entry.needs[anyAt] = need;
    else entry.needs.push(need);
  };
  const argRefs = rule.args.map(
    (a, i): IndexRef => ({ id: `arg:${i}`, arg: i, line: a.loc.line, column: a.loc.column }),
  );
  rule.args.forEach((a, i) => {
    const ref = argRefs[i] as IndexRef;
    if (a.k === 'var') varRefs.set(a.name, ref);
    else if (a.k === 'const' && isScalar(a.value)) add(ref, { any: false, key: scalarKey(a.value) });
  });
  const needOf = (t: IrTerm): Need | undefined => {
    if (t.k === 'var') {
      const c = constants.get(t.name);
      return (c !== undefined && constantNeed(c)) || { any: true };
    }
    if (t.k === 'array') {
      // An array written with variables: each variable a wildcard.
      const items: (Value | undefined)[] = [];
      for (const item of t.items) {
        if (item.k === 'var') items.push(undefined);
        else if (item.k === 'const' && isScalar(item.value)) items.push(item.value);
        else return undefined;
      }
      return arrayNeed(items);
    }
    return t.k === 'const' ? constantNeed(t.value) : undefined;
  };
  const refOf = (t: IrTerm): IndexRef | undefined => {
    const direct = inputRef(t);
    if (direct || !localRefs || t.k !== 'ref' || t.head.k !== 'var') return direct;
    const base = varRefs.get(t.head.name)?.input;
    if (!base || !t.path.every((p) => p.k === 'const')) return undefined;
    const path = [...base, ...t.path.map((p) => (p as { value: Value }).value)];
    return {
      id: `input:${canonicalKey(path)}`,
      input: path,
      line: t.head.loc.line,
      column: t.head.loc.column,
    };
  };
  const equalish = (a: IrTerm, b: IrTerm): boolean => {
    if (a.k === 'var') {
      if (b.k === 'const') constants.set(a.name, b.value);
      const ref = varRefs.get(a.name);
      const need = needOf(b);
      // A constant narrows a parameter's path; a variable the body binds it to (`y := x`) needs
      // it defined, as OPA indexes it.
      const bodyVariable = b.k === 'var' && !b.name.startsWith('$');
      if (!ref || !need || (need.any && !bodyVariable)) return false;
      add(ref, need);
      // `y = x` with `x` bound to an `input` path: `y` reads it too (OPA v1.22 resolves `y.b`).
      if (localRefs && ref.input && b.k === 'var' && need.any) varRefs.set(b.name, ref);
      return true;
    }
    const ref = refOf(a);
    const need = needOf(b);
    if (!ref || !need) return false;
    add(ref, need);
    if (b.k === 'var' && need.any) varRefs.set(b.name, ref);
    return true;
  };
  // `ref in collection` with a constant collection: OPA indexes the reference by each scalar
  // member (an object's values), as so many equalities of which one must hold.
  const membership = (t: IrTerm): boolean => {
    if (t.k !== 'call' || t.callee.kind !== 'builtin' || t.callee.name !== MEMBER_2) return false;
    const [a, c] = t.args as [IrTerm, IrTerm];
    const ref = a.k === 'var' ? varRefs.get(a.name) : inputRef(a);
    const collection = c.k === 'const' ? c.value : c.k === 'var' ? constants.get(c.name) : undefined;
    const members = collection === undefined ? [] : collectionMembers(collection);
    if (!ref || members.length === 0) return false;
    for (const m of members) add(ref, memberNeed(m));
    return true;
  };
  const body = branch === 0 ? rule.body : rule.elses[branch - 1]?.body;
  const value = branch === 0 ? rule.value : rule.elses[branch - 1]?.value;
  const literals = elseParameters(rule, branch, (body?.literals ?? []) as readonly IrLiteral[], (name, i) =>
    varRefs.set(name, argRefs[i] as IndexRef),
  );
  // OPA does not index a definition that prints.
  const prints = (l: IrLiteral) =>
    l.expr.k === 'term' && l.expr.term.k === 'call' && l.expr.term.callee.kind === 'print';
  if (literals.some(prints)) return new Map();
  const key = branch === 0 ? rule.key : undefined;
  const hoisted = headBindings(literals, [key, value]);
  for (const lit of literals) {
    literalAt = lit.loc;
    if (lit.withs.length > 0) continue;
    const e = lit.expr;
    if (e.k === 'unify' && e.left.k === 'var' && hoisted.has(e.left.name)) continue;
    // OPA binds the references among a call's arguments to variables first: each is indexed.
    const callReads = (t: IrTerm) => {
      if (t.k === 'call') for (const ref of valueReads(t)) add(ref, { any: true });
    };
    if (e.k === 'unify') {
      if (!equalish(e.left, e.right)) equalish(e.right, e.left);
      callReads(e.left);
      callReads(e.right);
    } else if (e.k === 'term') {
      const t = e.term;
      const ref = refOf(t);
      if (ref) add(ref, { any: true });
      else if (
        t.k === 'call' &&
        t.callee.kind === 'builtin' &&
        t.callee.name === 'equal' &&
        t.args.length === 2
      ) {
        const [a, b] = t.args as [IrTerm, IrTerm];
        if (!equalish(a, b)) equalish(b, a);
      } else if (!membership(t)) callReads(t);
    }
  }
  written.sort((a, b) => (sourceBefore(a.at, b.at) ? -1 : sourceBefore(b.at, a.at) ? 1 : 0));
  for (const { ref, need, at } of written) meetNeed(ref, need, at);
  // OPA v1.22: a path an `or` compares is asked for way by way, where the body's own constants
  // for it are alternatives to the way's; the guards before the body (`affix-guards.ts`) ask it
  // exactly, so the trie asks for a value only.
  if (localRefs)
    for (const id of disjunctionRefs(literals)) {
      const entry = out.get(id);
      if (entry) entry.needs.splice(0, entry.needs.length, { any: true });
    }
  // OPA indexes the expressions in their order (the engine's body leads with the `input` reads it
  // hoists), then what the head value reads, which OPA's rewriting appends to the body.
  const inBody = [...out.values()].sort((a, b) =>
    sourceBefore(a.firstUse, b.firstUse) ? -1 : sourceBefore(b.firstUse, a.firstUse) ? 1 : 0,
  );
  const ordered = new Map(inBody.map((n) => [n.ref.id, n]));
  readingHead = true;
  for (const ref of [...valueReads(key, hoisted), ...valueReads(value, hoisted)]) {
    const entry = ordered.get(ref.id) ?? { ref, needs: [], uses: 0, firstUse: ref };
    ordered.set(ref.id, entry);
    out.set(ref.id, entry);
    add(ref, { any: true });
  }
  return ordered;
}

const MEMBER_2 = 'internal.member_2';

/** The members of a collection (an object's values), which OPA's index keys `in` on. */
function collectionMembers(v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof SetValue) return v.sorted();
  return isObject(v) ? objectEntries(v).map(([, x]) => x) : [];
}

/**
 * The literals of a branch's body that OPA indexes. An `else` branch's body starts with the
 * engine's bindings of the branch's own parameter variables to the rule's (OPA's `else` shares
 * the rule's parameters): not the body's, so left out, each parameter variable of the branch
 * reported to `parameter` as the argument it names.
 */
function elseParameters(
  rule: ResolvedRule,
  branch: number,
  literals: readonly IrLiteral[],
  parameter: (name: string, arg: number) => void,
): readonly IrLiteral[] {
  if (branch === 0) return literals;
  rule.args.forEach((a, i) => {
    const e = literals[i]?.expr;
    if (e?.k === 'unify' && e.left.k === 'var' && a.k === 'var') parameter(e.left.name, i);
  });
  return literals.slice(rule.args.length);
}

function sourceBefore(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/** A branch's head value: a constant, or `undefined` for a computed one. */
export function headValue(rule: ResolvedRule, branch: number): Value | undefined {
  const t = branch === 0 ? rule.value : rule.elses[branch - 1]?.value;
  return t === undefined ? true : t.k === 'const' ? t.value : undefined;
}
