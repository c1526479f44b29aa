/**
 * The gate's path and route match, handed to Hono's own dispatch of the same request: Hono then
 * neither derives the path nor matches the router a second time, and the route it dispatches to
 * is by construction the route the gate authorized.
 */

import type { ExecutionContext, Hono } from 'hono';

// biome-ignore lint/suspicious/noExplicitAny: any Hono application, whatever its environment and schema
type AnyHono = Hono<any, any, any>;
type GetPath = AnyHono['getPath'];
type Router = AnyHono['router'];
type Match = Router['match'];
type MatchResult = ReturnType<Match>;

/**
 * What the gate found for one request, held while Hono dispatches it. Its `method` and `path`
 * are also the request fields of the decision's audit record (core's `RequestInfo`).
 */
export interface HeldMatch {
  readonly request: Request;
  readonly env: Parameters<AnyHono['fetch']>[1];
  readonly path: string;
  /** The method as received, as `c.req.method` reads it. */
  readonly method: string;
  /** The method the router matched: HEAD as GET. */
  readonly matchedMethod: string;
  readonly result: MatchResult;
}

/**
 * Wraps `app.getPath` and `app.router.match` so that, while a request is held, Hono's dispatch
 * of that request reads the gate's path and match instead of computing them again. Anything
 * else — another request, another method or path — goes to Hono's own functions.
 */
export class MatchHandover {
  /** Hono's own path function, for the gate's first reading. */
  readonly getPath: GetPath;
  #held: HeldMatch | undefined;

  constructor(app: AnyHono) {
    const getPath = app.getPath;
    this.getPath = getPath;
    // Hono declares `getPath` read-only; it is a plain property each app sets in its constructor.
    (app as { getPath: GetPath }).getPath = (request: Request, options?: { env?: unknown }) => {
      const held = this.#held;
      return held !== undefined && held.request === request && held.env === options?.env
        ? held.path
        : getPath(request, options);
    };
    wrapMatch(app.router, (method, path) => {
      const held = this.#held;
      return held !== undefined && held.path === path && held.matchedMethod === method
        ? held.result
        : undefined;
    });
  }

  /**
   * Hands `held.request` to Hono's `fetch` with `held` handed over: Hono's path and router match of
   * that request (synchronous, before its handlers run) read it.
   */
  dispatch(
    held: HeldMatch,
    fetch: AnyHono['fetch'],
    executionCtx: ExecutionContext | undefined,
  ): Response | Promise<Response> {
    this.#held = held;
    try {
      return fetch(held.request, held.env, executionCtx);
    } finally {
      this.#held = undefined;
    }
  }
}

/**
 * Puts `handedOver` in front of `router.match`. Hono's `SmartRouter` replaces its own `match` by
 * the chosen router's on its first call, so the wrapper puts itself back whenever the router did.
 */
function wrapMatch(
  router: Router,
  handedOver: (method: string, path: string) => MatchResult | undefined,
): void {
  let match: Match = router.match;
  const wrapper: Match = (method, path) => {
    const held = handedOver(method, path);
    if (held !== undefined) return held;
    const result = match.call(router, method, path);
    if (router.match !== wrapper) {
      match = router.match;
      router.match = wrapper;
    }
    return result;
  };
  router.match = wrapper;
}
