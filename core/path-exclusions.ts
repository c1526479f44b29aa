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
  /**
   * {@link PathExclusions.matches} of the path of `url` (what comes before its `?`), without
   * taking the path out of it when every expression is literal.
   */
  matchesUrl(url: string): boolean;
}

/** The path of a request URL: what comes before its query (`?`). */
export function pathOfUrl(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
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
  const matches = matcherOf(compiled, sources);
  return { patterns: compiled, matches, matchesUrl: urlMatcherOf(compiled, sources, matches) };
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
  // Indexed, as in urlMatcherOf below.
  return (path) => {
    if (set.has(path)) return true;
    for (let i = 0; i < expressions.length; i++) if (expressions[i]!.test(path)) return true;
    return false;
  };
}

const QUERY_MARK = 0x3f; // '?'

/**
 * The test of a request URL. Literal expressions only (`/health`): the URL is compared with each
 * as it is — its path is the literal exactly when the URL is the literal, or the literal followed
 * by `?` — which on a request excluded by none costs a comparison of lengths and of one character
 * each, where finding the `?` and copying the path would call into the engine's string code.
 */
function urlMatcherOf(
  compiled: readonly RegExp[],
  sources: readonly string[],
  matches: (path: string) => boolean,
): (url: string) => boolean {
  if (compiled.length === 0) return () => false;
  const literal = compiled.every((re, i) => re.flags === '' && LITERAL.test(sources[i]!));
  if (!literal) return (url) => matches(pathOfUrl(url));
  // An indexed loop: `for…of` would be an iterator's calls in the bytecode, which counts against
  // what V8 inlines into the middleware that calls this on every request.
  return (url) => {
    for (let i = 0; i < sources.length; i++) {
      const path = sources[i]!;
      const n = path.length;
      const sameUrl =
        url.length === n ? url === path : url.charCodeAt(n) === QUERY_MARK && url.startsWith(path);
      if (sameUrl) return true;
    }
    return false;
  };
}

/** An explicit start anchor without an end anchor or a trailing wildcard: written as a prefix. */
function looksLikePrefix(source: string): boolean {
  return source.startsWith('^') && !/(?:\$|\.\*|\.\+|\))$/.test(source);
}
