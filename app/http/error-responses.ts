/**
 * Every failure as a JSON answer `{ "detail": … }` (plus `field` for bad input), never a 500 for
 * anything a client can send: validation errors name the field (400), service and database
 * errors map to 400/401/403/404/409/503, an authorization denial without a signed-in user
 * becomes 401. Only a defect of the application itself is a 500, logged with its cause.
 */

import { deniedDecision, isFallbackDenial, type Logger } from '@gatehousejs/core';
import { toHttpError } from '@gatehousejs/hono';
import type { Context, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { DatabaseError, isConnectionFailure } from '../db/index.ts';
import { ServiceError, StaleRevisionError } from '../services/index.ts';
import { documentEtag, documentJson } from './document-wire.ts';

/** The body of every error answer. */
export interface ErrorBody {
  readonly detail: string;
  /** The input field at fault (400, and 404 for a reference in the body). */
  readonly field?: string;
}

/** An `HTTPException` answering `{ detail, field?, ...extra }` as JSON (with extra `headers`). */
export function httpError(
  status: ContentfulStatusCode,
  detail: string,
  field?: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): HTTPException {
  const body: ErrorBody = field === undefined ? { detail, ...extra } : { detail, field, ...extra };
  const res = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
  return new HTTPException(status, { res, message: detail });
}

/** The first issue of a zod error as `field: message` (`body` when it concerns the whole body). */
export function describeIssue(error: z.ZodError, target: string): { detail: string; field: string } {
  const issue = error.issues[0];
  if (!issue) return { detail: `${target}: invalid`, field: target };
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    const where = issue.path.length ? issue.path.join('.') : target;
    return {
      detail: `${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`,
      field: issue.keys[0] ?? where,
    };
  }
  const field = issue.path.length ? issue.path.map(String).join('.') : target;
  return { detail: `${field}: ${issue.message}`, field };
}

const TARGET_NAMES: Record<string, string> = { json: 'body', param: 'path', query: 'query' };

/** The validation hook of every route: 400 naming the field. */
export function validationHook(
  result: { target: string } & ({ success: true } | { success: false; error: z.ZodError }),
): undefined {
  if (!result.success) {
    const { detail, field } = describeIssue(result.error, TARGET_NAMES[result.target] ?? result.target);
    throw httpError(400, detail, field);
  }
}

const SERVICE_STATUS: Record<ServiceError['code'], ContentfulStatusCode> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  unavailable: 503,
};

const DATABASE_STATUS: Partial<Record<DatabaseError['code'], ContentfulStatusCode>> = {
  invalid: 400,
  conflict: 409,
  missing_reference: 404,
  still_referenced: 409,
  unavailable: 503,
  // Deadlocks, serialization failures and the like: the request may be retried.
  query_failed: 503,
};

function signInRequired(): HTTPException {
  return httpError(401, 'Sign-in required', undefined, {
    'www-authenticate': 'Cookie realm="gatehouse", login="/login"',
  });
}

function isSignedIn(c: Context): boolean {
  return Boolean((c.get('user') as { sub?: string } | null | undefined)?.sub);
}

const decisionUnavailable = () => httpError(503, 'Authorization service unavailable: try again later');

/** Maps any error to its HTTP answer (see the module note). */
export function toResponseError(error: unknown, c: Context, logger: Logger): HTTPException {
  // A denial the decision service did not make (it was unavailable) is no answer: try again.
  // The adapter's denial carries the decision that denied.
  const denying = deniedDecision(error);
  if (denying && isFallbackDenial(denying)) return decisionUnavailable();
  const mapped = toHttpError(error);
  // The adapters answer a denial 403, or 401 when the caller had no identity.
  const denial = mapped instanceof HTTPException && (mapped.status === 403 || mapped.status === 401);
  if (mapped instanceof HTTPException) {
    if (denial && !isSignedIn(c)) return signInRequired();
    if (mapped.res) return mapped;
    // Hono's own exceptions (malformed JSON, unsupported media type, body too large) carry no body.
    return httpError(mapped.status as ContentfulStatusCode, mapped.message || 'Bad request');
  }
  if (error instanceof StaleRevisionError) {
    const current = error.current;
    return httpError(
      409,
      error.message,
      error.field,
      { etag: documentEtag(current) },
      { current: documentJson(current) },
    );
  }
  if (error instanceof ServiceError) {
    if (error.code === 'forbidden' && !isSignedIn(c)) return signInRequired();
    return httpError(SERVICE_STATUS[error.code], error.message, error.field);
  }
  if (error instanceof DatabaseError) {
    const status = DATABASE_STATUS[error.code];
    if (status === 503) logger.error(`database failure on ${c.req.method} ${c.req.path}: ${error.message}`);
    if (status)
      return httpError(
        status,
        status === 503 ? 'The database is unavailable: try again later' : error.message,
        error.field,
      );
  }
  if (isConnectionFailure(error)) {
    // A driver error that no repository translated: still the database being away, not a defect.
    logger.error(`database failure on ${c.req.method} ${c.req.path}: ${String(error)}`);
    return httpError(503, 'The database is unavailable: try again later');
  }
  logger.error(
    `unexpected error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return httpError(500, 'Internal error');
}

/** The application's `notFound`. */
export const notFoundHandler: NotFoundHandler = () => httpError(404, 'Not found').getResponse();
