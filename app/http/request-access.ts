/**
 * The services' {@link Access} for one Hono request: relationship decisions through the
 * authorization configuration (policies, cache, breaker, audit), remembered for the request so
 * that a question a guard already answered is not asked again. A denial the decision service did
 * not make (its fallback decided while it was unavailable) is no answer: `unavailable` (503).
 */

import { checkRelation, checkRelations, type Decision, isFallbackDenial } from '@gatehousejs/core';
import { filterAuthorizedResources, type HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { type Access, type ObjectType, type Permission, ServiceError } from '../services/index.ts';
import { markPending } from './pending-writes.ts';
import { recordEffectiveWrite } from './read-your-writes.ts';

/** Objects reached per listed row up to which one set question is cheaper than a decision per row. */
const SET_REACH_PER_ROW = 4;

/**
 * Whether a list of `items` rows, for a caller reaching `reach` objects, is decided with one set
 * question (where the decision service offers one): its cost grows with the reach (Topaz: 15–25 ms
 * and 0.04–0.13 ms per reached object, quiet to busy), one decision per row with the rows (~1 ms
 * each), so the set question is asked only while the reach is at most {@link SET_REACH_PER_ROW}
 * times the rows. Without a known reach, rows are decided one by one: their cost is bounded by the
 * page, the set question's is not.
 */
function askAsSet(items: number, reach: number): boolean {
  return reach <= SET_REACH_PER_ROW * items;
}

/** The access of one request, with what its guards already established. */
interface RequestAccess extends Access {
  /** Records that the caller holds `permission` on the object, as a guard of this request found. */
  remember(type: string, id: number, permission: string): void;
}

const keyOf = (type: string, id: number | string, permission: string) => `${type}:${id}#${permission}`;

/** The services' answer to a denial: `forbidden`, or `unavailable` when the service did not decide. */
function refusal(decision: Decision): ServiceError {
  if (isFallbackDenial(decision)) {
    return new ServiceError('unavailable', 'Authorization service unavailable: try again later');
  }
  return new ServiceError('forbidden', `Access denied: ${decision.policyPath}`, {
    policyPath: decision.policyPath,
  });
}

function createRequestAccess(c: Context, config: HonoAuthzConfig): RequestAccess {
  const info = { method: c.req.method, path: c.req.path };
  const established = new Set<string>();
  const filters = new Map<
    string,
    (c: Context, items: readonly { id: number }[]) => Promise<{ id: number }[]>
  >();
  return {
    userId: (c.get('user') as { sub?: string } | null | undefined)?.sub,
    onPending: () => markPending(c),
    onEffective: (position) => recordEffectiveWrite(c, position),
    remember: (type, id, permission) => void established.add(keyOf(type, id, permission)),
    async permissions(type, id, permissions) {
      return (await checkRelations(config, c, type, String(id), permissions, { info })) as Record<
        Permission,
        boolean
      >;
    },
    async require(type: ObjectType, id: number, permission: Permission) {
      const key = keyOf(type, id, permission);
      if (established.has(key)) return;
      const spec = { objectType: type, objectId: String(id), relation: permission };
      const decision = await checkRelation(config, c, spec, info);
      if (!decision.allowed) throw refusal(decision);
      established.add(key);
    },
    async filter<T extends { readonly id: number }>(
      type: ObjectType,
      items: readonly T[],
      permission: Permission,
      reach?: number,
    ): Promise<T[]> {
      const setQuestion = reach !== undefined && askAsSet(items.length, reach);
      const key = `${type}#${permission}#${setQuestion}`;
      // Items dropped because no decision could be made would vanish from a list silently: the
      // filter refuses instead, with the fallback's decision (answered 503 by the error mapping).
      const filter =
        filters.get(key) ??
        filterAuthorizedResources(config, type, permission, { undecided: 'refuse', setQuestion });
      filters.set(key, filter);
      return (await filter(c, items)) as T[];
    },
  };
}

function accessOfRequest(c: Context, config: HonoAuthzConfig): RequestAccess {
  const existing = c.get('access') as RequestAccess | undefined;
  if (existing) return existing;
  const access = createRequestAccess(c, config);
  c.set('access', access);
  return access;
}

/**
 * The caller of `c` as the services see it (one per request).
 *
 * @example
 * const doc = await services.documents.get(requestAccess(c, authz), id);
 */
export function requestAccess(c: Context, config: HonoAuthzConfig): Access {
  return accessOfRequest(c, config);
}

/** Records that the caller holds `permission` on the object, as a guard of this request found. */
export function rememberAllowed(
  c: Context,
  config: HonoAuthzConfig,
  type: string,
  id: number,
  permission: string,
): void {
  accessOfRequest(c, config).remember(type, id, permission);
}
