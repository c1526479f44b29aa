/**
 * Name resolution of `with` modifiers: the target (`input…`, `data…`, a function or a built-in),
 * the replacement (a value, or another function of the same arity), and OPA's checks of both.
 */
import type { Term, WithModifier } from '../syntax/index.ts';
import type { Callee, IrWith, WithTarget } from './ir.ts';
import { OPA_BUILTIN_NAMES } from './opa-builtins.ts';
import { calleeArity, compileError, type ResolveContext } from './resolve-context.ts';
import { resolveCallee, resolveTerm } from './resolve-term.ts';
import type { Scope } from './scope.ts';

function targetParts(t: Term): string[] | undefined {
  if (t.type === 'var') return [t.name];
  if (t.type !== 'ref' || t.head.type !== 'var') return undefined;
  const parts = [t.head.name];
  for (const p of t.path) {
    if (p.type !== 'scalar' || typeof p.value !== 'string') return undefined;
    parts.push(p.value);
  }
  return parts;
}

/** Resolves a `with` modifier of a literal resolved in `scope`. */
export function resolveWith(cx: ResolveContext, w: WithModifier, scope: Scope): IrWith {
  const parts = targetParts(w.target);
  const invalid = () =>
    compileError(
      'rego_type_error',
      'with keyword target must reference existing input, data, or a function',
      w.target.loc,
    );
  if (!parts) return invalid();
  const first = parts[0] as string;
  const imported = cx.imports.get(first);
  const inputPath =
    first === 'input'
      ? parts.slice(1)
      : imported?.[0] === 'input'
        ? [...imported.slice(1), ...parts.slice(1)]
        : undefined;
  const path = inputPath ? undefined : dataPath(cx, parts);
  let target: WithTarget;
  if (inputPath) target = { kind: 'input', path: inputPath };
  else if (path) {
    target =
      cx.tree.find(path)?.nodeClass === 'function' ? { kind: 'function', path } : { kind: 'data', path };
  } else {
    const name = parts.join('.');
    if (!cx.builtins.has(name)) {
      if (OPA_BUILTIN_NAMES.has(name)) {
        compileError('rego_unsupported_error', `built-in function ${name} is not supported`, w.target.loc);
      }
      return invalid();
    }
    target = { kind: 'builtin', name };
  }
  if (target.kind === 'data') checkDataTarget(cx, target.path, w);
  const replacement =
    target.kind === 'function' || target.kind === 'builtin' ? replacementOf(cx, w, scope) : undefined;
  if (replacement) checkReplacementArity(cx, target, replacement, w);
  return { target, value: resolveTerm(cx, w.value, scope), replacement, loc: w.loc };
}

function checkReplacementArity(
  cx: ResolveContext,
  target: WithTarget,
  replacement: Callee,
  w: WithModifier,
): void {
  const want =
    target.kind === 'builtin'
      ? calleeArity(cx, { kind: 'builtin', name: target.name, def: cx.builtins.get(target.name) })
      : target.kind === 'function'
        ? calleeArity(cx, { kind: 'function', name: '', path: target.path })
        : -1;
  const have = calleeArity(cx, replacement);
  if (want >= 0 && have >= 0 && want !== have) {
    compileError(
      'rego_type_error',
      `with: arity mismatch: the replacement takes ${have} arguments, want ${want}`,
      w.value.loc,
    );
  }
}

function checkDataTarget(cx: ResolveContext, path: readonly string[], w: WithModifier): void {
  for (let i = 0; i < path.length; i++) {
    if ((cx.tree.find(path.slice(0, i))?.rules.length ?? 0) > 0) {
      compileError(
        'rego_compile_error',
        'with keyword cannot partially replace virtual document(s)',
        w.target.loc,
      );
    }
  }
}

/** A replacement naming a function or built-in (`with f as g`); `undefined` for value replacements. */
function replacementOf(cx: ResolveContext, w: WithModifier, scope: Scope): Callee | undefined {
  const parts = targetParts(w.value);
  if (!parts || scope.declaredName(parts[0] as string)) return undefined;
  const path = dataPath(cx, parts);
  if (path) {
    if (cx.tree.find(path)?.nodeClass !== 'function') return undefined;
    return resolveCallee(cx, ['data', ...path].join('.'), w.value.loc, scope);
  }
  const name = parts.join('.');
  return cx.builtins.has(name) ? resolveCallee(cx, name, w.value.loc, scope) : undefined;
}

/** The `data` path (without the root) a dotted name denotes, if it denotes one. */
function dataPath(cx: ResolveContext, parts: readonly string[]): string[] | undefined {
  const first = parts[0] as string;
  if (first === 'data') return parts.slice(1);
  const imported = cx.imports.get(first);
  if (imported) return imported[0] === 'data' ? [...imported.slice(1), ...parts.slice(1)] : undefined;
  if (cx.ruleNames.has(first)) return [...cx.pkg, ...parts];
  return undefined;
}
