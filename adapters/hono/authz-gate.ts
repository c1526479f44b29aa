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
import { type Context, type ErrorHandler, type ExecutionContext, Hono } from 'hono';
import type { HonoAuthzConfig } from './context-vars.ts';
import { accessDenied, toHttpError } from './http-errors.ts';
import { type HeldMatch, MatchHandover } from './match-handover.ts';
import type { AuthzMiddlewareOptions } from './middleware.ts';
import { targetRouteOfMatch } from './route-match.ts';

/** Options of {@link authzGate}: the same as the middleware's. */
export type AuthzGateOptions = AuthzMiddlewareOptions;

// biome-ignore lint/suspicious/noExplicitAny: any Hono application, whatever its environment and schema
type AnyHono = Hono<any, any, any>;
type Fetch = AnyHono['fetch'];
/** What `app.fetch` takes as the environment (`c.env`: bindings; `@hono/node-server`'s `incoming`). */
type FetchEnv = Parameters<Fetch>[1];

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
type GateContext = Context & { deciding: boolean; readonly honoGet: Context['get']; decided(): void };

/**
 * The context the providers see while the gate decides: the request, its route parameters and
 * `env`, but no context variables — no middleware has run yet — so reading one is an error that
 * names the variable (logged by core as a provider failure; the request is denied), never a
 * silent anonymous caller. Afterwards (the app's error handler answering a denial) it is Hono's.
 */
function gateContextClass(): new (...args: ConstructorParameters<typeof Context>) => GateContext {
  return class extends honoContextClass() {
    deciding = true;
    /** Hono's own `get` of this context, back in place once the decision is made. */
    readonly honoGet: Context['get'];

    constructor(...args: ConstructorParameters<typeof Context>) {
      super(...args);
      // Hono's `get` is a function of each context; while deciding, one shared function stands in
      // (no closure per request), and `decided()` puts Hono's back.
      this.honoGet = this.get;
      this.get = getWhileDeciding as unknown as Context['get'];
    }

    override get var() {
      if (this.deciding) throw variableBeforeMiddleware('c.var');
      return super.var;
    }

    decided(): void {
      this.deciding = false;
      this.get = this.honoGet;
    }
  };
}

/** `c.get` while the gate decides: no middleware has set anything yet. */
function getWhileDeciding(this: GateContext, key: string): unknown {
  if (this.deciding) throw variableBeforeMiddleware(key);
  return this.honoGet(key as never);
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
  readonly #GateContext = gateContextClass();

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
    const route = targetRouteOfMatch(matchResult[0], 0);
    if (!route || route.skipped) return this.#dispatch(request, env, executionCtx);
    const c = new this.#GateContext(request, { path, matchResult, env, executionCtx });
    c.req.routeIndex = route.index;
    const policyPath = this.#pathOf(requestMethod, route.path);
    let decided: Decision | Promise<Decision>;
    try {
      // The request fields of the audit record, as `c.req.method` and `c.req.path` read them.
      decided = decidePolicy(this.#config, c, policyPath, { method: requestMethod, path });
    } catch (error) {
      return this.#answer(c, error);
    }
    const held = { request, env, path, method, result: matchResult };
    if (decided instanceof Promise) {
      return decided.then(
        (decision) => this.#admit(c, policyPath, decision, held, executionCtx),
        (error: unknown) => this.#answer(c, error),
      );
    }
    return this.#admit(c, policyPath, decided, held, executionCtx);
  }

  /** Hands an allowed request to Hono, with the path and match the gate authorized; answers the denial otherwise. */
  #admit(
    c: GateContext,
    policyPath: string,
    decision: Decision,
    held: HeldMatch,
    executionCtx: ExecutionContext | undefined,
  ): Response | Promise<Response> {
    c.decided();
    if (!decision.allowed) return this.#answer(c, accessDenied(policyPath, decision));
    return this.#handover.dispatch(held, this.#dispatch, executionCtx);
  }

  /**
   * Answers a denial or a failure through the app's error handler, as Hono answers the
   * middleware's — a custom `app.onError` included, read on each answer since it may be set after
   * the gate. It is not part of Hono's typed surface.
   */
  #answer(c: GateContext, error: unknown): Response | Promise<Response> {
    c.decided();
    const mapped = toHttpError(error);
    if (!(mapped instanceof Error)) throw mapped;
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
