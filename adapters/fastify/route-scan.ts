/**
 * Route scanning: the routes of a Fastify application with their policy paths, for start-up
 * validation and for `authz-tool`, from what `onRoute` reported to {@link authzPlugin}.
 */
import { AuthzConfigError, type RouteEntry } from '@gatehousejs/core';
import { routeInventory, type ScanOptions } from '@gatehousejs/core/adapter';
import { recordedRoutes } from './route-registry.ts';

/** What route scanning needs of a Fastify instance. */
export interface ScannableApp {
  ready(): PromiseLike<unknown>;
}

/** Whether `value` looks like a Fastify instance (duck-typed: copies of `fastify` may differ). */
export function isFastifyApp(value: unknown): value is ScannableApp {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['ready', 'register', 'addHook', 'inject'].every((name) => typeof candidate[name] === 'function');
}

/**
 * The routes of `app` (child plugins and their prefixes included) as `{ method, path, policyPath }`,
 * in registration order, without routes marked with `skipMiddleware` or excluded, each method and
 * path once; `HEAD` routes (Fastify adds one per GET route) are listed as `GET`, and a route of
 * several methods (`app.all`) once per method. Waits for `app.ready()`, so that every plugin has
 * registered its routes.
 *
 * @throws {AuthzConfigError} when `authzPlugin` is not registered on `app`, or for an invalid root or exclusion
 * @example
 * await scanRoutes(app, { policyPathRoot: 'webapp', excludePaths: ['/health'] });
 * // [{ method: 'GET', path: '/api/documents/:id', policyPath: 'webapp.GET.api.documents.__id' }, …]
 */
export async function scanRoutes(app: ScannableApp, options: ScanOptions): Promise<RouteEntry[]> {
  await app.ready();
  const routes = recordedRoutes(app);
  if (!routes) {
    throw new AuthzConfigError(
      'app',
      'authzPlugin is not registered on this Fastify instance: its routes are known only through the plugin',
    );
  }
  return routeInventory(
    routes.filter((route) => !route.skipped),
    options,
  );
}
