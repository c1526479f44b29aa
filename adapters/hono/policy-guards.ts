/**
 * Per-route policy guards: the policy flow for one route, by derived or explicit policy path.
 */

import { AuthzConfigError, checkPolicy, isPackagePath } from '@gatehousejs/core';
import { policyPathMemo } from '@gatehousejs/core/adapter';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { type AuthzEnv, type HonoAuthzConfig, rememberConfig, requestInfo } from './context-vars.ts';
import { accessDenied, answering } from './http-errors.ts';

/**
 * Guards a route with the policy path derived from its method and route pattern.
 *
 * @example
 * app.get('/api/documents', requirePolicyAuto(config), listDocuments); // webapp.GET.api.documents
 */
export function requirePolicyAuto(config: HonoAuthzConfig): MiddlewareHandler<AuthzEnv> {
  const pathOf = policyPathMemo(config.policyPathRoot);
  return async function requirePolicy(c, next) {
    rememberConfig(c, config);
    const path = pathOf(c.req.method, routePath(c));
    const decision = await answering(() => checkPolicy(config, c, path, requestInfo(c)));
    if (!decision.allowed) throw accessDenied(path, decision);
    c.set('authzDecision', decision);
    await next();
  };
}

/**
 * Guards a route with an explicit policy path.
 *
 * @param policyPath - a dotted Rego package path, e.g. `webapp.PUT.documents`
 * @throws {AuthzConfigError} when `policyPath` is not a package path
 * @example
 * app.put('/api/documents/:id', requirePolicyAllowed(config, 'webapp.PUT.documents'), update);
 */
export function requirePolicyAllowed(
  config: HonoAuthzConfig,
  policyPath: string,
): MiddlewareHandler<AuthzEnv> {
  if (typeof policyPath !== 'string' || !isPackagePath(policyPath)) {
    throw new AuthzConfigError('policyPath', `"${String(policyPath)}" is not a dotted Rego package path`);
  }
  return async function requirePolicy(c, next) {
    rememberConfig(c, config);
    const decision = await answering(() => checkPolicy(config, c, policyPath, requestInfo(c)));
    if (!decision.allowed) throw accessDenied(policyPath, decision);
    c.set('authzDecision', decision);
    await next();
  };
}
