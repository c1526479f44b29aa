/**
 * The HTTP answers of the adapter: 403, 404 and 503 with a JSON body `{ "detail": … }`. Core
 * errors are mapped here, and only here.
 */

import {
  AccessDeniedError,
  type AuthzConfig,
  type Decision,
  DecisionUnavailableError,
  ResourceNotFoundError,
} from '@gatehousejs/core';
import { denialOf } from '@gatehousejs/core/adapter';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The detail of a 503: the decision service is unavailable and no breaker decides instead. */
export const UNAVAILABLE_DETAIL = 'Authorization service unavailable: try again later';

/** An HTTP answer of the adapter. */
export interface AuthzAnswer {
  readonly status: 401 | 403 | 404 | 503;
  readonly detail: string;
}

/**
 * The answer to a core error: access denied → 403, resource not found → 404, decision
 * unavailable → 503; `undefined` for any other error (the caller rethrows it).
 */
export function answerOf(error: unknown): AuthzAnswer | undefined {
  if (error instanceof AccessDeniedError) {
    const { status, detail } = denialOf(error.policyPath, error.decision);
    return { status, detail };
  }
  if (error instanceof ResourceNotFoundError) return { status: 404, detail: 'Not found' };
  if (error instanceof DecisionUnavailableError) return { status: 503, detail: UNAVAILABLE_DETAIL };
  return undefined;
}

/** Sends `{ "detail": detail }` with `status`, and returns the reply (what a hook returns after sending). */
export function sendAnswer(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ detail });
}

/**
 * Sends 500 for a guard that reads a route parameter its route does not have (a defect of the app,
 * not a denial), logged as an error naming the route and the parameter.
 */
export function sendMisconfiguredGuard(
  reply: FastifyReply,
  config: Pick<AuthzConfig, 'logger'>,
  guard: string,
  request: FastifyRequest,
  paramName: string,
): FastifyReply {
  config.logger.error(
    `${guard}: route ${request.method} ${request.routeOptions.url ?? request.url} has no parameter "${paramName}" (set paramName to one of the route's parameters; validatePoliciesFromApp finds this at start-up)`,
    { code: 'guard_parameter_missing' },
  );
  return sendAnswer(
    reply,
    500,
    'Server misconfiguration: an authorization guard reads a route parameter this route does not have',
  );
}

/**
 * Sends 403 `Access denied: <policyPath>`; 401 `Sign-in required: <policyPath>` when the denied caller
 * had no identity (`decision.anonymous`), since signing in may change the answer. The denial, with
 * the decision, is left on the request as `authzDenial` (an `onSend` hook may answer a denial by
 * the fallback 503).
 */
export function sendAccessDenied(
  reply: FastifyReply,
  policyPath: string,
  decision?: Decision | Pick<Decision, 'anonymous'>,
): FastifyReply {
  const denial = denialOf(policyPath, decision);
  reply.request.authzDenial = denial;
  return sendAnswer(reply, denial.status, denial.detail);
}

/**
 * Sends the answer to a core error ({@link answerOf}: 403/401 for a denial, 404, 503); `false`
 * for any other error, which the caller hands on.
 */
export function answerCoreError(reply: FastifyReply, error: unknown): boolean {
  const answer = answerOf(error);
  if (!answer) return false;
  if (error instanceof AccessDeniedError) sendAccessDenied(reply, error.policyPath, error.decision);
  else sendAnswer(reply, answer.status, answer.detail);
  return true;
}

/**
 * Runs `task`; when it fails with a core error, sends that error's answer and resolves to
 * `undefined` (the hook then returns the reply). Any other error propagates.
 */
export async function orAnswer<T>(reply: FastifyReply, task: () => Promise<T>): Promise<T | undefined> {
  try {
    return await task();
  } catch (error) {
    if (!answerCoreError(reply, error)) throw error;
    return undefined;
  }
}

/**
 * An error a handler-level helper throws (`filterAuthorizedResources`). On routes registered after
 * {@link authzPlugin} it is answered like the hooks' answers, `{ "detail": detail }` with
 * `statusCode`; elsewhere Fastify's error handling answers with its `statusCode`.
 */
export class AuthzHttpError extends Error {
  override name = 'AuthzHttpError';
  /** Machine-readable reason (Fastify puts it in its error body). */
  readonly code = 'GATEHOUSE_AUTHZ';
  /** The HTTP status Fastify answers with. */
  readonly statusCode: number;
  /** What the adapter would say in `{ "detail": … }`. */
  readonly detail: string;

  constructor(answer: AuthzAnswer, options?: { cause?: unknown }) {
    super(answer.detail, options);
    this.statusCode = answer.status;
    this.detail = answer.detail;
  }
}

/** A route's error handler, as Fastify calls it. */
type RouteErrorHandler = (
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

const ANSWERS_AUTHZ_ERRORS: unique symbol = Symbol.for('gatehouse.fastify.answersAuthzErrors');

// By shape, not class: another copy of this module may have thrown it.
function isAuthzHttpError(error: unknown): error is AuthzHttpError {
  const candidate = error as Partial<AuthzHttpError> | null;
  return (
    candidate?.code === 'GATEHOUSE_AUTHZ' &&
    typeof candidate.statusCode === 'number' &&
    typeof candidate.detail === 'string'
  );
}

/**
 * A route error handler that answers {@link AuthzHttpError}s with `{ "detail": … }`, and hands
 * every other error to the route's own handler when it has one, else (by rethrowing, as Fastify
 * chains error handlers) to the instance's.
 */
export function answeringAuthzErrors(own: RouteErrorHandler | undefined): RouteErrorHandler {
  if (own && (own as { [ANSWERS_AUTHZ_ERRORS]?: boolean })[ANSWERS_AUTHZ_ERRORS]) return own;
  const handler: RouteErrorHandler = function authzErrors(error, request, reply) {
    if (isAuthzHttpError(error)) return sendAnswer(reply, error.statusCode, error.detail);
    if (own) return own.call(this, error, request, reply);
    throw error;
  };
  return Object.assign(handler, { [ANSWERS_AUTHZ_ERRORS]: true });
}
