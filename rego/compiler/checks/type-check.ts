/**
 * OPA's type checker over the compiled rules, after safety has put every body in its order: a
 * variable takes the type of what first binds it (`x := 1`, `some x in [1]`, a call's output),
 * a rule the union of its values (a set of its members, an object for key rules, a function its
 * results), and then
 * - a built-in argument whose type the declaration rules out is `<name>: invalid argument(s)`;
 * - a unification of two terms whose types cannot meet is `match error`;
 * - a reference below a scalar, or a key a known object or array cannot have, is `undefined ref`.
 * What it cannot know (input, base documents, iteration over unknown collections) is `any`, so it
 * never refuses what OPA accepts.
 */
import {
  ANY_TYPE,
  BUILTIN_DECLARATIONS,
  type BuiltinDeclaration,
  notIsOperator,
  parseTypeNotation,
  type RegoType,
  unifies,
} from '../../builtins/declarations/index.ts';
import { RegoError, type SourceLocation } from '../../errors.ts';
import type { OpaVersion } from '../../opa-version.ts';
import type { Module } from '../../syntax/index.ts';
import type { IrBody, IrExpr, IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { isEquality, refText, ruleDepth, termText } from './ref-text.ts';
import { elementType, selectType, unionOf, valueType } from './term-types.ts';
import { unifiesTerm } from './term-unification.ts';

interface RuleTypes {
  readonly value: RegoType;
  readonly key: RegoType;
  /** A function's parameter types, as its body's first use of each infers them. */
  readonly params: readonly RegoType[];
}

class TypeChecker {
  readonly errors: RegoError[] = [];
  private readonly rules = new Map<ResolvedRule, RuleTypes | 'checking'>();
  private env = new Map<string, RegoType>();
  /** The checked function's parameters no expression has used yet: their first use types them. */
  private untypedParams = new Set<string>();
  private skipNegations = false;
  /** False inside an `every` body, where OPA's checker leaves what the body binds untyped. */
  private typesBindings = true;

  constructor(
    private readonly tree: RuleNode<ResolvedRule>,
    private readonly declarations: ReadonlyMap<string, BuiltinDeclaration>,
    private readonly negationsUnchecked: (file: string) => boolean,
    private readonly emptyIsOpen: boolean,
    private readonly scalarDomainMismatch: boolean,
  ) {}

  /** Checks `rule` once; the types of its key and value. */
  rule(rule: ResolvedRule): RuleTypes {
    const known = this.rules.get(rule);
    if (known === 'checking') return { value: ANY_TYPE, key: ANY_TYPE, params: [] };
    if (known) return known;
    this.rules.set(rule, 'checking');
    const [env, params, skip] = [this.env, this.untypedParams, this.skipNegations];
    // A parameter written as a variable takes the type of its first use as a built-in argument
    // (OPA's unify1), `any` after any other use; a pattern's variables are of any type.
    const patternVars = rule.args
      .flatMap((a) => (a.k === 'var' ? [] : patternVarNames(a)))
      .map((name) => [name, ANY_TYPE] as const);
    this.env = new Map(patternVars);
    this.untypedParams = new Set(rule.args.flatMap((a) => (a.k === 'var' ? [a.name] : [])));
    this.skipNegations = this.negationsUnchecked(rule.loc.file);
    this.body(rule.body);
    for (const t of rule.dynamic) this.type(t);
    const key = rule.key ? this.type(rule.key) : ANY_TYPE;
    const values = rule.value ? [this.type(rule.value)] : [];
    const paramTypes = rule.args.map((a) =>
      a.k === 'var' && rule.elses.length === 0 ? (this.env.get(a.name) ?? ANY_TYPE) : ANY_TYPE,
    );
    // OPA checks each `else` branch apart: its parameters (under names of its own) are untyped
    // there, and stay of any type for the callers.
    for (const e of rule.elses) {
      this.env = new Map(patternVars);
      this.untypedParams = new Set();
      this.body(e.body);
      values.push(this.type(e.value));
    }
    [this.env, this.untypedParams, this.skipNegations] = [env, params, skip];
    const types = { value: values.length > 0 ? unionOf(values) : ANY_TYPE, key, params: paramTypes };
    this.rules.set(rule, types);
    return types;
  }

  /** The type of the document (or function result) at `path`, if rules alone define it. */
  private document(path: readonly string[]): RegoType {
    const node = this.tree.find(path);
    if (!node || node.rules.length === 0 || node.hasRulesBelow()) return ANY_TYPE;
    const types = node.rules.map((r) => this.rule(r));
    switch (node.nodeClass) {
      case 'complete':
      case 'function':
        return unionOf(types.map((t) => t.value));
      case 'set':
        return { k: 'set', of: unionOf(types.map((t) => t.key)) };
      case 'object':
        return { k: 'object', props: [], dynamic: { key: ANY_TYPE, value: ANY_TYPE } };
      default:
        return ANY_TYPE;
    }
  }

  private body(body: IrBody): void {
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
        const collection = this.type(e.collection);
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
        this.bind(e.value, elementType(collection), loc);
        if (e.key) this.bind(e.key, ANY_TYPE, loc);
        return;
      }
      case 'every': {
        // OPA checks an `every` body apart: the enclosing variables and those the body binds
        // are of any type there.
        this.type(e.domain);
        const [env, typed] = [this.env, this.typesBindings];
        [this.env, this.typesBindings] = [new Map(), false];
        this.body(e.body);
        [this.env, this.typesBindings] = [env, typed];
        return;
      }
      case 'not':
        if (!this.skipNegations) this.body(e.body);
        return;
      case 'test':
        if (e.op !== 'not' || !this.skipNegations) for (const o of e.operands) this.body(o);
        return;
    }
  }

  private bind(t: IrTerm, type: RegoType, loc: SourceLocation): void {
    if (t.k === 'var' && !this.env.has(t.name)) this.setType(t.name, type);
    else if (t.k === 'var' && !unifies(this.type(t), type))
      this.errors.push(new RegoError('rego_type_error', 'match error', loc));
    else this.type(t);
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
    const unbound = (t: IrTerm) => t.k === 'var' && !this.env.has(t.name);
    if (unbound(left) || unbound(right)) {
      const [variable, other] = unbound(left) ? [left, right] : [right, left];
      const type = unbound(other) ? ANY_TYPE : this.type(other);
      const name = (variable as { name: string }).name;
      this.untypedParams.delete(name);
      this.setType(name, type);
      if (other.k === 'var' && this.untypedParams.delete(other.name)) this.env.set(other.name, ANY_TYPE);
      return;
    }
    if (!unifies(this.type(left), this.type(right)))
      this.errors.push(new RegoError('rego_type_error', 'match error', loc));
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
        return { k: 'set', of: unionOf(t.items.map((i) => this.type(i))) };
      case 'object':
        for (const [k, v] of t.entries) {
          this.type(k);
          this.type(v);
        }
        return { k: 'object', props: [], dynamic: { key: ANY_TYPE, value: ANY_TYPE } };
      case 'comp': {
        this.body(t.body);
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
        this.errors.push(
          new RegoError(
            'rego_type_error',
            `${['data', ...t.callee.path].join('.')}: invalid argument(s)`,
            t.loc,
          ),
        );
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
    if (wrong)
      this.errors.push(new RegoError('rego_type_error', `${declaration.name}: invalid argument(s)`, t.loc));
    return declaration.result ? parseTypeNotation(declaration.result.type) : ANY_TYPE;
  }

  /** A parameter's first use as a call's argument gives it the type the callee declares there. */
  private typeParamsFrom(args: readonly IrTerm[], wanted: readonly (RegoType | undefined)[]): void {
    args.forEach((arg, i) => {
      const want = wanted[i];
      if (arg.k === 'var' && want && this.untypedParams.delete(arg.name)) this.setType(arg.name, want);
    });
  }

  /** The parameter types of the function at `path`: the union over its definitions. */
  private functionParams(path: readonly string[]): RegoType[] {
    const node = this.tree.find(path);
    if (node?.nodeClass !== 'function') return [];
    const each = node.rules.map((r) => this.rule(r).params);
    const arity = Math.max(0, ...each.map((p) => p.length));
    return Array.from({ length: arity }, (_, i) => unionOf(each.map((p) => p[i] ?? ANY_TYPE)));
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
    } else if (t.head.k === 'var') type = this.type(t.head);
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

/** The variables of a parameter pattern. */
function patternVarNames(t: IrTerm): string[] {
  switch (t.k) {
    case 'var':
      return [t.name];
    case 'array':
    case 'set':
      return t.items.flatMap(patternVarNames);
    case 'object':
      return t.entries.flatMap(([, v]) => patternVarNames(v));
    default:
      return [];
  }
}

/**
 * The type errors OPA's checker finds through the types of variables and rules in `tree`.
 * @param isBuiltin whether a name is a built-in of the policy set
 */
export function typeErrors(
  tree: RuleNode<ResolvedRule>,
  modules: readonly Module[],
  opaVersion: OpaVersion,
  isBuiltin: (name: string) => boolean,
): RegoError[] {
  const declarations = new Map(
    BUILTIN_DECLARATIONS.filter((d) => d.releases.includes(opaVersion) && isBuiltin(d.name)).map((d) => [
      d.name,
      d,
    ]),
  );
  const unchecked = new Set(modules.filter((m) => notIsOperator(m, opaVersion)).map((m) => m.file));
  // OPA v1.15.2's checker lets any key of an empty array or object literal through, and refuses
  // `some x in` a scalar literal (match error); v1.22.2 does neither.
  const v1_15 = opaVersion === 'v1.15.2';
  const checker = new TypeChecker(tree, declarations, (file) => unchecked.has(file), v1_15, v1_15);
  for (const node of tree.walk()) for (const rule of node.rules) checker.rule(rule);
  return checker.errors;
}
