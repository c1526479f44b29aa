/**
 * The plugin: authorizes every request by the policy path of its matched route pattern.
 */

import { AuthzConfigError, type Decision } from '@gatehousejs/core';
import {
  compilePathExclusions,
  decidePolicy,
  hasSkipMark,
  type PathPattern,
  policyPathMemo,
} from '@gatehousejs/core/adapter';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { answerCoreError, answeringAuthzErrors, sendAccessDenied } from './http-answers.ts';
import { type FastifyAuthzConfig, requestInfo } from './request-state.ts';
import { recordRoutes, refuseEarlierRoutes } from './route-registry.ts';

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

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
type RouteHooks = OnRequestHook | readonly OnRequestHook[] | undefined;

/** The hooks the plugin made, so that a route is never given two (a route's options seen twice). */
const AUTHORIZING = new WeakSet<OnRequestHook>();

/** `own` with `hook` first: before the route's own `onRequest` hooks, as an instance hook would run. */
function withHookFirst(own: RouteHooks, hook: OnRequestHook): OnRequestHook[] {
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own as OnRequestHook];
  return [hook, ...list.filter((h) => !AUTHORIZING.has(h))];
}

async function authzPluginBody(fastify: FastifyInstance, options: AuthzPluginOptions): Promise<void> {
  const config = checkedConfig(options?.config);
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths', (message) =>
    config.logger.warn(message),
  );
  const anyExcluded = excluded.patterns.length > 0;
  const pathOf = policyPathMemo(config.policyPathRoot);
  refuseEarlierRoutes(fastify);
  // No request decorators: Fastify gives every decorated property its value on every request it
  // builds, in a loop of keyed stores (tens of nanoseconds for five, on every route, skipped and
  // unmatched ones too), where the hook's own two stores cost a few.
  recordRoutes(fastify);
  // Each route gets its own `onRequest` hook, made when the route is registered: its pattern is
  // known then, so a request reads no route options and no skip mark.
  fastify.addHook('onRoute', (route) => {
    route.errorHandler = answeringAuthzErrors(route.errorHandler);
    const hook = hasSkipMark(route.handler) ? rememberConfig : authorizing(route.url);
    route.onRequest = withHookFirst(route.onRequest as RouteHooks, hook);
  });

  /** A skipped route's hook: no decision, the configuration on the request for its handler. */
  const rememberConfig: OnRequestHook = (request, _reply, done) => {
    request.authzConfig = config;
    done();
  };
  AUTHORIZING.add(rememberConfig);

  /**
   * The hook of the route `pattern`. A callback hook, not an async one: a cache hit decides
   * synchronously and calls `done` at once — no promise, no pause before the next step.
   */
  function authorizing(pattern: string): OnRequestHook {
    // The policy path for the last method asked: nearly every request of a route has the method
    // of the one before, found with a comparison instead of the memo's two map lookups.
    let lastMethod: string | undefined;
    let lastPath = '';
    const hook: OnRequestHook = function authorize(request, reply, done) {
      request.authzConfig = config;
      if (anyExcluded && excluded.matchesUrl(request.url)) return done();
      const method = request.method;
      if (method !== lastMethod) {
        lastPath = pathOf(method, pattern);
        lastMethod = method;
      }
      const path = lastPath;
      let decided: Decision | Promise<Decision>;
      try {
        decided = decidePolicy(config, request, path, requestInfo(request));
      } catch (error) {
        return answerFailure(reply, error, done);
      }
      if (decided instanceof Promise) {
        decided.then(
          (decision) => admit(request, reply, path, decision, done),
          (error: unknown) => answerFailure(reply, error, done),
        );
        return;
      }
      admit(request, reply, path, decided, done);
    };
    AUTHORIZING.add(hook);
    return hook;
  }
}

/** Lets an allowed request go on (its decision on the request); answers the denial otherwise. */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  decision: Decision,
  done: HookHandlerDoneFunction,
): void {
  if (!decision.allowed) {
    sendAccessDenied(reply, path, decision); // answered: the request goes no further
    return;
  }
  request.authzDecision = decision;
  done();
}

/** Answers a core error (503 when the service is unavailable); any other error goes to Fastify. */
function answerFailure(reply: FastifyReply, error: unknown, done: HookHandlerDoneFunction): void {
  if (!answerCoreError(reply, error)) done(error as Error);
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
