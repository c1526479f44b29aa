/**
 * The HTTP answers of the adapter: 403, 404 and 503 as `HTTPException`s carrying a JSON body
 * `{ "detail": … }`. Core errors are mapped here, and only here.
 */

import {
  AccessDeniedError,
  type AuthzConfig,
  type Decision,
  DecisionUnavailableError,
  ResourceNotFoundError,
} from '@gatehousejs/core';
import { denialOf } from '@gatehousejs/core/adapter';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An `HTTPException` whose response is `{ "detail": detail }` as JSON. */
export function jsonHttpError(status: ContentfulStatusCode, detail: string, cause?: unknown): HTTPException {
  const res = new Response(JSON.stringify({ detail }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  return new HTTPException(status, { res, message: detail, cause });
}

/**
 * 403 `Access denied: <policyPath>`; 401 `Sign-in required: <policyPath>` when the denied caller had
 * no identity (`decision.anonymous`), since signing in may change the answer. Its cause is an
 * `AccessDeniedError` carrying the decision: `deniedDecision(error)` reads it back (e.g. to answer
 * a denial by the fallback 503).
 */
export function accessDenied(
  policyPath: string,
  decision?: Decision | Pick<Decision, 'anonymous'>,
): HTTPException {
  const denial = denialOf(policyPath, decision);
  return jsonHttpError(denial.status, denial.detail, denial.error);
}

/**
 * A guard that reads a route parameter its route does not have: a defect of the app, not a denial.
 * Logged as an error naming the route and the parameter; the answer is 500.
 */
export function misconfiguredGuard(
  config: Pick<AuthzConfig, 'logger'>,
  guard: string,
  c: Context,
  paramName: string,
): HTTPException {
  config.logger.error(
    `${guard}: route ${c.req.method} ${c.req.routePath} has no parameter "${paramName}" (set paramName to one of the route's parameters; checkGuardParameters(app) or validatePoliciesFromApp finds this at start-up)`,
    { code: 'guard_parameter_missing' },
  );
  return jsonHttpError(
    500,
    'Server misconfiguration: an authorization guard reads a route parameter this route does not have',
  );
}

/**
 * Maps a core error to its HTTP answer: access denied → 403 (401 without identity), resource not found → 404, decision
 * unavailable → 503. Anything else is returned unchanged (and rethrown by the caller).
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof AccessDeniedError) {
    const denial = denialOf(error.policyPath, error.decision);
    return jsonHttpError(denial.status, denial.detail, error);
  }
  if (error instanceof ResourceNotFoundError) return jsonHttpError(404, 'Not found', error);
  if (error instanceof DecisionUnavailableError) {
    return jsonHttpError(503, 'Authorization service unavailable: try again later', error);
  }
  return error;
}

/** Runs `task`, turning core errors into HTTP answers. */
export async function answering<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw toHttpError(error);
  }
}
