/**
 * Parsing of configuration objects: a schema holds the defaults, and a bad value becomes an
 * {@link AuthzConfigError} naming the field. Core's own schemas (`option-schema.ts`) and the zod
 * schemas of the adapters have the same `safeParse` shape, so this one function reads both.
 */
import { AuthzConfigError } from './errors.ts';
import type { OptionIssue } from './option-schema.ts';

/** What {@link parseOptions} needs of a schema: zod's `safeParse` shape. */
export interface ParsableSchema {
  safeParse(
    value: unknown,
  ):
    | { readonly success: true; readonly data: unknown }
    | { readonly success: false; readonly error: { readonly issues: readonly OptionIssue[] } };
}

/** The value a schema gives on success. */
export type ParsedOptions<S extends ParsableSchema> = Extract<
  ReturnType<S['safeParse']>,
  { success: true }
>['data'];

/**
 * Parses `value` with `schema`; on failure throws an {@link AuthzConfigError} whose field is
 * `prefix` joined with the first issue's path and whose message lists every issue.
 *
 * @param prefix - name of the option holding `value`, e.g. `circuitBreaker` (default: none)
 * @example
 * const config = parseOptions(DecisionCacheOptionsSchema, { ttlSeconds: 30 }, 'decisionCache');
 */
export function parseOptions<S extends ParsableSchema>(
  schema: S,
  value: unknown,
  prefix = '',
): ParsedOptions<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as ParsedOptions<S>;
  const fieldOf = (path: readonly PropertyKey[]) =>
    [prefix, ...path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))]
      .filter((s) => s !== '')
      .join('.')
      .replace(/\.\[/g, '[');
  // An unknown key is named as the field itself (the schema reports it on the object holding it).
  const issues = result.error.issues.flatMap((issue): { path: readonly PropertyKey[]; message: string }[] =>
    issue.code === 'unrecognized_keys'
      ? (issue.keys ?? []).map((key) => ({ path: [...issue.path, key], message: 'is not an option here' }))
      : [issue],
  );
  const [first, ...rest] = issues;
  const details = rest.map((issue) => `; ${fieldOf(issue.path) || 'value'}: ${issue.message}`).join('');
  throw new AuthzConfigError(fieldOf(first?.path ?? []), `${first?.message ?? 'invalid'}${details}`, {
    cause: result.error,
  });
}
