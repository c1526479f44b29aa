/**
 * Resource helpers: fetch-then-authorize for one resource, and filtering of a list.
 */

import { checkRelation, filterAuthorized } from '@gatehousejs/core';
import { requireName } from '@gatehousejs/core/adapter';
import type { Context, MiddlewareHandler } from 'hono';
import { type HonoAuthzConfig, rememberConfig, requestInfo } from './context-vars.ts';
import { accessDenied, answering, jsonHttpError } from './http-errors.ts';
import type { RebacOptions } from './rebac-guards.ts';

/** Options of {@link getAuthorizedResource}. */
export interface AuthorizedResourceOptions<T> {
  /** Route parameter holding the object id (default `id`), when `objectId` is not given. */
  readonly paramName?: string;
  /** Reads the object id from the fetched resource. */
  readonly objectId?: (resource: T, c: Context) => string;
  /** Subject type of the check (default `user`). */
  readonly subjectType?: string;
}

/**
 * Fetches the route's resource, answers 404 when `fetch` returns nothing, then checks
 * `relation` on it (403 when it does not hold). The handler reads it with
 * `c.get('authorizedResource')`.
 *
 * @param fetch - loads the resource; `null` or `undefined` when absent
 * @param options - `paramName` (default `id`), `objectId`, `subjectType` (default `user`)
 * @example
 * app.put('/api/documents/:id',
 *   getAuthorizedResource(config, (c) => db.findDocument(c.req.param('id')), 'document', 'can_write'),
 *   (c) => c.json(c.get('authorizedResource')));
 */
export function getAuthorizedResource<T>(
  config: HonoAuthzConfig,
  fetch: (c: Context) => Promise<T | null | undefined> | T | null | undefined,
  objectType: string,
  relation: string,
  options: AuthorizedResourceOptions<T> = {},
): MiddlewareHandler<{ Variables: { authorizedResource: T } }> {
  requireName('objectType', objectType);
  requireName('relation', relation);
  const paramName = options.paramName ?? 'id';
  return async function authorizeResource(c, next) {
    rememberConfig(c, config);
    const resource = await fetch(c);
    if (resource === null || resource === undefined) throw jsonHttpError(404, `${objectType} not found`);
    const objectId = options.objectId ? options.objectId(resource, c) : (c.req.param(paramName) ?? '');
    const spec = { objectType, objectId, relation, subjectType: options.subjectType };
    const decision = await answering(() => checkRelation(config, c, spec, requestInfo(c)));
    if (!decision.allowed) throw accessDenied(decision.policyPath, decision);
    c.set('authorizedResource', resource);
    await next();
  };
}

/** Options of {@link filterAuthorizedResources}. */
export interface FilterOptions<T> extends Pick<RebacOptions, 'subjectType'> {
  /** The object id of an item (default `String(item.id)`). */
  readonly objectId?: (item: T) => string;
  /**
   * An item the fallback denied: `exclude` it (default), or `refuse` the request — a 403 whose
   * cause carries the fallback's decision (`deniedDecision`), so the list is never silently short.
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
 * items when the service offers it). Answers 503 when the service is unavailable without a breaker.
 *
 * @param options - `objectId` (default `String(item.id)`), `subjectType` (default `user`),
 *   `undecided` (default `exclude`), `setQuestion` (default `true`)
 * @example
 * const readable = filterAuthorizedResources(config, 'document', 'can_read');
 * app.get('/api/documents', async (c) => c.json(await readable(c, await db.listDocuments())));
 */
export function filterAuthorizedResources<T>(
  config: HonoAuthzConfig,
  objectType: string,
  relation: string,
  options: FilterOptions<T> = {},
): (c: Context, resources: readonly T[]) => Promise<T[]> {
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
  return (c, resources) => {
    rememberConfig(c, config);
    return answering(() => filterAuthorized(config, c, resources, spec, requestInfo(c)));
  };
}
