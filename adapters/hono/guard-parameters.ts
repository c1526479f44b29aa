/**
 * The route parameters a guard reads, checked against the routes it is mounted on: a guard naming
 * a parameter its route does not have would otherwise deny every request without a word.
 */
import { AuthzConfigError } from '@gatehousejs/core';
import type { Hono } from 'hono';

const PARAMETERS = Symbol.for('gatehouse.routeParameters');

/** A handler marked with the route parameters it reads. */
type ParameterReader = { [PARAMETERS]?: readonly string[] };

/**
 * Marks `handler` as reading `names` from its route's parameters.
 *
 * @returns `handler`
 */
export function readsRouteParameters<H extends object>(handler: H, names: readonly string[]): H {
  (handler as ParameterReader)[PARAMETERS] = names;
  return handler;
}

/** The parameter names of a route pattern: `/orgs/:org_id/docs/:id{[0-9]+}` → `org_id`, `id`. */
function parametersOf(path: string): Set<string> {
  return new Set([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string));
}

/**
 * Checks every guard of `app` (`requireRebacAllowed`, `requireRebacHierarchy`) against its route:
 * each parameter it reads must be one of the route's. Run it once the routes are registered
 * (`validatePoliciesFromApp` does).
 *
 * @throws {AuthzConfigError} `paramName`, naming each route, method and missing parameter
 * @example
 * checkGuardParameters(app); // after app.get('/api/documents/:id', requireRebacAllowed(…), …)
 */
export function checkGuardParameters(app: Pick<Hono, 'routes'>): void {
  const problems: string[] = [];
  for (const route of app.routes) {
    const reads = (route.handler as ParameterReader)[PARAMETERS];
    if (!reads) continue;
    const present = parametersOf(route.path);
    for (const name of reads) {
      if (!present.has(name)) {
        problems.push(`${route.method} ${route.path} has no parameter "${name}" for its guard`);
      }
    }
  }
  if (problems.length > 0) throw new AuthzConfigError('paramName', problems.join('; '));
}
