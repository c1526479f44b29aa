/**
 * Per-route policy guards (`preHandler` hooks): the policy flow for one route, by derived or
 * explicit policy path.
 */

import { AuthzConfigError, checkPolicy, isPackagePath } from '@gatehousejs/core';
import { policyPathMemo } from '@gatehousejs/core/adapter';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { orAnswer, sendAccessDenied } from './http-answers.ts';
import { type FastifyAuthzConfig, requestInfo } from './request-state.ts';

/**
 * Guards a route with the policy path derived from its method and route pattern.
 *
 * @example
 * app.get('/api/documents', { preHandler: requirePolicyAuto(config) }, listDocuments); // webapp.GET.api.documents
 */
export function requirePolicyAuto(config: FastifyAuthzConfig): preHandlerAsyncHookHandler {
  const pathOf = policyPathMemo(config.policyPathRoot);
  return async function requirePolicy(request, reply) {
    request.authzConfig = config;
    const path = pathOf(request.method, request.routeOptions.url ?? '');
    const decision = await orAnswer(reply, () => checkPolicy(config, request, path, requestInfo(request)));
    if (!decision) return reply;
    if (!decision.allowed) return sendAccessDenied(reply, path, decision);
    request.authzDecision = decision;
  };
}

/**
 * Guards a route with an explicit policy path.
 *
 * @param policyPath - a dotted Rego package path, e.g. `webapp.PUT.documents`
 * @throws {AuthzConfigError} when `policyPath` is not a package path
 * @example
 * app.put('/api/documents/:id', { preHandler: requirePolicyAllowed(config, 'webapp.PUT.documents') }, update);
 */
export function requirePolicyAllowed(
  config: FastifyAuthzConfig,
  policyPath: string,
): preHandlerAsyncHookHandler {
  if (typeof policyPath !== 'string' || !isPackagePath(policyPath)) {
    throw new AuthzConfigError('policyPath', `"${String(policyPath)}" is not a dotted Rego package path`);
  }
  return async function requirePolicy(request, reply) {
    request.authzConfig = config;
    const decision = await orAnswer(reply, () =>
      checkPolicy(config, request, policyPath, requestInfo(request)),
    );
    if (!decision) return reply;
    if (!decision.allowed) return sendAccessDenied(reply, policyPath, decision);
    request.authzDecision = decision;
  };
}
