/**
 * The HTTP answers of the adapter: 403, 404 and 503 as `HTTPException`s carrying a JSON body
 * `{ "detail": … }`. Core errors are mapped here, and only here.
 */

import { AccessDeniedError, DecisionUnavailableError, ResourceNotFoundError } from '@gatehousejs/core';
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

/** 403 `Access denied: <policyPath>`. */
export function accessDenied(policyPath: string): HTTPException {
  return jsonHttpError(403, `Access denied: ${policyPath}`, new AccessDeniedError(policyPath));
}

/**
 * Maps a core error to its HTTP answer: access denied → 403, resource not found → 404, decision
 * unavailable → 503. Anything else is returned unchanged (and rethrown by the caller).
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof AccessDeniedError) return jsonHttpError(403, error.message, error);
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
