/**
 * The global middleware: authorizes every request by the policy path of its matched route.
 */

import { checkPolicy, type Decision } from '@gatehousejs/core';
import { compilePathExclusions, type PathPattern, policyPathMemo } from '@gatehousejs/core/adapter';
import type { MiddlewareHandler } from 'hono';
import { type AuthzEnv, type HonoAuthzConfig, rememberConfig, requestInfo } from './context-vars.ts';
import { accessDenied, toHttpError } from './http-errors.ts';
import { targetRoute } from './route-match.ts';

/** Options of {@link authzMiddleware}. */
export interface AuthzMiddlewareOptions {
  /**
   * Regular expressions of request paths left alone, each matched against the *whole* path
   * (`/health` does not exclude `/healthz`). Default none.
   */
  readonly excludePaths?: readonly PathPattern[];
}

/**
 * Authorizes every request by the policy path derived from its *matched route pattern* and
 * method (HEAD as GET; no method bypasses), except excluded paths and routes marked with
 * {@link skipMiddleware}. Denies with 403 `{ "detail": "Access denied: <policy_path>" }`; answers
 * 503 when the decision service is unavailable and no circuit breaker is configured. A request
 * no route answers goes on to the 404 handler. While deciding, `c.req.param()` in the identity
 * and resource context providers reads the matched route's parameters.
 *
 * @param options - `excludePaths` (default none); validated once
 * @throws {AuthzConfigError} naming the entry when an exclusion is not a valid regular expression
 * @example
 * app.use('*', authzMiddleware(config, { excludePaths: ['/health', '/login', '/auth/.*'] }));
 */
export function authzMiddleware(
  config: HonoAuthzConfig,
  options: AuthzMiddlewareOptions = {},
): MiddlewareHandler<AuthzEnv> {
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths', (message) =>
    config.logger.warn(message),
  );
  const pathOf = policyPathMemo(config.policyPathRoot);
  return async function authorize(c, next) {
    rememberConfig(c, config);
    if (excluded.matches(c.req.path)) return next();
    const route = targetRoute(c);
    if (!route || route.skipped) return next();
    const path = pathOf(c.req.method, route.path);
    // While deciding, c.req.param() in the providers reads the target route's parameters.
    const own = c.req.routeIndex;
    c.req.routeIndex = route.index;
    let decision: Decision;
    try {
      decision = await checkPolicy(config, c, path, requestInfo(c));
    } catch (error) {
      throw toHttpError(error);
    } finally {
      c.req.routeIndex = own;
    }
    if (!decision.allowed) throw accessDenied(path, decision);
    c.set('authzDecision', decision);
    await next();
  };
}
