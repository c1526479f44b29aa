/**
 * OPA's compiler stage `CheckDeprecatedBuiltins`: in Rego v1 modules (and v0 modules importing
 * `rego.v1`) a call of a deprecated built-in is a type error; v0 modules may still call them.
 */
import { RegoError, type SourceLocation } from '../errors.ts';
import type { RegoVersion } from '../syntax/index.ts';

/** The built-ins OPA marks deprecated (refused in v1 modules). */
export const DEPRECATED_BUILTINS: ReadonlySet<string> = new Set([
  'any',
  'all',
  're_match',
  'set_diff',
  'cast_array',
  'cast_set',
  'cast_string',
  'cast_boolean',
  'cast_null',
  'cast_object',
  'net.cidr_overlap',
]);

/**
 * OPA's `rego_type_error` when `name` is a deprecated built-in called from a v1 module.
 * @example deprecatedBuiltinError('any', 'v1', loc); // RegoError
 */
export function deprecatedBuiltinError(
  name: string,
  syntax: RegoVersion | undefined,
  loc: SourceLocation,
): RegoError | undefined {
  if (syntax !== 'v1' || !DEPRECATED_BUILTINS.has(name)) return undefined;
  return new RegoError('rego_type_error', `deprecated built-in function calls in expression: ${name}`, loc);
}
