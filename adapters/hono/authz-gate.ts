/**
 * The gate: the global authorization in front of Hono's dispatch instead of inside it. It wraps
 * `app.fetch`, decides on the route Hono's router matches, and hands allowed requests to Hono
 * untouched — so a route without middleware stays a route without middleware (Hono answers it
 * without composing a promise chain), and a decision-cache hit costs no promise at all.
 */

import { AuthzConfigError, type Decision } from '@gatehousejs/core';
import { compilePathExclusions, decidePolicy, policyPathMemo } from '@gatehousejs/core/adapter';
import { type Context, type ErrorHandler, Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { type HonoAuthzConfig, requestInfo } from './context-vars.ts';
import { accessDenied, toHttpError } from './http-errors.ts';
import type { AuthzMiddlewareOptions } from './middleware.ts';
import { targetRouteAmong } from './route-match.ts';

/** Options of {@link authzGate}: the same as the middleware's. */
export type AuthzGateOptions = AuthzMiddlewareOptions;

// biome-ignore lint/suspicious/noExplicitAny: any Hono application, whatever its environment and schema
type AnyHono = Hono<any, any, any>;
type Fetch = AnyHono['fetch'];

const GATED = Symbol.for('gatehouse.authzGate');

/**
 * Hono's `Context` class. The `hono` entry exports it only since after 4.8.0, the lowest of the
 * adapter's peer range; every 4.x hands it to a handler, and a one-handler route is answered
 * synchronously, so one request to a throwaway app finds it.
 */
function honoContextClass(): typeof Context {
  let found: typeof Context | undefined;
  const probe = new Hono();
  probe.get('*', (c) => {
    found = c.constructor as typeof Context;
    return new Response(null);
  });
  void probe.fetch(new Request('http://localhost/'));
  if (!found) throw new AuthzConfigError('app', "authzGate: cannot find hono's Context class");
  return found;
}

/** The context of a decision: Hono's, without context variables while the providers run. */
type GateContext = Context & { deciding: boolean };

/**
 * The context the providers see while the gate decides: the request, its route parameters and
 * `env`, but no context variables — no middleware has run yet — so reading one is an error that
 * names the variable (logged by core as a provider failure; the request is denied), never a
 * silent anonymous caller. Afterwards (the app's error handler answering a denial) it is Hono's.
 */
function gateContextClass(): new (...args: ConstructorParameters<typeof Context>) => GateContext {
  return class extends honoContextClass() {
    deciding = true;

    constructor(...args: ConstructorParameters<typeof Context>) {
      super(...args);
      const read = this.get;
      this.get = ((key: string) => {
        if (this.deciding) throw variableBeforeMiddleware(key);
        return read(key);
      }) as typeof read;
    }

    override get var() {
      if (this.deciding) throw variableBeforeMiddleware('c.var');
      return super.var;
    }
  };
}

function variableBeforeMiddleware(key: string): AuthzConfigError {
  return new AuthzConfigError(
    'identityProvider',
    `authzGate decides before any middleware runs, so the identity and resource context providers cannot read context variables (read "${key}"): derive them from the request, or use authzMiddleware after the middleware that sets "${key}"`,
  );
}

/**
 * Authorizes every request to `app` before Hono dispatches it, with the semantics of
 * {@link authzMiddleware} registered first (`app.use('*', …)`): the policy path of the *matched
 * route pattern* and method (HEAD as GET), route parameters for the providers (`c.req.param()`),
 * 401/403 denials and 503 when the decision service is unavailable — answered through the app's
 * `onError` — exclusions, {@link skipMiddleware}, audit; a request no route answers goes on to
 * the 404 handler. Replaces `app.fetch` (so `app.request`, `serve({ fetch: app.fetch })` and
 * `export default app` all pass through it) and returns the app.
 *
 * Use it when identity and resource context come from the request itself (a header, a token, a
 * cookie): the providers run before any middleware and cannot read context variables. It sets
 * no context variables either: pass the configuration to `checkRelations`.
 *
 * @param options - `excludePaths` (default none); validated once
 * @throws {AuthzConfigError} when the app is gated already, or an exclusion is not a valid
 * regular expression
 * @example
 * const app = authzGate(new Hono(), config, { excludePaths: ['/health'] });
 * app.get('/api/documents/:id', (c) => c.json(…));
 * serve({ fetch: app.fetch });
 */
export function authzGate<A extends AnyHono>(
  app: A,
  config: HonoAuthzConfig,
  options: AuthzGateOptions = {},
): A {
  if ((app as { [GATED]?: true })[GATED]) {
    throw new AuthzConfigError('app', 'authzGate: this application is gated already');
  }
  const excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths', (message) =>
    config.logger.warn(message),
  );
  const pathOf = policyPathMemo(config.policyPathRoot);
  const GateContext = gateContextClass();
  const dispatch: Fetch = app.fetch;
  // Hono's error handler (a custom `app.onError` included) is not part of its typed surface; the
  // gate answers its denials through it, as Hono answers the middleware's.
  // Read on each denial: `app.onError` may be called after the gate is installed.
  const handlers = app as unknown as { errorHandler: ErrorHandler };
  const onError = (error: Error, c: Context) =>
    handlers.errorHandler(error, c) as Response | Promise<Response>;

  const gated: Fetch = (request, env, executionCtx) => {
    const path = app.getPath(request, { env });
    if (excluded.matches(path)) return dispatch(request, env, executionCtx);
    // Hono answers HEAD with GET's routes.
    const matchResult = app.router.match(request.method === 'HEAD' ? 'GET' : request.method, path);
    const route = targetRouteAmong(
      matchResult[0].map(([[, r]]) => r as RouterRoute),
      0,
    );
    if (!route || route.skipped) return dispatch(request, env, executionCtx);
    const c = new GateContext(request, { path, matchResult, env, executionCtx });
    c.req.routeIndex = route.index;
    const policyPath = pathOf(request.method, route.path);
    const admit = (decision: Decision) => {
      c.deciding = false;
      if (!decision.allowed) return answer(accessDenied(policyPath, decision));
      return dispatch(request, env, executionCtx);
    };
    const answer = (error: unknown) => {
      c.deciding = false;
      const mapped = toHttpError(error);
      if (!(mapped instanceof Error)) throw mapped;
      const res = onError(mapped, c);
      if (request.method !== 'HEAD') return res;
      return res instanceof Promise ? res.then(withoutBody) : withoutBody(res);
    };
    let decided: Decision | Promise<Decision>;
    try {
      decided = decidePolicy(config, c, policyPath, requestInfo(c));
    } catch (error) {
      return answer(error);
    }
    return decided instanceof Promise ? decided.then(admit, answer) : admit(decided);
  };
  Object.defineProperty(app, GATED, { value: true });
  app.fetch = gated;
  return app;
}

/** A HEAD answer: the response's status and headers, no body (as Hono answers HEAD). */
function withoutBody(res: Response): Response {
  return new Response(null, res);
}
