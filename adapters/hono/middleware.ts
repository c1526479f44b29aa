/**
 * The global middleware: authorizes every request by the policy path of its matched route.
 */

import type { Decision } from '@gatehousejs/core';
import {
  compilePathExclusions,
  decidePolicy,
  type PathPattern,
  policyPathMemo,
} from '@gatehousejs/core/adapter';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { type AuthzEnv, type HonoAuthzConfig, rememberConfig } from './context-vars.ts';
import { accessDenied, toHttpError } from './http-errors.ts';
import { matchReader } from './match-result.ts';
import { targetRoute } from './route-match.ts';
import { TargetRouteMemo } from './target-route-memo.ts';

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
  const routes = new TargetRouteMemo();
  // Not an async function: a cache hit decides synchronously, and the request goes on with
  // `return next()` — no promise of its own, no pause before the handler runs.
  return function authorize(c, next) {
    rememberConfig(c, config);
    // Hono's `c.req` is a getter: read once.
    const req = c.req;
    const requestPath = req.path;
    if (excluded.matches(requestPath)) return next();
    const entries = matchReader()?.(c);
    const route = entries ? routes.of(entries, req.routeIndex + 1) : targetRoute(c);
    if (!route || route.skipped) return next();
    // Read once: each read of a Fetch request's method is checked by undici.
    const method = req.method;
    const path = route.policyPathFor(method, pathOf);
    // While deciding, c.req.param() in the providers reads the target route's parameters.
    const own = req.routeIndex;
    req.routeIndex = route.index;
    let decided: Decision | Promise<Decision>;
    try {
      // The request fields of the audit record, as `requestInfo(c)` reads them.
      decided = decidePolicy(config, c, path, { method, path: requestPath });
    } catch (error) {
      req.routeIndex = own;
      throw toHttpError(error);
    }
    if (decided instanceof Promise) {
      return decided.then(
        (decision) => {
          req.routeIndex = own;
          return admit(c, path, decision, next);
        },
        (error: unknown) => {
          req.routeIndex = own;
          throw toHttpError(error);
        },
      );
    }
    req.routeIndex = own;
    return admit(c, path, decided, next);
  };
}

/** Lets an allowed request through (its decision on the context); throws the denial otherwise. */
function admit(c: Context<AuthzEnv>, path: string, decision: Decision, next: Next): Promise<void> {
  if (!decision.allowed) throw accessDenied(path, decision);
  c.set('authzDecision', decision);
  return next();
}
