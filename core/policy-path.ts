/**
 * The policy path convention: `<root>.<METHOD>.<segments joined by .>`, one function shared by
 * middleware, guards, route scanning, the CLI and validation.
 */
import { AuthzConfigError } from './errors.ts';

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
const PACKAGE_PATH = new RegExp(`^${IDENTIFIER}(\\.${IDENTIFIER})*$`);

/** Whether `value` is a dotted Rego package path such as `webapp` or `acme.webapp`. */
export function isPackagePath(value: string): boolean {
  return PACKAGE_PATH.test(value);
}

/** A segment written as a Rego identifier: other characters become `_`, a leading digit gets `_`. */
function identifier(segment: string): string {
  const replaced = segment.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(replaced) ? `_${replaced}` : replaced;
}

/** Splits a route pattern on `/` outside `{…}` and `(…)` (Hono's and Fastify's parameter regexes may contain `/`). */
function splitPattern(pattern: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of pattern) {
    if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') depth = Math.max(0, depth - 1);
    if (char === '/' && depth === 0) {
      segments.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments.filter((s) => s.length > 0);
}

/** `:id`, `:id?`, `:id{[0-9]+}` (Hono), `:id(^\\d+)` (Fastify) and `{id}` name a parameter; `*` is a wildcard. */
function policySegment(segment: string): string {
  if (segment === '*') return '__wildcard';
  const colon = /^:([^{?(]+)/.exec(segment);
  if (colon?.[1]) return `__${identifier(colon[1])}`;
  const braces = /^\{([^}:]+)(:[^}]*)?\}$/.exec(segment);
  if (braces?.[1]) return `__${identifier(braces[1])}`;
  return identifier(segment);
}

/**
 * Derives the policy path of a route. Parameters (`:id`, `{id}`, `:id{regex}`, `:id(regex)`, `:id?`) become
 * `__id`, `*` becomes `__wildcard`, and every other character that a Rego identifier cannot hold
 * (a hyphen, a dot) becomes `_`; a segment starting with a digit is prefixed with `_`, so every
 * derived path is a valid Rego package path. Empty segments (a trailing slash, the root `/`)
 * add nothing. The method is upper-cased; map `HEAD` to `GET` before calling when authorizing.
 *
 * @param root - first segment(s) of every path, a dotted Rego package path such as `webapp`
 * @param method - HTTP method of the route, e.g. `GET`
 * @param routePattern - the route *pattern*, e.g. `/api/documents/:id` (never the raw URL)
 * @throws {AuthzConfigError} when `root` is not a package path
 * @example
 * policyPath('webapp', 'GET', '/api/documents/{id}'); // 'webapp.GET.api.documents.__id'
 * policyPath('webapp', 'delete', '/api/shares/:doc_id/:email'); // 'webapp.DELETE.api.shares.__doc_id.__email'
 */
export function policyPath(root: string, method: string, routePattern: string): string {
  if (!PACKAGE_PATH.test(root)) {
    throw new AuthzConfigError(
      'policyPathRoot',
      `"${root}" is not a dotted Rego package path such as "webapp"`,
    );
  }
  let path = `${root}.${identifier(method.toUpperCase())}`;
  for (const segment of splitPattern(routePattern)) path += `.${policySegment(segment)}`;
  return path;
}
