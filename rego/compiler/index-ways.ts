/**
 * The ways OPA v1.22's rule index can reach a rule (`refindices` in OPA's `ast/index.go`): what
 * each expression of the body asks of the `input` paths it reads, where an `and` adds what both
 * operands ask and an `or` makes one way per operand. A way is a list of constraints; the rule is
 * a candidate when one way holds. Computed on the written body, as OPA computes it on its
 * compiled body:
 * - `input.p == c` (or `=`, `:=`, through a local bound to a constant) asks for `c` when `c` is a
 *   scalar or an array of scalars and variables (written in place), `input.p in coll` for one of
 *   the collection's members (objects and sets among them ask only for a value);
 * - `startswith(input.p, "a")` and the other affix built-ins ask for the affix;
 * - a path read as a whole, bound to a local or read by a call's operands only needs a value;
 * - an `and` operand or `or` operand gives one way per `or` it holds, none when nothing in it is
 *   indexed (an `or` with such an operand says nothing); past 32 ways the `or`s are dropped.
 * A local bound to an `input` path (`x := input.p`) is read as that path, in nested operands too.
 */
import { type Literal, MEMBER_2, type Term } from '../syntax/index.ts';
import { isObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { type InputAliases, inputAliases, selectionBelow } from './input-aliases.ts';
import type { ResolveContext } from './resolve-context.ts';
import { resolveTerm } from './resolve-term.ts';
import type { Scope } from './scope.ts';

/** What a way asks of one path. */
export type WayTest =
  /** Bound to a local: a value, though the index keys on it only where other tests do. */
  | { readonly k: 'var' }
  /** A member of `in` that is an object or set: any value, on a level of its own. */
  | { readonly k: 'defined' }
  /** Equal to a scalar. */
  | { readonly k: 'eq'; readonly value: Value }
  /** An array of this length whose items equal the scalars (`undefined`: any item). */
  | { readonly k: 'array'; readonly items: readonly (Value | undefined)[] }
  /** A string with an affix (the literal is the affix test as written). */
  | { readonly k: 'affix'; readonly lit: Literal; readonly subject: Term };

/** One constraint of a way: the path (as a constant `input` reference) and its test. */
export interface WayConstraint {
  readonly key: string;
  readonly ref: Term;
  readonly test: WayTest;
}

export type Way = readonly WayConstraint[];

/** Most ways OPA's index keeps for one rule (beyond, it drops the `or`s). */
const MAX_INDEX_PATHS = 32;

const AFFIX_BUILTINS = new Set([
  'startswith',
  'endswith',
  'strings.any_prefix_match',
  'strings.any_suffix_match',
]);

const isScalarTerm = (t: Term): t is Term & { type: 'scalar' } => t.type === 'scalar';
const isScalarValue = (v: Value) => v === null || typeof v !== 'object';

/** The text of a constant `input` reference, the same for the same path. */
export function refKey(t: Term): string {
  if (t.type !== 'ref') return t.type === 'var' ? t.name : '';
  const path = t.path.map((k) => (k.type === 'scalar' ? JSON.stringify(k.value) : ''));
  return [t.head.type === 'var' ? t.head.name : '', ...path].join('\u0000');
}

function isConstantAffix(t: Term): boolean {
  if (t.type === 'scalar') return typeof t.value === 'string';
  if (t.type === 'array' || t.type === 'set') return t.items.every(isConstantAffix);
  return false;
}

/** The analysis of one body (a rule's, or an operand's in a scope of its own). */
class WayCollector {
  readonly unconditional: WayConstraint[] = [];
  readonly disjunctions: Way[][] = [];
  private readonly constants: Map<string, Value>;

  constructor(
    private readonly cx: ResolveContext,
    private readonly scope: Scope,
    private readonly aliases: InputAliases,
    constants: ReadonlyMap<string, Value>,
    private readonly inputRef: (t: Term) => boolean,
  ) {
    this.constants = new Map(constants);
  }

  /** `t` as a constant `input` path: directly, a local bound to one, or a selection below one. */
  resolveRef(t: Term): Term | undefined {
    if (t.type === 'var') return this.aliases.get(t.name) ?? (this.inputRef(t) ? t : undefined);
    if (t.type !== 'ref') return undefined;
    if (this.inputRef(t)) return t;
    return selectionBelow(t, this.aliases);
  }

  private add(ref: Term, test: WayTest): void {
    this.unconditional.push({ key: refKey(ref), ref, test });
  }

  /** What the operands of a call read (OPA binds each to a local first): a value each. */
  private reads(t: Term): void {
    const ref = t.type === 'ref' ? this.resolveRef(t) : undefined;
    if (ref) {
      this.add(ref, { k: 'var' });
      return;
    }
    if (t.type === 'call') for (const a of t.args) this.reads(a);
    else if (t.type === 'array' || t.type === 'set') for (const i of t.items) this.reads(i);
    else if (t.type === 'object')
      for (const [k, v] of t.entries) {
        this.reads(k);
        this.reads(v);
      }
  }

  /** The value an equality's other side keys the path on, if any (OPA's `indexValue`). */
  private keyOf(t: Term): WayTest | undefined {
    if (isScalarTerm(t)) {
      const v = resolveTerm(this.cx, t, this.scope);
      return v.k === 'const' ? { k: 'eq', value: v.value } : undefined;
    }
    if (t.type === 'var') {
      const c = this.constants.get(t.name);
      return c === undefined ? { k: 'var' } : constantKey(c);
    }
    if (t.type !== 'array') return undefined;
    const items: (Value | undefined)[] = [];
    for (const item of t.items) {
      if (item.type === 'var') items.push(undefined);
      else if (isScalarTerm(item)) {
        const v = resolveTerm(this.cx, item, this.scope);
        if (v.k !== 'const') return undefined;
        items.push(v.value);
      } else return undefined;
    }
    return { k: 'array', items };
  }

  private equality(a: Term, b: Term): void {
    const keyed = (refSide: Term, other: Term): boolean => {
      if (refSide.type === 'var' && !this.aliases.has(refSide.name)) {
        const value = constantOf(this.cx, other, this.scope, this.constants);
        if (value !== undefined) this.constants.set(refSide.name, value);
        return false;
      }
      const ref = this.resolveRef(refSide);
      const key = ref && this.keyOf(other);
      if (!ref || !key) return false;
      this.add(ref, key);
      return true;
    };
    if (!keyed(a, b)) keyed(b, a);
    for (const side of [a, b]) if (side.type === 'call') this.reads(side);
  }

  private membership(ref: Term | undefined, collection: Term): void {
    if (!ref) return;
    this.add(ref, { k: 'var' });
    const c = constantOf(this.cx, collection, this.scope, this.constants);
    if (c === undefined) return;
    const members = Array.isArray(c)
      ? c
      : c instanceof SetValue
        ? c.sorted()
        : isObject(c)
          ? objectEntries(c).map(([, v]) => v)
          : [];
    for (const m of members) this.add(ref, memberKey(m));
  }

  update(lit: Literal): void {
    if (lit.negated || lit.withs.length > 0) return;
    const e = lit.expr;
    if (e.type === 'logic') {
      const left = this.operandWays(e.left.body);
      if (e.op === 'and') {
        this.require(left);
        this.require(this.operandWays(e.right.body));
        return;
      }
      const right = left && this.operandWays(e.right.body);
      if (left && right) this.require([...left, ...right]);
      return;
    }
    if (e.type === 'unify') {
      this.equality(e.left, e.right);
      return;
    }
    if (e.type !== 'term') return;
    const t = e.term;
    if (t.type !== 'call') {
      const ref = t.type === 'ref' ? this.resolveRef(t) : undefined;
      if (ref) this.add(ref, { k: 'var' });
      return;
    }
    const [a, b] = t.args as [Term | undefined, Term | undefined];
    if (t.name === 'equal' && t.args.length === 2 && a && b) {
      this.equality(a, b);
      return;
    }
    this.reads(t);
    if (t.name === MEMBER_2 && t.args.length === 2 && a && b) {
      this.membership(this.resolveRef(a), b);
      return;
    }
    if (AFFIX_BUILTINS.has(t.name) && t.args.length === 2 && a && b && isConstantAffix(b)) {
      const ref = this.resolveRef(a);
      if (ref) this.add(ref, { k: 'affix', lit, subject: ref });
    }
  }

  /** OPA's `require`: one way joins the body's constraints, several make a disjunction. */
  private require(ways: Way[] | undefined): void {
    if (!ways || ways.length === 0) return;
    if (ways.length === 1) this.unconditional.push(...(ways[0] as Way));
    else this.disjunctions.push(ways);
  }

  /** The ways an operand body holds by, or `undefined` when nothing in it is indexed. */
  private operandWays(body: readonly Literal[]): Way[] | undefined {
    const aliases = inputAliases(body, this.resolveRef.bind(this), this.aliases);
    const inner = new WayCollector(this.cx, this.scope, aliases, this.constants, this.inputRef);
    for (const lit of body) inner.update(lit);
    const ways = inner.ways();
    return ways.length === 1 && (ways[0] as Way).length === 0 ? undefined : ways;
  }

  /** Every way: the body's constraints with one way of each disjunction (none past 32). */
  ways(): Way[] {
    let ways: Way[] = [this.unconditional];
    for (const alts of this.disjunctions) {
      if (ways.length * alts.length > MAX_INDEX_PATHS) return [this.unconditional];
      ways = ways.flatMap((w) => alts.map((alt) => [...w, ...alt]));
    }
    return ways;
  }
}

function constantKey(c: Value): WayTest | undefined {
  if (isScalarValue(c)) return { k: 'eq', value: c };
  if (Array.isArray(c)) {
    if (!c.every(isScalarValue)) return undefined;
    return { k: 'array', items: c };
  }
  return { k: 'defined' };
}

/** A member of `in`'s collection as OPA's trie keys it: arrays item by item, objects and sets as any value. */
function memberKey(m: Value): WayTest {
  if (isScalarValue(m)) return { k: 'eq', value: m };
  if (Array.isArray(m)) return { k: 'array', items: m.map((x) => (isScalarValue(x) ? x : undefined)) };
  return { k: 'defined' };
}

/** A term's constant value: written in place or a local bound to one. */
function constantOf(
  cx: ResolveContext,
  t: Term,
  scope: Scope,
  constants: ReadonlyMap<string, Value>,
): Value | undefined {
  if (t.type === 'var') return constants.get(t.name);
  // Resolving a term declares what it mentions: only a constant written in place is resolved.
  if (!isConstantTerm(t)) return undefined;
  const v = resolveTerm(cx, t, scope);
  return v.k === 'const' ? v.value : undefined;
}

/** Whether `t` is a constant written in place: scalars, and collections of constants. */
function isConstantTerm(t: Term): boolean {
  if (t.type === 'scalar') return true;
  if (t.type === 'array' || t.type === 'set') return t.items.every(isConstantTerm);
  if (t.type === 'object') return t.entries.every(([k, v]) => isConstantTerm(k) && isConstantTerm(v));
  return false;
}

/**
 * The ways OPA v1.22's index reaches a rule by, for a rule body.
 * @param inputRef whether a term reads `input` at a constant path
 */
export function bodyWays(
  cx: ResolveContext,
  body: readonly Literal[],
  scope: Scope,
  inputRef: (t: Term) => boolean,
): Way[] {
  const direct = (t: Term) => (inputRef(t) ? t : undefined);
  const aliases = inputAliases(body, direct);
  const top = new WayCollector(cx, scope, aliases, new Map(), inputRef);
  for (const lit of body) top.update(lit);
  return top.ways();
}
