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
 * Compiles and anchors `patterns` once. A pattern written as an anchored prefix (`^/token/`) is
 * reported through `warn`: it matches that exact path only, which is rarely what its author meant.
 *
 * @param patterns - default none
 * @param field - option name used in errors (default `excludePaths`)
 * @param warn - receives a warning per prefix-looking pattern (default: none)
 * @throws {AuthzConfigError} naming the entry (`excludePaths[2]`) when one is not a valid expression
 * @example
 * const excluded = compilePathExclusions(['/health', '/auth/.*']);
 * excluded.matches('/health'); // true
 * excluded.matches('/healthz'); // false
 */
export function compilePathExclusions(
  patterns: readonly PathPattern[] = [],
  field = 'excludePaths',
  warn?: (message: string) => void,
): PathExclusions {
  if (!Array.isArray(patterns)) throw new AuthzConfigError(field, 'must be a list of regular expressions');
  const sources: string[] = [];
  const compiled = patterns.map((pattern, i) => {
    const source = pattern instanceof RegExp ? pattern.source : pattern;
    const flags = pattern instanceof RegExp ? pattern.flags.replace(/[gy]/g, '') : '';
    if (typeof source !== 'string') {
      throw new AuthzConfigError(`${field}[${i}]`, 'must be a string or a RegExp');
    }
    if (warn && looksLikePrefix(source)) {
      warn(
        `${field}[${i}] "${source}" matches whole paths only (every pattern is anchored at both ends), so it excludes nothing below it; to exclude every path that starts with it, write "${source.replace(/^\^/, '')}.*"`,
      );
    }
    sources.push(source);
    try {
      return new RegExp(`^(?:${source})$`, flags);
    } catch (error) {
      throw new AuthzConfigError(`${field}[${i}]`, `invalid regular expression "${source}"`, {
        cause: error,
      });
    }
  });
  return { patterns: compiled, matches: matcherOf(compiled, sources) };
}

/** A source without any character a regular expression reads specially: it matches itself only. */
const LITERAL = /^[A-Za-z0-9/_~,;:@=!'&%-]*$/;

/**
 * The test of every request: without a callback per expression, and none at all without one.
 * Literal expressions without flags (`/health`) match exactly their own text, anchored at both
 * ends: they are compared as strings, which costs a fraction of running the expression.
 */
function matcherOf(compiled: readonly RegExp[], sources: readonly string[]): (path: string) => boolean {
  const literals: string[] = [];
  const expressions: RegExp[] = [];
  compiled.forEach((re, i) => {
    const source = sources[i]!;
    if (re.flags === '' && LITERAL.test(source)) literals.push(source);
    else expressions.push(re);
  });
  const [only] = expressions;
  const [literal] = literals;
  if (literal === undefined) {
    if (only === undefined) return () => false;
    if (expressions.length === 1) return (path) => only.test(path);
  } else if (only === undefined) {
    if (literals.length === 1) return (path) => path === literal;
    const set = new Set(literals);
    return (path) => set.has(path);
  }
  const set = new Set(literals);
  return (path) => {
    if (set.has(path)) return true;
    for (const re of expressions) if (re.test(path)) return true;
    return false;
  };
}

/** An explicit start anchor without an end anchor or a trailing wildcard: written as a prefix. */
function looksLikePrefix(source: string): boolean {
  return source.startsWith('^') && !/(?:\$|\.\*|\.\+|\))$/.test(source);
}
