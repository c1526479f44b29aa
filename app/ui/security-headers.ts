/**
 * Security headers of every page answer (error pages included): a strict Content Security Policy
 * — nothing but the application's own style sheet and images, no script at all, forms only to
 * itself, never framed — plus `nosniff`, `Referrer-Policy: same-origin`, `X-Frame-Options: DENY`,
 * cross-origin isolation of the window and resources, HSTS when served over https, and
 * `Cache-Control: no-store` unless the answer chose its own caching (the style sheet), so that the
 * back button never shows a page of a session that has ended.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isPagePath } from './page-paths.ts';

/** Options of {@link pageSecurityHeaders}. */
export interface PageSecurityOptions {
  /** Whether browsers reach the application over https (adds `Strict-Transport-Security`). */
  readonly https: boolean;
}

/**
 * The middleware; mount it on every path (it leaves non-page paths alone).
 *
 * @example
 * app.use('*', pageSecurityHeaders({ https: appBaseUrl.startsWith('https:') }));
 */
export function pageSecurityHeaders(options: PageSecurityOptions): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
    referrerPolicy: 'same-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return async function pageSecurity(c, next) {
    if (!isPagePath(c.req.path)) return next();
    await headers(c, next);
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
