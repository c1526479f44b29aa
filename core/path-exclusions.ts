/**
 * Path exclusions: regular expressions that exempt request paths (or route patterns) from the
 * authorization middleware. Each is anchored to the whole path: `/health` does not exclude
 * `/healthz` or `/api/health-x`.
 */
import { AuthzConfigError } from './errors.ts';

/** An exclusion: a regular expression source or a RegExp (flags `g` and `y` are dropped). */
export type PathPattern = string | RegExp;

/** Compiled exclusions. */
export interface PathExclusions {
  /** The anchored expressions, in input order. */
  readonly patterns: readonly RegExp[];
  /** Whether some expression matches the whole of `path`. */
  matches(path: string): boolean;
}

/**
 * Compiles and anchors `patterns` once.
 *
 * @param patterns - default none
 * @param field - option name used in errors (default `excludePaths`)
 * @throws {AuthzConfigError} naming the entry (`excludePaths[2]`) when one is not a valid expression
 * @example
 * const excluded = compilePathExclusions(['/health', '/auth/.*']);
 * excluded.matches('/health'); // true
 * excluded.matches('/healthz'); // false
 */
export function compilePathExclusions(
  patterns: readonly PathPattern[] = [],
  field = 'excludePaths',
): PathExclusions {
  if (!Array.isArray(patterns)) throw new AuthzConfigError(field, 'must be a list of regular expressions');
  const compiled = patterns.map((pattern, i) => {
    const source = pattern instanceof RegExp ? pattern.source : pattern;
    const flags = pattern instanceof RegExp ? pattern.flags.replace(/[gy]/g, '') : '';
    if (typeof source !== 'string') {
      throw new AuthzConfigError(`${field}[${i}]`, 'must be a string or a RegExp');
    }
    try {
      return new RegExp(`^(?:${source})$`, flags);
    } catch (error) {
      throw new AuthzConfigError(`${field}[${i}]`, `invalid regular expression "${source}"`, {
        cause: error,
      });
    }
  });
  return {
    patterns: compiled,
    matches: (path) => compiled.some((re) => re.test(path)),
  };
}
