/**
 * Resource helpers: fetch-then-authorize for one resource (a `preHandler` hook), and filtering of
 * a list (called by the handler).
 */

import { checkRelation, filterAuthorized } from '@gatehousejs/core';
import { requireName } from '@gatehousejs/core/adapter';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AuthzHttpError, answerOf, orAnswer, sendAccessDenied, sendAnswer } from './http-answers.ts';
import type { RebacOptions } from './rebac-guards.ts';
import { type FastifyAuthzConfig, requestInfo, routeParam } from './request-state.ts';

/** Options of {@link getAuthorizedResource}. */
export interface AuthorizedResourceOptions<T> {
  /** Route parameter holding the object id (default `id`), when `objectId` is not given. */
  readonly paramName?: string;
  /** Reads the object id from the fetched resource. */
  readonly objectId?: (resource: T, request: FastifyRequest) => string;
  /** Subject type of the check (default `user`). */
  readonly subjectType?: string;
}

/**
 * Fetches the route's resource, answers 404 when `fetch` returns nothing, then checks
 * `relation` on it (403 when it does not hold). The handler reads it as
 * `request.authorizedResource`.
 *
 * @param fetch - loads the resource; `null` or `undefined` when absent
 * @param options - `paramName` (default `id`), `objectId`, `subjectType` (default `user`)
 * @example
 * app.put('/api/documents/:id', {
 *   preHandler: getAuthorizedResource(config, (r) => db.findDocument(r.params.id), 'document', 'can_write'),
 * }, async (request) => request.authorizedResource);
 */
export function getAuthorizedResource<T>(
  config: FastifyAuthzConfig,
  fetch: (request: FastifyRequest) => Promise<T | null | undefined> | T | null | undefined,
  objectType: string,
  relation: string,
  options: AuthorizedResourceOptions<T> = {},
): preHandlerAsyncHookHandler {
  requireName('objectType', objectType);
  requireName('relation', relation);
  const paramName = options.paramName ?? 'id';
  return async function authorizeResource(request, reply) {
    request.authzConfig = config;
    const resource = await fetch(request);
    if (resource === null || resource === undefined) return sendAnswer(reply, 404, `${objectType} not found`);
    const objectId = options.objectId
      ? options.objectId(resource, request)
      : (routeParam(request, paramName) ?? '');
    const spec = { objectType, objectId, relation, subjectType: options.subjectType };
    const decision = await orAnswer(reply, () => checkRelation(config, request, spec, requestInfo(request)));
    if (!decision) return reply;
    if (!decision.allowed) return sendAccessDenied(reply, decision.policyPath, decision);
    request.authorizedResource = resource;
  };
}

/** Options of {@link filterAuthorizedResources}. */
export interface FilterOptions<T> extends Pick<RebacOptions, 'subjectType'> {
  /** The object id of an item (default `String(item.id)`). */
  readonly objectId?: (item: T) => string;
  /**
   * An item the fallback denied: `exclude` it (default), or `refuse` the request — an
   * {@link AuthzHttpError} 403 whose cause carries the fallback's decision (`deniedDecision`).
   */
  readonly undecided?: 'exclude' | 'refuse';
  /**
   * One set question when the service offers `decideSet` (default `true`), or `false`: item by
   * item — faster for a caller who reaches far more objects than the list holds.
   */
  readonly setQuestion?: boolean;
}

/**
 * Returns a function that keeps the resources for which `relation` holds, in order. Checks run
 * concurrently, at most `maxConcurrentChecks` at once (one `decideBatch` call per `batchSize`
 * items when the service offers it). When the service is unavailable without a breaker it throws
 * an {@link AuthzHttpError} with `statusCode` 503, which {@link authzPlugin} answers with
 * `{ "detail": … }` on its routes.
 *
 * @param options - `objectId` (default `String(item.id)`), `subjectType` (default `user`),
 *   `undecided` (default `exclude`), `setQuestion` (default `true`)
 * @example
 * const readable = filterAuthorizedResources(config, 'document', 'can_read');
 * app.get('/api/documents', async (request) => readable(request, await db.listDocuments()));
 */
export function filterAuthorizedResources<T>(
  config: FastifyAuthzConfig,
  objectType: string,
  relation: string,
  options: FilterOptions<T> = {},
): (request: FastifyRequest, resources: readonly T[]) => Promise<T[]> {
  requireName('objectType', objectType);
  requireName('relation', relation);
  const objectId = options.objectId ?? ((item: T) => String((item as { id?: unknown }).id ?? ''));
  const spec = {
    objectType,
    relation,
    objectId,
    subjectType: options.subjectType,
    undecided: options.undecided,
    setQuestion: options.setQuestion,
  };
  return async (request, resources) => {
    request.authzConfig = config;
    try {
      return await filterAuthorized(config, request, resources, spec, requestInfo(request));
    } catch (error) {
      const answer = answerOf(error);
      throw answer ? new AuthzHttpError(answer, { cause: error }) : error;
    }
  };
}
