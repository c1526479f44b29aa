/**
 * Route scanning: the routes of a Hono application with their policy paths, for start-up
 * validation and for `authz-tool`.
 */
import type { Hono } from 'hono';
import { compilePathExclusions, type PathPattern, policyPath, type RouteEntry } from '../../core/index.ts';
import { authorizationMethod, isMiddlewareShaped, isSkipped } from './route-match.ts';

/** Methods a route registered with `app.all` answers, each with its own policy path. */
export const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Options of {@link scanRoutes}. */
export interface ScanOptions {
  /** First segment(s) of every policy path, e.g. `webapp`. */
  readonly policyPathRoot: string;
  /** Regular expressions of route patterns to leave out, each matched against the whole pattern. */
  readonly excludePaths?: readonly PathPattern[];
}

/**
 * The routes of `app` (mounted sub-apps included) as `{ method, path, policyPath }`, in
 * registration order, without middleware (`use`, guards), without routes marked with
 * `skipMiddleware` or excluded, each method and path once. `app.all` routes are listed once per
 * method of {@link ALL_METHODS}; `HEAD` routes are listed as `GET`.
 *
 * @throws {AuthzConfigError} for an invalid root or exclusion
 * @example
 * scanRoutes(app, { policyPathRoot: 'webapp', excludePaths: ['/health'] });
 * // [{ method: 'GET', path: '/api/documents/:id', policyPath: 'webapp.GET.api.documents.__id' }, …]
 */
export function scanRoutes(app: Pick<Hono, 'routes'>, options: ScanOptions): RouteEntry[] {
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths');
  const seen = new Set<string>();
  const entries: RouteEntry[] = [];
  for (const route of app.routes) {
    if (isMiddlewareShaped(route.handler) || isSkipped(route.handler) || excluded.matches(route.path))
      continue;
    const methods = route.method === 'ALL' ? ALL_METHODS : [authorizationMethod(route.method)];
    for (const method of methods) {
      const key = `${method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        method,
        path: route.path,
        policyPath: policyPath(options.policyPathRoot, method, route.path),
      });
    }
  }
  return entries;
}
