/**
 * Route scanning: the routes of a Hono application with their policy paths, for start-up
 * validation and for `authz-tool`.
 */

import type { RouteEntry } from '@gatehousejs/core';
import { type RegisteredRoute, routeInventory, type ScanOptions } from '@gatehousejs/core/adapter';
import type { Hono } from 'hono';
import { isMiddlewareShaped, isSkipped } from './route-match.ts';

/** Methods a route registered with `app.all` answers, each with its own policy path. */
export const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

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
  const handlers: RegisteredRoute[] = [];
  for (const route of app.routes) {
    if (isMiddlewareShaped(route.handler) || isSkipped(route.handler)) continue;
    const methods = route.method === 'ALL' ? ALL_METHODS : [route.method];
    for (const method of methods) handlers.push({ method, path: route.path });
  }
  return routeInventory(handlers, options);
}
