/**
 * Parsing of configuration objects: a zod schema holds the defaults, and a bad value becomes an
 * {@link AuthzConfigError} naming the field.
 */
import type { z } from 'zod';
import { AuthzConfigError } from './errors.ts';

/**
 * Parses `value` with `schema`; on failure throws an {@link AuthzConfigError} whose field is
 * `prefix` joined with the first issue's path and whose message lists every issue.
 *
 * @param prefix - name of the option holding `value`, e.g. `circuitBreaker` (default: none)
 */
export function parseOptions<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldOf = (path: readonly PropertyKey[]) =>
    [prefix, ...path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))]
      .filter((s) => s !== '')
      .join('.')
      .replace(/\.\[/g, '[');
  // An unknown key is named as the field itself (zod reports it on the object holding it).
  const issues = result.error.issues.flatMap((issue): { path: PropertyKey[]; message: string }[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: 'is not an option here' }))
      : [issue],
  );
  const [first, ...rest] = issues;
  const details = rest.map((issue) => `; ${fieldOf(issue.path) || 'value'}: ${issue.message}`).join('');
  throw new AuthzConfigError(fieldOf(first?.path ?? []), `${first?.message ?? 'invalid'}${details}`, {
    cause: result.error,
  });
}
