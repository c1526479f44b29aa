/**
 * What `authzGate`'s identity and resource context providers read while it decides: the request
 * as Hono reads it, before any middleware has run — and nothing a middleware or handler would
 * have left on a context.
 */

import { AuthzConfigError } from '@gatehousejs/core';
import { type Context, type ExecutionContext, Hono, type HonoRequest } from 'hono';

/** Hono's `Context` and `HonoRequest` classes. */
export interface HonoClasses {
  readonly Context: typeof Context;
  readonly HonoRequest: new (request: Request, path: string, matchResult: unknown) => HonoRequest;
}

let classes: HonoClasses | undefined;

/**
 * Hono's `Context` and `HonoRequest` classes. The `hono` entry exports the first only since after
 * 4.8.0, the lowest of the adapter's peer range; every 4.x hands a context to a handler, and a
 * one-handler route is answered synchronously, so one request to a throwaway app finds both
 * (once: the classes are remembered).
 */
export function honoClasses(): HonoClasses {
  classes ??= findHonoClasses();
  return classes;
}

function findHonoClasses(): HonoClasses {
  let found: Context | undefined;
  const probe = new Hono();
  probe.get('*', (c) => {
    found = c;
    return new Response(null);
  });
  void probe.fetch(new Request('http://localhost/'));
  if (!found) throw new AuthzConfigError('app', "authzGate: cannot find hono's Context class");
  return {
    Context: found.constructor as typeof Context,
    HonoRequest: found.req.constructor as HonoClasses['HonoRequest'],
  };
}

/**
 * The context of one decision: `c.req` (Hono's request of the matched route: `param()`,
 * `header()`, `query()`, `raw`, …), `c.env` and `c.executionCtx`. No middleware has run yet, so
 * reading a context variable (`c.get`, `c.var`) is an error that names it — logged by core as a
 * provider failure, the request denied — never a silent anonymous caller. It is not Hono's
 * `Context`: building one (a dozen functions of its own) for every decision would cost more than
 * the decision, and the request is dispatched with a context of Hono's own anyway.
 */
export class DecisionContext {
  readonly req: HonoRequest;
  readonly env: unknown;
  readonly #executionCtx: ExecutionContext | undefined;

  constructor(req: HonoRequest, env: unknown, executionCtx: ExecutionContext | undefined) {
    this.req = req;
    this.env = env;
    this.#executionCtx = executionCtx;
  }

  /** As Hono's: the execution context, an error when the runtime gave none. */
  get executionCtx(): ExecutionContext {
    if (this.#executionCtx) return this.#executionCtx;
    throw new Error('This context has no ExecutionContext');
  }

  /** @throws {AuthzConfigError} always: no middleware has set a variable yet */
  get(key: string): never {
    throw variableBeforeMiddleware(key);
  }

  /** @throws {AuthzConfigError} always: no middleware has set a variable yet */
  get var(): never {
    throw variableBeforeMiddleware('c.var');
  }
}

function variableBeforeMiddleware(key: string): AuthzConfigError {
  return new AuthzConfigError(
    'identityProvider',
    `authzGate decides before any middleware runs, so the identity and resource context providers cannot read context variables (read "${key}"): derive them from the request, or use authzMiddleware after the middleware that sets "${key}"`,
  );
}
