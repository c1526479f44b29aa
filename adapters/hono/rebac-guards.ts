/**
 * Per-route relationship guards: one relation on the route's object, or a hierarchy of them.
 */

import {
  checkHierarchy,
  checkRelation,
  type HierarchyLevelInput,
  type HierarchyMode,
  type HierarchyResult,
  hierarchyOf,
} from '@gatehousejs/core';
import { requireName } from '@gatehousejs/core/adapter';
import type { Context, MiddlewareHandler } from 'hono';
import { type AuthzEnv, type HonoAuthzConfig, rememberConfig, requestInfo } from './context-vars.ts';
import { readsRouteParameters } from './guard-parameters.ts';
import { accessDenied, answering, misconfiguredGuard } from './http-errors.ts';

/** Options of {@link requireRebacAllowed}. */
export interface RebacOptions {
  /** Route parameter holding the object id (default `id`). */
  readonly paramName?: string;
  /** Reads the object id instead of a route parameter. */
  readonly objectId?: (c: Context) => string | undefined;
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
 * app.get('/api/documents/:id', requireRebacAllowed(config, 'document', 'can_read'), getDocument);
 */
export function requireRebacAllowed(
  config: HonoAuthzConfig,
  objectType: string,
  relation: string,
  options: RebacOptions = {},
): MiddlewareHandler<AuthzEnv> {
  requireName('objectType', objectType);
  requireName('relation', relation);
  const paramName = options.paramName ?? 'id';
  requireName('paramName', paramName);
  const policyPath = `${config.policyPathRoot}.check`;
  const guard: MiddlewareHandler<AuthzEnv> = async function requireRelation(c, next) {
    rememberConfig(c, config);
    const objectId = options.objectId ? options.objectId(c) : c.req.param(paramName);
    if (!options.objectId && objectId === undefined) {
      throw misconfiguredGuard(config, `requireRebacAllowed(${objectType}, ${relation})`, c, paramName);
    }
    const spec = { objectType, objectId: objectId ?? '', relation, subjectType: options.subjectType };
    const decision = await answering(() => checkRelation(config, c, spec, requestInfo(c)));
    if (!decision.allowed) throw accessDenied(policyPath, decision);
    c.set('authzDecision', decision);
    await next();
  };
  return options.objectId ? guard : readsRouteParameters(guard, [paramName]);
}

/**
 * Guards a route with ordered relationship levels, e.g. organization → project → document.
 * Modes: `all` (default; every level), `any` (some level), `first_match` (levels in order, the
 * first allowing one is kept as `c.get('authzHierarchy').matched`).
 *
 * @param levels - `[objectType, paramName, relation]` tuples or objects; at least one
 * @param mode - default `all`
 * @throws {AuthzConfigError} when the list is empty or a level or the mode is invalid
 * @example
 * app.get('/orgs/:org_id/docs/:doc_id', requireRebacHierarchy(config, [
 *   ['organization', 'org_id', 'member'],
 *   ['document', 'doc_id', 'can_read'],
 * ]), getDocument);
 */
export function requireRebacHierarchy(
  config: HonoAuthzConfig,
  levels: readonly HierarchyLevelInput[],
  mode?: HierarchyMode,
  options: { subjectType?: string } = {},
): MiddlewareHandler<AuthzEnv> {
  const hierarchy = hierarchyOf(levels, mode);
  const guard: MiddlewareHandler<AuthzEnv> = async function requireHierarchy(c, next) {
    rememberConfig(c, config);
    const missing = hierarchy.levels.find((level) => c.req.param(level.paramName) === undefined);
    if (missing) throw misconfiguredGuard(config, 'requireRebacHierarchy', c, missing.paramName);
    const result = await answering(() =>
      checkHierarchy(config, c, hierarchy, (level) => c.req.param(level.paramName), {
        info: requestInfo(c),
        subjectType: options.subjectType,
      }),
    );
    if (!result.allowed) throw accessDenied(result.policyPath, anonymousDenial(result.decisions));
    c.set('authzHierarchy', result);
    await next();
  };
  return readsRouteParameters(
    guard,
    hierarchy.levels.map((level) => level.paramName),
  );
}

/** A hierarchy denied an anonymous caller when one of its decisions did. */
function anonymousDenial(decisions: HierarchyResult['decisions']): { anonymous?: true } {
  return decisions.some(({ decision }) => decision.anonymous) ? { anonymous: true } : {};
}
