/**
 * The plugin: authorizes every request by the policy path of its matched route pattern.
 */

import { AuthzConfigError, checkPolicy } from '@gatehousejs/core';
import { compilePathExclusions, type PathPattern, policyPathMemo } from '@gatehousejs/core/adapter';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { answeringAuthzErrors, orAnswer, sendAccessDenied } from './http-answers.ts';
import { type FastifyAuthzConfig, REQUEST_DECORATIONS, requestInfo } from './request-state.ts';
import { isSkippedRoute, recordRoutes, refuseEarlierRoutes } from './route-registry.ts';

/** Options of {@link authzPlugin}. */
export interface AuthzPluginOptions {
  /** The configuration built by `createAuthzConfig`. */
  readonly config: FastifyAuthzConfig;
  /**
   * Regular expressions of request paths left alone, each matched against the *whole* path
   * (`/health` does not exclude `/healthz`). Default none.
   */
  readonly excludePaths?: readonly PathPattern[];
}

function checkedConfig(value: unknown): FastifyAuthzConfig {
  const config = value as Partial<FastifyAuthzConfig> | undefined;
  if (typeof config?.policyPathRoot !== 'string' || typeof config.decisionService?.decide !== 'function') {
    throw new AuthzConfigError('config', 'must be a configuration built by createAuthzConfig');
  }
  return config as FastifyAuthzConfig;
}

function declareDecorations(fastify: FastifyInstance): void {
  for (const name of REQUEST_DECORATIONS) {
    if (!fastify.hasRequestDecorator(name)) fastify.decorateRequest(name, null);
  }
}

async function authzPluginBody(fastify: FastifyInstance, options: AuthzPluginOptions): Promise<void> {
  const config = checkedConfig(options?.config);
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths', (message) =>
    config.logger.warn(message),
  );
  const pathOf = policyPathMemo(config.policyPathRoot);
  refuseEarlierRoutes(fastify);
  declareDecorations(fastify);
  recordRoutes(fastify);
  fastify.addHook('onRoute', (route) => {
    route.errorHandler = answeringAuthzErrors(route.errorHandler);
  });
  fastify.addHook('onRequest', async function authorize(request, reply) {
    request.authzConfig = config;
    const route = request.routeOptions;
    // No route matched: the not-found handler answers, as for Hono's 404.
    if (route.url === undefined) return;
    const info = requestInfo(request);
    if (excluded.matches(info.path) || isSkippedRoute(request)) return;
    const path = pathOf(request.method, route.url);
    const decision = await orAnswer(reply, () => checkPolicy(config, request, path, info));
    if (!decision) return reply;
    if (!decision.allowed) return sendAccessDenied(reply, path, decision);
    request.authzDecision = decision;
  });
}

/**
 * Authorizes every request by the policy path derived from its *matched route pattern*
 * (`request.routeOptions.url`) and method (HEAD as GET; no method bypasses), except excluded
 * paths and routes marked with {@link skipMiddleware}. Denies with 403
 * `{ "detail": "Access denied: <policy_path>" }`; answers 503 when the decision service is
 * unavailable and no circuit breaker is configured. A request no route answers goes on to the
 * not-found handler. Applies to the whole instance it is registered on (not encapsulated), records
 * the routes for {@link scanRoutes}, and wraps each route's error handler so that an
 * {@link AuthzHttpError} thrown by a handler is answered with `{ "detail": … }` too (other errors go
 * on to the route's or the instance's error handler): register it, awaited, before any route.
 *
 * @param options - `config`; `excludePaths` (default none); validated at registration
 * @throws {AuthzConfigError} at registration: no configuration, an invalid exclusion (named), or
 *   routes registered before the plugin
 * @example
 * const app = Fastify();
 * await app.register(authzPlugin, { config, excludePaths: ['/health'] });
 * app.get('/api/documents/:id', async (request) => ({ id: request.params.id }));
 */
export const authzPlugin: FastifyPluginAsync<AuthzPluginOptions> = Object.assign(authzPluginBody, {
  // Fastify's documented switch (what fastify-plugin sets): the hooks apply to the registering
  // instance and every route on it, not to an encapsulated child context.
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'gatehouse-authz',
});
