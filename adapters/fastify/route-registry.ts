/**
 * The routes of a Fastify application as its `onRoute` hook reports them, kept on the instance
 * under a registry symbol so that route scanning — also from another copy of this module, as when
 * `authz-tool` loads the sources and the application `dist/` — finds them.
 */

import { AuthzConfigError } from '@gatehousejs/core';
import { hasSkipMark, markSkipped, type RegisteredRoute } from '@gatehousejs/core/adapter';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Where the plugin keeps the registry on the instance it is registered on. */
export const ROUTE_REGISTRY: unique symbol = Symbol.for('gatehouse.fastify.routes');

/** A route as registered: its methods, full pattern (prefix included) and whether it is skipped. */
export interface FastifyRoute extends RegisteredRoute {
  readonly skipped: boolean;
}

type WithRegistry = FastifyInstance & { [ROUTE_REGISTRY]?: FastifyRoute[] };

/** What `onRoute` reports of a route, one entry per method. */
export function routesOf(options: Pick<RouteOptions, 'method' | 'url' | 'handler'>): FastifyRoute[] {
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  const skipped = hasSkipMark(options.handler);
  return methods.map((method) => ({ method, path: options.url, skipped }));
}

/**
 * Starts recording the routes of `fastify` (routes registered from now on; see
 * {@link refuseEarlierRoutes}). Once per instance.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  if ((fastify as WithRegistry)[ROUTE_REGISTRY]) return;
  const routes: FastifyRoute[] = [];
  fastify.decorate(ROUTE_REGISTRY, routes);
  fastify.addHook('onRoute', (options) => {
    routes.push(...routesOf(options));
  });
}

/**
 * Throws when routes were registered before the plugin: `onRoute` never reports them, so route
 * scanning and start-up validation would silently miss them.
 */
export function refuseEarlierRoutes(fastify: FastifyInstance): void {
  // find-my-way prints exactly this for a router without routes.
  if (fastify.printRoutes().trim() !== '(empty tree)') {
    throw new AuthzConfigError(
      'authzPlugin',
      'routes were registered before authzPlugin, and route scanning cannot see them: `await app.register(authzPlugin, …)` before declaring any route',
    );
  }
}

/** The recorded routes of `app`, or `undefined` when authzPlugin was not registered on it. */
export function recordedRoutes(app: object): readonly FastifyRoute[] | undefined {
  return (app as { [ROUTE_REGISTRY]?: FastifyRoute[] })[ROUTE_REGISTRY];
}

/**
 * Exempts a route from {@link authzPlugin} (and from route scanning and validation): wrap its
 * handler. Returns the same handler, marked with the non-enumerable property
 * `Symbol.for('gatehouse.skipMiddleware')` (the Hono adapter's mark too).
 *
 * @throws {AuthzConfigError} when the handler cannot take the mark (a frozen or sealed function)
 * @example
 * app.get('/health', skipMiddleware(async () => ({ status: 'ok' })));
 */
export function skipMiddleware<H extends (...args: never[]) => unknown>(handler: H): H {
  return markSkipped(handler);
}
