/**
 * Cross-site request forgery protection of every state-changing request that is not a page form
 * (the JSON API, and whatever route is added beside it): any method but GET, HEAD and OPTIONS,
 * with or without a body, is refused with 403 before authorization when a browser says it was sent
 * by another origin (`Origin`, else `Sec-Fetch-Site`). The JSON routes' content-type rule (415 for
 * anything but `application/json`) still applies after it; this check is what protects the routes
 * that take no body at all (restoring from the trash, restoring a version).
 */
import type { MiddlewareHandler } from 'hono';
import { crossOriginReason, isPagePath } from '../ui/index.ts';
import { httpError } from './error-responses.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The middleware; mount it on `*` before the authorization middleware (page paths are left to the
 * form protection, which applies the same origin rule plus the form token).
 *
 * @param appOrigin the origin browsers use for the application (`APP_BASE_URL`'s origin)
 * @example
 * app.use('*', refuseCrossOriginWrites('https://docs.example.com'));
 */
export function refuseCrossOriginWrites(appOrigin: string): MiddlewareHandler {
  const own = new URL(appOrigin).origin;
  return async function refuseCrossOriginWrite(c, next) {
    if (SAFE_METHODS.has(c.req.method) || isPagePath(c.req.path)) return next();
    const reason = crossOriginReason(c.req.header('origin'), c.req.header('sec-fetch-site'), own);
    if (reason) {
      throw httpError(
        403,
        `Cross-origin request refused: this application only accepts changes from ${own} (${reason})`,
      );
    }
    return next();
  };
}
