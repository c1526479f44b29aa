/**
 * OPA's type checker on what is known before evaluation: a built-in call whose argument is a
 * literal, a collection written in place, a comprehension or another built-in's result, of a type
 * the declaration rules out (`concat(1, ["a"])`, `sum(["a"])`, `upper(count(x))`,
 * `object.union_n([1])`), makes the whole policy set a `rego_type_error` (`<name>: invalid
 * argument(s)`), as OPA refuses it at compile time — even in a rule nobody queries. Terms whose
 * type OPA infers from variables and rules are taken as `any` here, so the check never refuses
 * what OPA accepts. The unification follows OPA's `unify1` (terms) and `unifies` (types).
 */
import { RegoError } from '../../errors.ts';
import { type OpaVersion, opaAtLeast } from '../../opa-version.ts';
import type { CallTerm, Module, Term } from '../../syntax/index.ts';
import { BUILTIN_DECLARATIONS } from './all.ts';
import type { BuiltinDeclaration } from './declaration.ts';
import { ANY_TYPE, parseTypeNotation, type RegoType } from './type-notation.ts';
import { admitsKey, arraySelect, isAnything, unifies } from './type-unification.ts';

type Declarations = ReadonlyMap<string, BuiltinDeclaration>;

function scalarType(value: null | boolean | number | bigint | string): RegoType {
  if (value === null) return { k: 'null' };
  if (typeof value === 'bigint' || typeof value === 'number') return { k: 'number' };
  return { k: typeof value === 'boolean' ? 'boolean' : 'string' };
}

/** The type of a term as far as it is known before evaluation (`any` otherwise). */
function typeOf(term: Term, known: Declarations): RegoType {
  switch (term.type) {
    case 'scalar':
      return scalarType(term.value);
    case 'array':
      return { k: 'array', items: term.items.map((t) => typeOf(t, known)) };
    case 'arraycomp':
      return { k: 'array', items: [], dynamic: typeOf(term.head, known) };
    case 'set':
      return { k: 'set', of: ANY_TYPE };
    case 'setcomp':
      return { k: 'set', of: typeOf(term.head, known) };
    case 'object':
      return { k: 'object', props: [], dynamic: { key: ANY_TYPE, value: ANY_TYPE } };
    case 'objectcomp':
      return {
        k: 'object',
        props: [],
        dynamic: { key: typeOf(term.key, known), value: typeOf(term.value, known) },
      };
    case 'call': {
      const result = known.get(term.name)?.result;
      return result ? parseTypeNotation(result.type) : ANY_TYPE;
    }
    default:
      return ANY_TYPE;
  }
}

/** A constant key as the string OPA's `Select` compares static properties with. */
function constantKey(term: Term): { constant: boolean; key?: string; type?: RegoType } {
  if (term.type !== 'scalar') return { constant: false };
  return typeof term.value === 'string'
    ? { constant: true, key: term.value, type: { k: 'string' } }
    : { constant: true, type: scalarType(term.value) };
}

/** OPA's `unify1`: whether a term can be of type `t`. */
function unify1(term: Term, t: RegoType, known: Declarations): boolean {
  if (term.type === 'array' || term.type === 'set' || term.type === 'object') {
    if (t.k === 'any') return isAnything(t) || t.of.some((alt) => unify1(term, alt, known));
    if (term.type === 'array' && t.k === 'array') {
      if (term.items.length !== t.items.length && !t.dynamic) return false;
      return term.items.every((item, i) => {
        const want = arraySelect(t, i);
        return want !== undefined && unify1(item, want, known);
      });
    }
    if (term.type === 'set' && t.k === 'set') return term.items.every((item) => unify1(item, t.of, known));
    if (term.type === 'object' && t.k === 'object') {
      if (term.entries.length !== t.props.length && !t.dynamic) return false;
      return term.entries.every(([k, v]) => {
        const key = constantKey(k);
        if (!key.constant) return true;
        const prop = key.key !== undefined ? t.props.find(([name]) => name === key.key) : undefined;
        if (prop) return unify1(v, prop[1], known);
        if (!t.dynamic || !admitsKey(t.dynamic.key, key.type as RegoType)) return false;
        return unify1(v, t.dynamic.value, known);
      });
    }
    return false;
  }
  return unifies(typeOf(term, known), t);
}

/**
 * Every call term below `node`, in source order; with `skipNegations`, none inside a negated
 * literal or a `not { … }` group (OPA v1.22 does not type-check them once `not` is its operator).
 */
function* callsIn(node: unknown, skipNegations: boolean): Generator<CallTerm> {
  if (Array.isArray(node)) {
    for (const item of node) yield* callsIn(item, skipNegations);
  } else if (typeof node === 'object' && node !== null) {
    const n = node as { type?: unknown; negated?: unknown };
    if (skipNegations && (n.negated === true || n.type === 'group')) return;
    if (n.type === 'call') yield node as CallTerm;
    for (const [key, value] of Object.entries(node)) if (key !== 'loc') yield* callsIn(value, skipNegations);
  }
}

/** Whether `not` is OPA v1.22's operator in `module` (`import future.keywords[.not]`, `rego.v2`). */
export function notIsOperator(module: Module, opaVersion: OpaVersion): boolean {
  if (!opaAtLeast(opaVersion, 'v1.22.2')) return false;
  return module.imports.some(({ path }) => {
    const name = path.join('.');
    return name === 'future.keywords' || name === 'future.keywords.not' || name === 'rego.v2';
  });
}

/**
 * OPA's `rego_type_error`s for the built-in calls of `modules` whose argument, as written, is of
 * a type the built-in's declaration in `opaVersion` rules out, in source order per module.
 *
 * @param isBuiltin whether a name is a built-in of the policy set (not replaced by the user's own)
 * @example constantArgumentErrors([parseModule('package a\nr := concat(1, ["a"])', 'a.rego')], 'v1.15.2', () => true); // [RegoError]
 */
export function constantArgumentErrors(
  modules: readonly Module[],
  opaVersion: OpaVersion,
  isBuiltin: (name: string) => boolean,
): RegoError[] {
  const errors: RegoError[] = [];
  const known: Declarations = new Map(
    BUILTIN_DECLARATIONS.filter((d) => d.releases.includes(opaVersion) && isBuiltin(d.name)).map((d) => [
      d.name,
      d,
    ]),
  );
  for (const module of modules) {
    // A function the module defines is not the built-in of the same name.
    const own = new Set(module.rules.map((r) => r.name));
    const scope = own.size === 0 ? known : new Map([...known].filter(([name]) => !own.has(name)));
    for (const call of callsIn(module.rules, notIsOperator(module, opaVersion))) {
      const declaration = scope.get(call.name);
      if (!declaration) continue;
      const wrong = call.args.some((arg, i) => {
        const operand = declaration.args[i] ?? declaration.variadic;
        return operand !== undefined && !unify1(arg, parseTypeNotation(operand.type), scope);
      });
      if (wrong) errors.push(new RegoError('rego_type_error', `${call.name}: invalid argument(s)`, call.loc));
    }
  }
  return errors;
}
