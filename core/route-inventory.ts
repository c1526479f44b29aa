/**
 * The route inventory both framework adapters scan into: each route a framework reports, with its
 * policy path, excluded patterns left out, HEAD listed as GET, each method and path once.
 */
import { compilePathExclusions, type PathPattern } from './path-exclusions.ts';
import { policyPath } from './policy-path.ts';
import { authorizationMethod } from './policy-path-memo.ts';
import type { RouteEntry } from './policy-validation.ts';

/** Options of a route scan. */
export interface ScanOptions {
  /** First segment(s) of every policy path, e.g. `webapp`. */
  readonly policyPathRoot: string;
  /** Regular expressions of route patterns to leave out, each matched against the whole pattern. */
  readonly excludePaths?: readonly PathPattern[];
}

/** A route as a framework reports it: one method (as registered) and its pattern. */
export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * The entries of `routes` in order, as `{ method, path, policyPath }`.
 *
 * @throws {AuthzConfigError} for an invalid root or exclusion
 * @example
 * routeInventory([{ method: 'HEAD', path: '/a/:id' }], { policyPathRoot: 'webapp' });
 * // [{ method: 'GET', path: '/a/:id', policyPath: 'webapp.GET.a.__id' }]
 */
export function routeInventory(routes: Iterable<RegisteredRoute>, options: ScanOptions): RouteEntry[] {
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths');
  const seen = new Set<string>();
  const entries: RouteEntry[] = [];
  for (const route of routes) {
    if (excluded.matches(route.path)) continue;
    const method = authorizationMethod(route.method);
    const key = `${method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({
      method,
      path: route.path,
      policyPath: policyPath(options.policyPathRoot, method, route.path),
    });
  }
  return entries;
}
