/**
 * OPA's safety stage on destructuring assignments (`[a, b] := []`): when the right side is a
 * literal collection whose shape can never match the pattern (other length, other keys, a
 * scalar), the pattern's variables are never bound and OPA refuses them as unsafe.
 */
import { RegoError } from '../errors.ts';
import type { Term } from '../syntax/index.ts';

/** Variables of `pattern` that unification with `value` can never bind, in source order. */
function unbindable(pattern: Term, value: Term, out: Term[]): void {
  if (pattern.type === 'var') return;
  const all = (t: Term) => collectVars(t, out);
  if (pattern.type === 'array') {
    if (value.type !== 'array') {
      if (isLiteral(value)) all(pattern);
      return;
    }
    if (value.items.length !== pattern.items.length) {
      all(pattern);
      return;
    }
    pattern.items.forEach((p, i) => {
      unbindable(p, value.items[i] as Term, out);
    });
    return;
  }
  if (pattern.type === 'object') {
    if (value.type !== 'object') {
      if (isLiteral(value)) all(pattern);
      return;
    }
    const keyText = (k: Term) => (k.type === 'scalar' ? JSON.stringify(k.value) : undefined);
    const valueKeys = new Map(value.entries.map(([k, v]) => [keyText(k), v] as const));
    if (valueKeys.has(undefined) || pattern.entries.some(([k]) => keyText(k) === undefined)) return;
    if (valueKeys.size !== pattern.entries.length) {
      all(pattern);
      return;
    }
    for (const [k, p] of pattern.entries) {
      const v = valueKeys.get(keyText(k));
      if (v === undefined) {
        all(pattern);
        return;
      }
      unbindable(p, v, out);
    }
  }
}

/** Whether `t` is written as a literal value (its type is known without evaluating it). */
function isLiteral(t: Term): boolean {
  return t.type === 'scalar' || t.type === 'array' || t.type === 'object' || t.type === 'set';
}

function collectVars(t: Term, out: Term[]): void {
  if (t.type === 'var') {
    if (!t.name.startsWith('$') && t.name !== '_') out.push(t);
    return;
  }
  if (t.type === 'array') for (const i of t.items) collectVars(i, out);
  if (t.type === 'object') for (const [, v] of t.entries) collectVars(v, out);
}

/**
 * Throws OPA's `rego_unsafe_var_error` for the first variable of `pattern := value` that can
 * never be bound.
 * @example checkMatchable(parseTerm('[a, b]'), parseTerm('[]')); // throws `var a is unsafe`
 */
export function checkMatchable(pattern: Term, value: Term): void {
  const never: Term[] = [];
  unbindable(pattern, value, never);
  const first = never[0];
  if (first?.type === 'var')
    throw new RegoError('rego_unsafe_var_error', `var ${first.name} is unsafe`, first.loc);
}
