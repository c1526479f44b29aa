/**
 * The gate: the global authorization in front of Hono's dispatch instead of inside it. It wraps
 * `app.fetch`, decides on the route Hono's router matches, and hands allowed requests to Hono
 * untouched — so a route without middleware stays a route without middleware (Hono answers it
 * without composing a promise chain), and a decision-cache hit costs no promise at all.
 */

import { AuthzConfigError, type Decision } from '@gatehousejs/core';
import {
  compilePathExclusions,
  decidePolicy,
  type PathExclusions,
  policyPathMemo,
} from '@gatehousejs/core/adapter';
import type { Context, ErrorHandler, ExecutionContext, Hono } from 'hono';
import type { HonoAuthzConfig } from './context-vars.ts';
import { DecisionContext, honoClasses } from './decision-context.ts';
import { accessDenied, toHttpError } from './http-errors.ts';
import { type HeldMatch, MatchHandover } from './match-handover.ts';
import type { AuthzMiddlewareOptions } from './middleware.ts';
import { TargetRouteMemo } from './target-route-memo.ts';

/** Options of {@link authzGate}: the same as the middleware's. */
export type AuthzGateOptions = AuthzMiddlewareOptions;

// biome-ignore lint/suspicious/noExplicitAny: any Hono application, whatever its environment and schema
type AnyHono = Hono<any, any, any>;
type Fetch = AnyHono['fetch'];
/** What `app.fetch` takes as the environment (`c.env`: bindings; `@hono/node-server`'s `incoming`). */
type FetchEnv = Parameters<Fetch>[1];

const GATED = Symbol.for('gatehouse.authzGate');

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
 * cookie): the providers run before any middleware and see `c.req`, `c.env` and `c.executionCtx`
 * only (a {@link DecisionContext}): reading a context variable denies, naming it. It sets no
 * context variables either: pass the configuration to `checkRelations`.
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
  const gate = new Gate(app, config, options);
  Object.defineProperty(app, GATED, { value: true });
  app.fetch = (request, env, executionCtx) => gate.fetch(request, env, executionCtx);
  return app;
}

/**
 * One app's gate. Its steps are methods, not closures made per request: a request allocates its
 * context and nothing of the gate's own.
 */
class Gate {
  readonly #app: AnyHono;
  readonly #config: HonoAuthzConfig;
  readonly #excluded: PathExclusions;
  readonly #pathOf: (method: string, pattern: string) => string;
  readonly #dispatch: Fetch;
  readonly #handover: MatchHandover;
  readonly #hono = honoClasses();
  readonly #HonoRequest = this.#hono.HonoRequest;
  readonly #routes = new TargetRouteMemo();

  constructor(app: AnyHono, config: HonoAuthzConfig, options: AuthzGateOptions) {
    this.#app = app;
    this.#config = config;
    this.#excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths', (message) =>
      config.logger.warn(message),
    );
    this.#pathOf = policyPathMemo(config.policyPathRoot);
    this.#dispatch = app.fetch;
    this.#handover = new MatchHandover(app);
  }

  fetch(
    request: Request,
    env: FetchEnv,
    executionCtx: ExecutionContext | undefined,
  ): Response | Promise<Response> {
    const app = this.#app;
    const path = this.#handover.getPath(request, { env });
    if (this.#excluded.matches(path)) return this.#dispatch(request, env, executionCtx);
    // Read once: each read of a Fetch request's field is checked by undici.
    const requestMethod = request.method;
    // Hono answers HEAD with GET's routes.
    const method = requestMethod === 'HEAD' ? 'GET' : requestMethod;
    const matchResult = app.router.match(method, path);
    const route = this.#routes.of(matchResult[0], 0);
    if (!route || route.skipped) return this.#dispatch(request, env, executionCtx);
    const req = new this.#HonoRequest(request, path, matchResult);
    req.routeIndex = route.index;
    const c = new DecisionContext(req, env, executionCtx) as unknown as Context;
    const policyPath = route.policyPathFor(requestMethod, this.#pathOf);
    const held = { request, env, path, method: requestMethod, matchedMethod: method, result: matchResult };
    let decided: Decision | Promise<Decision>;
    try {
      // The held match is the request fields of the audit record, as `c.req.method` and
      // `c.req.path` read them (an object fewer on every request).
      decided = decidePolicy(this.#config, c, policyPath, held);
    } catch (error) {
      return this.#answer(held, route.index, executionCtx, error);
    }
    if (decided instanceof Promise) {
      return decided.then(
        (decision) => this.#admit(policyPath, decision, held, route.index, executionCtx),
        (error: unknown) => this.#answer(held, route.index, executionCtx, error),
      );
    }
    return this.#admit(policyPath, decided, held, route.index, executionCtx);
  }

  /** Hands an allowed request to Hono, with the path and match the gate authorized; answers the denial otherwise. */
  #admit(
    policyPath: string,
    decision: Decision,
    held: HeldMatch,
    routeIndex: number,
    executionCtx: ExecutionContext | undefined,
  ): Response | Promise<Response> {
    if (!decision.allowed)
      return this.#answer(held, routeIndex, executionCtx, accessDenied(policyPath, decision));
    return this.#handover.dispatch(held, this.#dispatch, executionCtx);
  }

  /**
   * Answers a denial or a failure through the app's error handler, as Hono answers the
   * middleware's — with a context of Hono's (free to read and set variables), on the route the
   * gate matched, and a custom `app.onError` included, read on each answer since it may be set
   * after the gate. It is not part of Hono's typed surface.
   */
  #answer(
    held: HeldMatch,
    routeIndex: number,
    executionCtx: ExecutionContext | undefined,
    error: unknown,
  ): Response | Promise<Response> {
    const mapped = toHttpError(error);
    if (!(mapped instanceof Error)) throw mapped;
    const { request, path, result, env } = held;
    const c = new this.#hono.Context(request, { path, matchResult: result, env, executionCtx });
    c.req.routeIndex = routeIndex;
    const { errorHandler } = this.#app as unknown as { errorHandler: ErrorHandler };
    const res = errorHandler(mapped, c) as Response | Promise<Response>;
    if (c.req.method !== 'HEAD') return res;
    return res instanceof Promise ? res.then(withoutBody) : withoutBody(res);
  }
}

/** A HEAD answer: the response's status and headers, no body (as Hono answers HEAD). */
function withoutBody(res: Response): Response {
  return new Response(null, res);
}
