/**
 * Per-route relationship guards (`preHandler` hooks): one relation on the route's object, or a
 * hierarchy of them.
 */

import {
  checkHierarchy,
  checkRelation,
  type HierarchyLevelInput,
  type HierarchyMode,
  hierarchyOf,
} from '@gatehousejs/core';
import { requireName } from '@gatehousejs/core/adapter';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { orAnswer, sendAccessDenied, sendMisconfiguredGuard } from './http-answers.ts';
import { type FastifyAuthzConfig, requestInfo, routeParam } from './request-state.ts';

/** Options of {@link requireRebacAllowed}. */
export interface RebacOptions {
  /** Route parameter holding the object id (default `id`). */
  readonly paramName?: string;
  /** Reads the object id instead of a route parameter. */
  readonly objectId?: (request: FastifyRequest) => string | undefined;
  /** Subject type of the check (default `user`). */
  readonly subjectType?: string;
}

/**
 * Guards a route with a relationship check: the identity must hold `relation` on the object of
 * type `objectType` whose id is in the route path (`<root>.check` decides). Denies with 403.
 *
 * @param options - `paramName` (default `id`), `objectId`, `subjectType` (default `user`)
 * @throws {AuthzConfigError} when a name is empty
 * @example
 * app.get('/api/documents/:id', { preHandler: requireRebacAllowed(config, 'document', 'can_read') }, getDocument);
 */
export function requireRebacAllowed(
  config: FastifyAuthzConfig,
  objectType: string,
  relation: string,
  options: RebacOptions = {},
): preHandlerAsyncHookHandler {
  requireName('objectType', objectType);
  requireName('relation', relation);
  const paramName = options.paramName ?? 'id';
  requireName('paramName', paramName);
  const policyPath = `${config.policyPathRoot}.check`;
  return async function requireRelation(request, reply) {
    request.authzConfig = config;
    const objectId = options.objectId ? options.objectId(request) : routeParam(request, paramName);
    if (!options.objectId && objectId === undefined) {
      return sendMisconfiguredGuard(
        reply,
        config,
        `requireRebacAllowed(${objectType}, ${relation})`,
        request,
        paramName,
      );
    }
    const spec = { objectType, objectId: objectId ?? '', relation, subjectType: options.subjectType };
    const decision = await orAnswer(reply, () => checkRelation(config, request, spec, requestInfo(request)));
    if (!decision) return reply;
    if (!decision.allowed) return sendAccessDenied(reply, policyPath, decision);
    request.authzDecision = decision;
  };
}

/**
 * Guards a route with ordered relationship levels, e.g. organization → project → document.
 * Modes: `all` (default; every level), `any` (some level), `first_match` (levels in order, the
 * first allowing one is kept as `request.authzHierarchy.matched`).
 *
 * @param levels - `[objectType, paramName, relation]` tuples or objects; at least one
 * @param mode - default `all`
 * @throws {AuthzConfigError} when the list is empty or a level or the mode is invalid
 * @example
 * app.get('/orgs/:org_id/docs/:doc_id', {
 *   preHandler: requireRebacHierarchy(config, [
 *     ['organization', 'org_id', 'member'],
 *     ['document', 'doc_id', 'can_read'],
 *   ]),
 * }, getDocument);
 */
export function requireRebacHierarchy(
  config: FastifyAuthzConfig,
  levels: readonly HierarchyLevelInput[],
  mode?: HierarchyMode,
  options: { subjectType?: string } = {},
): preHandlerAsyncHookHandler {
  const hierarchy = hierarchyOf(levels, mode);
  return async function requireHierarchy(request, reply) {
    request.authzConfig = config;
    const missing = hierarchy.levels.find((level) => routeParam(request, level.paramName) === undefined);
    if (missing)
      return sendMisconfiguredGuard(reply, config, 'requireRebacHierarchy', request, missing.paramName);
    const result = await orAnswer(reply, () =>
      checkHierarchy(config, request, hierarchy, (level) => routeParam(request, level.paramName), {
        info: requestInfo(request),
        subjectType: options.subjectType,
      }),
    );
    if (!result) return reply;
    if (!result.allowed) {
      const anonymous = result.decisions.some(({ decision }) => decision.anonymous);
      return sendAccessDenied(reply, result.policyPath, anonymous ? { anonymous } : {});
    }
    request.authzHierarchy = result;
  };
}
