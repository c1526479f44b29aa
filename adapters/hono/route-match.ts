/**
 * Which route a request is for, seen from a middleware: the *matched route pattern* (never the
 * raw URL), and the routes exempted with {@link skipMiddleware}.
 */

import { hasSkipMark, markSkipped } from '@gatehousejs/core/adapter';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { findTargetHandler, isMiddleware } from 'hono/utils/handler';
import { type MatchEntry, type MatchReader, matchReader } from './match-result.ts';

type AnyHandler = Handler | MiddlewareHandler;

/**
 * Exempts a route from {@link authzMiddleware} and `authzGate` (and from route scanning and validation): wrap its
 * handler. Returns the same handler, marked with the non-enumerable property
 * `Symbol.for('gatehouse.skipMiddleware')` (the Fastify adapter's mark too).
 *
 * @throws {AuthzConfigError} when the handler cannot take the mark (a frozen or sealed function)
 * @example
 * app.get('/health', skipMiddleware((c) => c.json({ status: 'ok' })));
 */
export function skipMiddleware<H extends AnyHandler>(handler: H): H {
  return markSkipped(handler);
}

/**
 * The handler a route entry runs (sub-apps with their own error handler wrap handlers), through
 * Hono's own `findTargetHandler`.
 */
export function targetHandler(handler: AnyHandler): AnyHandler {
  return findTargetHandler(handler) as AnyHandler;
}

/** Whether `handler` was marked with {@link skipMiddleware}. */
export function isSkipped(handler: AnyHandler): boolean {
  return hasSkipMark(targetHandler(handler));
}

/** Whether `handler` is middleware-shaped (`(c, next)`), as Hono itself tells them apart. */
export function isMiddlewareShaped(handler: AnyHandler): boolean {
  return isMiddleware(targetHandler(handler));
}

/** The route a request will be answered by. */
export interface TargetRoute {
  /** The route pattern, e.g. `/api/documents/:id` (base paths of sub-apps included). */
  readonly path: string;
  /** Marked with {@link skipMiddleware}. */
  readonly skipped: boolean;
  /** Its index among the matched routes (what `c.req.routeIndex` is while it runs). */
  readonly index: number;
}

/**
 * A {@link TargetRoute} that remembers its policy path for the last method asked: a remembered
 * route (`TargetRouteMemo`) then finds it with a comparison, not two map lookups, on every request.
 */
export class MatchedRoute implements TargetRoute {
  #method: string | undefined = undefined;
  #policyPath = '';

  constructor(
    readonly path: string,
    readonly skipped: boolean,
    readonly index: number,
  ) {}

  /** The policy path of this route for `method`, through `pathOf` unless `method` was the last asked. */
  policyPathFor(method: string, pathOf: (method: string, pattern: string) => string): string {
    if (method !== this.#method) {
      this.#policyPath = pathOf(method, this.path);
      this.#method = method;
    }
    return this.#policyPath;
  }
}

/**
 * The route that will answer the request, as seen from the middleware running now: the first
 * handler (or {@link skipMiddleware}-marked route) matched *after* the current one; failing that,
 * the last middleware-shaped route matched after it (a mounted app, static files), so that such
 * responders are authorized too. `undefined` when nothing after it matched (the answer is 404).
 */
export function targetRoute(c: Context): MatchedRoute | undefined {
  return targetRouteRead(c, matchReader());
}

/**
 * {@link targetRoute} with the router's match read by `read` (in place), or through
 * `matchedRoutes(c)` without one.
 */
export function targetRouteRead(c: Context, read: MatchReader | undefined): MatchedRoute | undefined {
  const from = c.req.routeIndex + 1;
  const entries = read?.(c);
  return entries ? targetRouteOfMatch(entries, from) : targetRouteAmong(matchedRoutes(c), from);
}

/**
 * {@link targetRoute} among a router's matched routes (in the router's order), from index `from`
 * on: what the middleware sees after itself.
 */
export function targetRouteAmong(routes: readonly RouterRoute[], from: number): MatchedRoute | undefined {
  return targetRouteIn(routes, routeItself, from);
}

/**
 * {@link targetRoute} among the entries of a router's match result (`router.match(…)[0]`), read
 * in place: what `authzGate` sees before Hono dispatches.
 */
export function targetRouteOfMatch(entries: readonly MatchEntry[], from: number): MatchedRoute | undefined {
  return targetRouteIn(entries, routeOfEntry, from);
}

function routeItself(route: RouterRoute): RouterRoute {
  return route;
}

function routeOfEntry(entry: MatchEntry): RouterRoute {
  return entry[0][1];
}

function targetRouteIn<T>(
  items: readonly T[],
  routeOf: (item: T) => RouterRoute,
  from: number,
): MatchedRoute | undefined {
  let responder: MatchedRoute | undefined;
  for (let i = from; i < items.length; i++) {
    const route = routeOf(items[i]!);
    const handler = targetHandler(route.handler);
    if (hasSkipMark(handler)) return new MatchedRoute(route.path, true, i);
    if (!isMiddleware(handler)) return new MatchedRoute(route.path, false, i);
    responder = new MatchedRoute(route.path, false, i);
  }
  return responder;
}
