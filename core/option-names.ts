/**
 * Names in adapters' guard options (object types, relations, route parameters) are checked when
 * the guard is built, never at request time.
 */
import { AuthzConfigError } from './errors.ts';

/**
 * Throws a configuration error naming `field` unless `value` is a non-empty string.
 *
 * @throws {AuthzConfigError} `field`: must be a non-empty string
 * @example
 * requireName('objectType', objectType);
 */
export function requireName(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new AuthzConfigError(field, 'must be a non-empty string');
  }
}
