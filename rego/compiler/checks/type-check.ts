/**
 * OPA's type checker over the compiled rules, after safety has put every body in its order: a
 * variable takes the type of what first binds it (`x := 1`, `some x in [1]`, a call's output),
 * a rule the union of its values (a set of its members, an object for key rules, a function its
 * results), and then
 * - a built-in argument whose type the declaration rules out is `<name>: invalid argument(s)`;
 * - a unification of two terms whose types cannot meet is `match error`;
 * - a reference below a scalar, or a key a known object or array cannot have, is `undefined ref`.
 * What it cannot know (input, base documents, iteration over unknown collections) is `any`, so it
 * never refuses what OPA accepts. This file types the rules; `expression-checks.ts` their bodies.
 */
import {
  ANY_TYPE,
  BUILTIN_DECLARATIONS,
  type BuiltinDeclaration,
  notIsOperator,
  type RegoType,
} from '../../builtins/declarations/index.ts';
import type { RegoError } from '../../errors.ts';
import type { OpaVersion } from '../../opa-version.ts';
import type { Module } from '../../syntax/index.ts';
import type { IrTerm } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { ExpressionChecker } from './expression-checks.ts';
import { unionOf, valueType } from './term-types.ts';

interface RuleTypes {
  readonly value: RegoType;
  readonly key: RegoType;
  /** A function's parameter types, as its body's first use of each infers them. */
  readonly params: readonly RegoType[];
}

/** OPA's type checker: the types of the rules, over {@link ExpressionChecker}'s checks of their bodies. */
class TypeChecker extends ExpressionChecker {
  private readonly rules = new Map<ResolvedRule, RuleTypes | 'checking'>();

  constructor(
    tree: RuleNode<ResolvedRule>,
    declarations: ReadonlyMap<string, BuiltinDeclaration>,
    private readonly negationsUnchecked: (file: string) => boolean,
    emptyIsOpen: boolean,
    scalarDomainMismatch: boolean,
  ) {
    super(tree, declarations, emptyIsOpen, scalarDomainMismatch);
  }

  /** Checks `rule` once; the types of its key and value. */
  rule(rule: ResolvedRule): RuleTypes {
    const known = this.rules.get(rule);
    if (known === 'checking') return { value: ANY_TYPE, key: ANY_TYPE, params: [] };
    if (known) return known;
    this.rules.set(rule, 'checking');
    const [env, params, skip] = [this.env, this.untypedParams, this.skipNegations];
    // A parameter written as a variable takes the type of its first use as a built-in argument
    // (OPA's unify1), `any` after any other use; so do the variables of a pattern, which then
    // types the parameter (`f([x]) := upper(x)` takes an array of one string). `else` branches
    // see the pattern's variables as of any type.
    const patternVars = rule.args
      .flatMap((a) => (a.k === 'var' ? [] : patternVarNames(a)))
      .map((name) => [name, ANY_TYPE] as const);
    this.env = new Map();
    this.untypedParams = new Set(rule.args.flatMap(patternVarNames));
    this.skipNegations = this.negationsUnchecked(rule.loc.file);
    this.body(rule.body);
    for (const t of rule.dynamic) this.type(t);
    const key = rule.key ? this.type(rule.key) : ANY_TYPE;
    const values = rule.value ? [this.type(rule.value)] : [];
    // With `else` branches the variables stay of any type; a pattern still gives its shape.
    const typedVars = rule.elses.length === 0;
    const paramTypes = rule.args.map((a) => this.patternType(a, typedVars));
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

  /**
   * The type a parameter written as `pattern` takes: its variables' types as their uses inferred
   * them (`typedVars`, else any), in an array of as many items or an object of those keys.
   */
  private patternType(pattern: IrTerm, typedVars: boolean): RegoType {
    switch (pattern.k) {
      case 'var':
        return (typedVars && this.env.get(pattern.name)) || ANY_TYPE;
      case 'const':
        return valueType(pattern.value);
      case 'array':
        return { k: 'array', items: pattern.items.map((i) => this.patternType(i, typedVars)) };
      case 'object': {
        const props = pattern.entries.map(([k, v]) =>
          k.k === 'const' && typeof k.value === 'string'
            ? ([k.value, this.patternType(v, typedVars)] as const)
            : undefined,
        );
        if (props.some((p) => p === undefined)) return ANY_TYPE;
        return { k: 'object', props: props as (readonly [string, RegoType])[] };
      }
      default:
        return ANY_TYPE;
    }
  }

  /** The type of the document (or function result) at `path`, if rules alone define it. */
  protected document(path: readonly string[]): RegoType {
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

  /** The parameter types of the function at `path`: the union over its definitions. */
  protected functionParams(path: readonly string[]): RegoType[] {
    const node = this.tree.find(path);
    if (node?.nodeClass !== 'function') return [];
    const each = node.rules.map((r) => this.rule(r).params);
    const arity = Math.max(0, ...each.map((p) => p.length));
    return Array.from({ length: arity }, (_, i) => unionOf(each.map((p) => p[i] ?? ANY_TYPE)));
  }
}

/** The variables of a parameter pattern (the parameter itself for a variable). */
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
