/**
 * The expression half of OPA's type checker: the type of each term, and the errors OPA raises
 * in a body — a built-in argument the declaration rules out (`<name>: invalid argument(s)`), two
 * types that cannot meet (`match error`), a key a scalar or known collection cannot have
 * (`undefined ref`). What the rules define comes from the subclass (`type-check.ts`).
 */
import {
  ANY_TYPE,
  type BuiltinDeclaration,
  parseTypeNotation,
  type RegoType,
  unifies,
} from '../../builtins/declarations/index.ts';
import { RegoError, type SourceLocation } from '../../errors.ts';
import type { IrBody, IrExpr, IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { isEquality, refText, ruleDepth, termText } from './ref-text.ts';
import { elementType, openEmptySets, selectType, setOf, valueType } from './term-types.ts';
import { unifiesTerm } from './term-unification.ts';

/** Checks bodies and terms against the types of variables and of the documents rules define. */
export abstract class ExpressionChecker {
  readonly errors: RegoError[] = [];
  protected env = new Map<string, RegoType>();
  /** The checked function's parameters no expression has used yet: their first use types them. */
  protected untypedParams = new Set<string>();
  protected skipNegations = false;
  /**
   * Inside a negation where `not` is OPA v1.22's operator: its references are checked, its calls
   * and comparisons are not (a comprehension inside is checked in full).
   */
  private negatedOperand = false;
  /** False inside an `every` body, where OPA's checker leaves what the body binds untyped. */
  protected typesBindings = true;
  /**
   * Inside an `every` body, the types of the enclosing bodies' variables: OPA reads them for
   * references (`x := 1; every y in [1] { x.a; y }` is `undefined ref`), not for calls or
   * comparisons.
   */
  protected enclosing: ReadonlyMap<string, RegoType> | undefined;

  constructor(
    protected readonly tree: RuleNode<ResolvedRule>,
    protected readonly declarations: ReadonlyMap<string, BuiltinDeclaration>,
    protected readonly emptyIsOpen: boolean,
    protected readonly scalarDomainMismatch: boolean,
  ) {}

  /** The type of the document (or function result) at `path`, if rules alone define it. */
  protected abstract document(path: readonly string[]): RegoType;

  /** The parameter types of the function at `path`. */
  protected abstract functionParams(path: readonly string[]): RegoType[];

  protected body(body: IrBody): void {
    for (const lit of body.literals) this.expr(lit.expr, lit.loc);
  }

  private expr(e: IrExpr, loc: SourceLocation): void {
    switch (e.k) {
      case 'term':
        if (isEquality(e.term)) this.unify(e.term.args[0] as IrTerm, e.term.args[1] as IrTerm, loc);
        else this.type(e.term);
        return;
      case 'unify':
        this.unify(e.left, e.right, loc);
        return;
      case 'somein': {
        // OPA iterates through a reference (`x[_]`), so an enclosing variable seen from an
        // `every` body is read with its type, as references below it are.
        const collection =
          e.collection.k === 'var' && this.enclosingOnly(e.collection)
            ? (this.enclosing?.get(e.collection.name) ?? ANY_TYPE)
            : this.type(e.collection);
        // Iterating a variable or reference known to hold a scalar selects a key it cannot have;
        // iterating a scalar written in place (`some x in "s"`) is a `match error` in v1.15.2.
        if (selectType(collection, undefined, this.emptyIsOpen) === 'none') {
          if (e.collection.k !== 'const')
            this.errors.push(
              new RegoError('rego_type_error', `undefined ref: ${termText(e.collection)}[_]`, loc),
            );
          else if (this.scalarDomainMismatch)
            this.errors.push(new RegoError('rego_type_error', 'match error', loc));
        }
        // A name bound before (`some x in x` where OPA v1.15 reads the enclosing `x`) is a
        // membership test: its type must meet the members'.
        this.bind(e.value, this.boundType(undefined, elementType(collection)), loc);
        if (e.key) this.bind(e.key, ANY_TYPE, loc);
        return;
      }
      case 'every': {
        // OPA checks an `every` body apart: what the body binds is of any type there, and the
        // enclosing variables are too but for the references below them.
        this.type(e.domain);
        const [env, typed, enclosing] = [this.env, this.typesBindings, this.enclosing];
        this.enclosing = new Map([...(enclosing ?? []), ...env]);
        [this.env, this.typesBindings] = [new Map(), false];
        this.body(e.body);
        [this.env, this.typesBindings, this.enclosing] = [env, typed, enclosing];
        return;
      }
      case 'not':
        this.negation(() => this.body(e.body));
        return;
      case 'test':
        if (e.op !== 'not') for (const o of e.operands) this.body(o);
        else
          this.negation(() => {
            for (const o of e.operands) this.body(o);
          });
        return;
    }
  }

  /** Checks a negated expression with `check`, its calls and comparisons unchecked where OPA skips them. */
  private negation(check: () => void): void {
    const outer = this.negatedOperand;
    this.negatedOperand = outer || this.skipNegations;
    check();
    this.negatedOperand = outer;
  }

  /** Records a `match error` or a call's `invalid argument(s)` at `loc`, unless in a negated operand. */
  private mismatch(message: string, loc: SourceLocation): void {
    if (!this.negatedOperand) this.errors.push(new RegoError('rego_type_error', message, loc));
  }

  /** Whether `t` is an enclosing body's variable seen from an `every` body (no binding, no check). */
  private enclosingOnly(t: IrTerm): boolean {
    return t.k === 'var' && !this.env.has(t.name) && this.enclosing?.has(t.name) === true;
  }

  private bind(t: IrTerm, type: RegoType, loc: SourceLocation): void {
    if (this.enclosingOnly(t)) return;
    if (t.k === 'var' && !this.env.has(t.name)) this.setType(t.name, type);
    else if (t.k === 'var' && !unifies(this.type(t), type)) this.mismatch('match error', loc);
    else this.type(t);
  }

  /**
   * The type a variable takes from what binds it, `from` (an element when iterating): OPA v1.22
   * keeps an empty set's memberless type only in a composite written in place (`y := set(); y.b`
   * and `x := [set()]; x[0].b` are `undefined ref`; `x := set(); y := x; y.b` and
   * `some y in {set()}; y.b` are not).
   */
  private boundType(from: IrTerm | undefined, type: RegoType): RegoType {
    const written = from !== undefined && ['set', 'array', 'object', 'const'].includes(from.k);
    return this.emptyIsOpen || written ? type : openEmptySets(type);
  }

  /** Gives the variable `name` the type of what binds it (any inside an `every` body). */
  private setType(name: string, type: RegoType): void {
    this.env.set(name, this.typesBindings ? type : ANY_TYPE);
  }

  /** OPA's unification of two terms: binds an untyped variable, else the types must meet. */
  private unify(left: IrTerm, right: IrTerm, loc: SourceLocation): void {
    if (left.k === 'array' && right.k === 'array' && left.items.length === right.items.length) {
      for (const [i, item] of left.items.entries()) this.unify(item, right.items[i] as IrTerm, loc);
      return;
    }
    if (this.enclosingOnly(left) || this.enclosingOnly(right)) return;
    const unbound = (t: IrTerm) => t.k === 'var' && !this.env.has(t.name);
    if (unbound(left) || unbound(right)) {
      const [variable, other] = unbound(left) ? [left, right] : [right, left];
      const type = unbound(other) ? ANY_TYPE : this.boundType(other, this.type(other));
      const name = (variable as { name: string }).name;
      this.untypedParams.delete(name);
      this.setType(name, type);
      if (other.k === 'var' && this.untypedParams.delete(other.name)) this.env.set(other.name, ANY_TYPE);
      return;
    }
    // OPA does not compare the types of the two sides in an `every` body (references are checked).
    const [l, r] = [this.type(left), this.type(right)];
    if (this.typesBindings && !unifies(l, r)) this.mismatch('match error', loc);
  }

  /** The type of `t`, checking the calls and references inside it. */
  type(t: IrTerm): RegoType {
    switch (t.k) {
      case 'const':
        return valueType(t.value);
      case 'var':
        if (this.untypedParams.delete(t.name)) this.env.set(t.name, ANY_TYPE);
        return this.env.get(t.name) ?? ANY_TYPE;
      case 'root':
        return ANY_TYPE;
      case 'ref':
        return this.ref(t);
      case 'array':
        return { k: 'array', items: t.items.map((i) => this.type(i)) };
      case 'set':
        return setOf(t.items.map((i) => this.type(i)));
      case 'object':
        for (const [k, v] of t.entries) {
          this.type(k);
          this.type(v);
        }
        return { k: 'object', props: [], dynamic: { key: ANY_TYPE, value: ANY_TYPE } };
      case 'comp': {
        const negated = this.negatedOperand;
        this.negatedOperand = false;
        this.body(t.body);
        this.negatedOperand = negated;
        const value = this.type(t.value);
        if (t.kind === 'array') return { k: 'array', items: [], dynamic: value };
        if (t.kind === 'set') return { k: 'set', of: value };
        return { k: 'object', props: [], dynamic: { key: this.type(t.key as IrTerm), value } };
      }
      case 'call':
        return this.call(t);
    }
  }

  private call(t: Extract<IrTerm, { k: 'call' }>): RegoType {
    if (t.callee.kind === 'function') {
      const params = this.functionParams(t.callee.path);
      this.typeParamsFrom(t.args, params);
      const argTypes = t.args.map((a) => this.type(a));
      if (t.args.some((arg, i) => !unifiesTerm(arg, argTypes[i] as RegoType, params[i] ?? ANY_TYPE)))
        this.mismatch(`${['data', ...t.callee.path].join('.')}: invalid argument(s)`, t.loc);
      return this.document(t.callee.path);
    }
    const declaration = t.callee.kind === 'builtin' ? this.declarations.get(t.callee.name) : undefined;
    const operands = t.args.map((_, i) => {
      const operand = declaration && (declaration.args[i] ?? declaration.variadic);
      return operand ? parseTypeNotation(operand.type) : undefined;
    });
    this.typeParamsFrom(t.args, operands);
    const argTypes = t.args.map((a) => this.type(a));
    if (t.callee.kind === 'template') return { k: 'string' };
    if (!declaration) return ANY_TYPE;
    const wrong = t.args.some((arg, i) => {
      const want = operands[i];
      return want !== undefined && !unifiesTerm(arg, argTypes[i] as RegoType, want);
    });
    if (wrong) this.mismatch(`${declaration.name}: invalid argument(s)`, t.loc);
    return declaration.result ? parseTypeNotation(declaration.result.type) : ANY_TYPE;
  }

  /** A parameter's first use as a call's argument gives it the type the callee declares there. */
  private typeParamsFrom(args: readonly IrTerm[], wanted: readonly (RegoType | undefined)[]): void {
    args.forEach((arg, i) => {
      const want = wanted[i];
      if (arg.k === 'var' && want && this.untypedParams.delete(arg.name)) this.setType(arg.name, want);
    });
  }

  private ref(t: Extract<IrTerm, { k: 'ref' }>): RegoType {
    const keys = t.path.map((p) => (p.k === 'const' ? p.value : undefined));
    for (const p of t.path) if (p.k !== 'const') this.type(p);
    let type: RegoType;
    let from = 0;
    if (t.head.k === 'root' && t.head.root === 'data') {
      from = ruleDepth(this.tree, keys);
      if (from === 0) return ANY_TYPE;
      type = this.document(keys.slice(0, from) as string[]);
    } else if (t.head.k === 'var') {
      const outer = this.env.has(t.head.name) ? undefined : this.enclosing?.get(t.head.name);
      type = outer ?? this.type(t.head);
    } else if (t.head.k === 'array' || t.head.k === 'set' || t.head.k === 'object' || t.head.k === 'const')
      type = this.type(t.head);
    else return ANY_TYPE;
    for (let i = from; i < keys.length; i++) {
      const next = selectType(type, keys[i], this.emptyIsOpen);
      if (next === 'none') {
        this.errors.push(
          new RegoError('rego_type_error', `undefined ref: ${refText(t, t.path.length)}`, t.loc),
        );
        return ANY_TYPE;
      }
      type = next;
    }
    return type;
  }
}
