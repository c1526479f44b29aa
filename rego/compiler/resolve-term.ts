/**
 * Name resolution of terms: variables (locals, `input`, `data`, imports, rule names), references,
 * composite literals (folded to constants when ground), comprehensions and calls (bound to a
 * function of the policy set or a built-in, with the arity checked).
 */

import type { SourceLocation } from '../errors.ts';
import type { CallTerm, Term } from '../syntax/index.ts';
import { TEMPLATE_STRING, TEMPLATE_VALUES } from '../syntax/index.ts';
import { DecimalNumber, makeObject, SetValue, type Value } from '../value/index.ts';
import { deprecatedBuiltinError } from './deprecated-builtins.ts';
import type { Callee, IrTerm } from './ir.ts';
import { OPA_BUILTIN_NAMES } from './opa-builtins.ts';
import {
  calleeArity,
  compileError,
  INLINE_BUILTINS,
  laterError,
  type ResolveContext,
  withOuter,
} from './resolve-context.ts';
import { mentionedVars, Scope } from './scope.ts';

function refTerm(head: IrTerm, path: readonly IrTerm[], loc: SourceLocation): IrTerm {
  if (path.length === 0) return head;
  if (head.k === 'ref') return { k: 'ref', head: head.head, path: [...head.path, ...path], loc };
  return { k: 'ref', head, path, loc };
}

function pathRef(path: readonly string[], loc: SourceLocation): IrTerm {
  const [root, ...rest] = path;
  const head: IrTerm = { k: 'root', root: root === 'input' ? 'input' : 'data', loc };
  return refTerm(
    head,
    rest.map((s) => ({ k: 'const', value: s, loc })),
    loc,
  );
}

/** Resolves a variable occurrence. */
function resolveVar(cx: ResolveContext, name: string, loc: SourceLocation, scope: Scope): IrTerm {
  if (name.startsWith('$')) return { k: 'var', name: scope.implicitName(name), loc };
  const declared = scope.declaredName(name);
  if (declared) {
    const owner = scope.declaringScope(name) as Scope;
    owner.markUsed(declared);
    scope.noteUse(declared, owner);
    return { k: 'var', name: declared, loc };
  }
  if (name === 'input' || name === 'data') return { k: 'root', root: name, loc };
  const imported = cx.imports.get(name);
  if (imported) return pathRef(imported, loc);
  if (cx.ruleNames.has(name)) return pathRef(['data', ...cx.pkg, name], loc);
  return { k: 'var', name: scope.implicitName(name), loc };
}

/** Folds a composite whose parts are all constants. */
function folded(t: IrTerm): IrTerm {
  const isConst = (x: IrTerm) => x.k === 'const';
  switch (t.k) {
    case 'array':
      return t.items.every(isConst) ? { k: 'const', value: t.items.map(constValue), loc: t.loc } : t;
    case 'set':
      return t.items.every(isConst)
        ? { k: 'const', value: new SetValue(t.items.map(constValue)), loc: t.loc }
        : t;
    case 'object':
      if (!t.entries.every(([k, v]) => isConst(k) && isConst(v))) return t;
      return {
        k: 'const',
        value: makeObject(t.entries.map(([k, v]) => [constValue(k), constValue(v)] as const)),
        loc: t.loc,
      };
    default:
      return t;
  }
}

/** A literal's value: a number whose text OPA keeps (`1.0`) carries it (`DecimalNumber`). */
function scalarValue(t: Extract<Term, { type: 'scalar' }>): Value {
  const { value, text } = t;
  return text !== undefined && (typeof value === 'number' || typeof value === 'bigint')
    ? new DecimalNumber(value, text)
    : value;
}

function constValue(t: IrTerm): Value {
  return (t as Extract<IrTerm, { k: 'const' }>).value;
}

/** Resolves a term (calls must not use the output-argument form here). */
export function resolveTerm(cx: ResolveContext, t: Term, scope: Scope): IrTerm {
  switch (t.type) {
    case 'scalar':
      return { k: 'const', value: scalarValue(t), loc: t.loc };
    case 'var':
      return resolveVar(cx, t.name, t.loc, scope);
    case 'ref': {
      const head = resolveTerm(cx, t.head, scope);
      return refTerm(
        head,
        t.path.map((p) => resolveTerm(cx, p, scope)),
        t.loc,
      );
    }
    case 'call': {
      const { callee, args } = resolveCall(cx, t, scope);
      const arity = calleeArity(cx, callee);
      if (arity >= 0 && args.length !== arity) arityError(cx, t, arity, args.length);
      return { k: 'call', callee, args, loc: t.loc };
    }
    case 'array':
      return folded({ k: 'array', items: t.items.map((i) => resolveTerm(cx, i, scope)), loc: t.loc });
    case 'set':
      return folded({ k: 'set', items: t.items.map((i) => resolveTerm(cx, i, scope)), loc: t.loc });
    case 'object':
      return folded({
        k: 'object',
        entries: t.entries.map(([k, v]) => [resolveTerm(cx, k, scope), resolveTerm(cx, v, scope)] as const),
        loc: t.loc,
      });
    case 'arraycomp':
    case 'setcomp': {
      const inner = new Scope(scope, scope.namer, mentionedVars(t.body, [t.head]));
      const body = cx.resolveBody(cx, t.body, inner);
      const value = resolveTerm(cx, t.head, inner);
      return {
        k: 'comp',
        kind: t.type === 'arraycomp' ? 'array' : 'set',
        key: undefined,
        value,
        body: withOuter(body, inner),
        loc: t.loc,
      };
    }
    case 'objectcomp': {
      const inner = new Scope(scope, scope.namer, mentionedVars(t.body, [t.key, t.value]));
      const body = cx.resolveBody(cx, t.body, inner);
      const key = resolveTerm(cx, t.key, inner);
      const value = resolveTerm(cx, t.value, inner);
      return { k: 'comp', kind: 'object', key, value, body: withOuter(body, inner), loc: t.loc };
    }
  }
}

/** Records OPA's arity mismatch (a `CheckTypes` error). */
export function arityError(cx: ResolveContext, t: CallTerm, want: number, have: number): void {
  laterError(
    cx,
    'types',
    'rego_type_error',
    `${t.name}: arity mismatch: have ${have} argument${have === 1 ? '' : 's'}, want ${want}`,
    t.loc,
  );
}

/** Resolves a call's target and arguments (any number of arguments). */
export function resolveCall(
  cx: ResolveContext,
  t: CallTerm,
  scope: Scope,
): { callee: Callee; args: IrTerm[] } {
  const callee = resolveCallee(cx, t.name, t.loc, scope);
  if (callee.kind === 'template') {
    const spread = t.args.flatMap((a, i) => (a.type === 'call' && a.name === TEMPLATE_VALUES ? [i] : []));
    const args = t.args.map((a) =>
      resolveTerm(cx, a.type === 'call' && a.name === TEMPLATE_VALUES ? (a.args[0] as Term) : a, scope),
    );
    return { callee: spread.length > 0 ? { kind: 'template', spread } : callee, args };
  }
  return { callee, args: t.args.map((a) => resolveTerm(cx, a, scope)) };
}

/** Resolves a dotted function name to a function of the policy set or a built-in. */
export function resolveCallee(cx: ResolveContext, name: string, loc: SourceLocation, scope: Scope): Callee {
  if (name === 'print') return { kind: 'print' };
  if (name === TEMPLATE_STRING) return { kind: 'template' };
  const parts = name.split('.');
  const first = parts[0] as string;
  if (scope.declaredName(first)) return undefinedFunction(cx, name, loc);
  let path: readonly string[] | undefined;
  if (first === 'data') path = parts.slice(1);
  else if (cx.imports.has(first)) {
    const full = [...(cx.imports.get(first) as readonly string[]), ...parts.slice(1)];
    if (full[0] === 'data') path = full.slice(1);
  } else if (cx.ruleNames.has(first)) path = [...cx.pkg, ...parts];
  if (path) {
    const node = cx.tree.find(path);
    if (node?.nodeClass === 'function') return { kind: 'function', name: ['data', ...path].join('.'), path };
    return undefinedFunction(cx, ['data', ...path].join('.'), loc);
  }
  if (name === 'rego.metadata.rule' || name === 'rego.metadata.chain') {
    const answer: Value =
      name === 'rego.metadata.rule' ? (cx.metadata?.rule ?? {}) : (cx.metadata?.chain ?? []);
    return { kind: 'builtin', name, def: { name, arity: 0, kind: 'function', call: () => answer } };
  }
  const def = cx.builtins.get(name);
  if (def || INLINE_BUILTINS.has(name)) {
    const deprecated = deprecatedBuiltinError(name, cx.syntax, loc);
    if (deprecated) laterError(cx, 'deprecated', deprecated.code, deprecated.detail, loc);
    return { kind: 'builtin', name, def };
  }
  if (OPA_BUILTIN_NAMES.has(name)) {
    return compileError('rego_unsupported_error', `built-in function ${name} is not supported`, loc);
  }
  return undefinedFunction(cx, name, loc);
}

/**
 * Records OPA's `undefined function` (a `CheckUndefinedFuncs` error); the call resolves to a
 * built-in without implementation, never run since the compilation fails.
 */
function undefinedFunction(cx: ResolveContext, name: string, loc: SourceLocation): Callee {
  laterError(cx, 'undefinedFunctions', 'rego_type_error', `undefined function ${name}`, loc);
  return { kind: 'builtin', name, def: undefined };
}
