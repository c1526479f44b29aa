/**
 * The services' {@link Access} for one Hono request: relationship decisions through the
 * authorization configuration (policies, cache, breaker, audit), remembered for the request so
 * that a question a guard already answered is not asked again.
 */

import { checkRelation, checkRelations } from '@gatehousejs/core';
import { filterAuthorizedResources, type HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { type Access, type ObjectType, type Permission, ServiceError } from '../services/index.ts';
import { decidedWithoutService } from './authorization.ts';
import { markPending } from './pending-writes.ts';

const established = new WeakMap<Context, Set<string>>();
const accesses = new WeakMap<Context, Access>();

const keyOf = (type: string, id: number | string, permission: string) => `${type}:${id}#${permission}`;

/** Records that the caller holds `permission` on the object, as a guard of this request found. */
export function rememberAllowed(c: Context, type: string, id: number, permission: string): void {
  const set = established.get(c) ?? new Set<string>();
  established.set(c, set);
  set.add(keyOf(type, id, permission));
}

/**
 * The caller of `c` as the services see it (one per request).
 *
 * @example
 * const doc = await services.documents.get(requestAccess(c, authz), id);
 */
export function requestAccess(c: Context, config: HonoAuthzConfig): Access {
  const existing = accesses.get(c);
  if (existing) return existing;
  const info = { method: c.req.method, path: c.req.path };
  const filters = new Map<
    string,
    (c: Context, items: readonly { id: number }[]) => Promise<{ id: number }[]>
  >();
  const access: Access = {
    userId: (c.get('user') as { sub?: string } | null | undefined)?.sub,
    onPending: () => markPending(c),
    async permissions(type, id, permissions) {
      return (await checkRelations(config, c, type, String(id), permissions, { info })) as Record<
        Permission,
        boolean
      >;
    },
    async require(type: ObjectType, id: number, permission: Permission) {
      const key = keyOf(type, id, permission);
      if (established.get(c)?.has(key)) return;
      const spec = { objectType: type, objectId: String(id), relation: permission };
      const decision = await checkRelation(config, c, spec, info);
      if (!decision.allowed) {
        throw new ServiceError('forbidden', `Access denied: ${decision.policyPath}`, {
          policyPath: decision.policyPath,
        });
      }
      rememberAllowed(c, type, id, permission);
    },
    async filter<T extends { readonly id: number }>(
      type: ObjectType,
      items: readonly T[],
      permission: Permission,
    ): Promise<T[]> {
      const key = `${type}#${permission}`;
      const filter = filters.get(key) ?? filterAuthorizedResources(config, type, permission);
      filters.set(key, filter);
      const allowed = (await filter(c, items)) as T[];
      // Items dropped because no decision could be made would vanish from a list silently.
      if (decidedWithoutService(c)) {
        throw new ServiceError('unavailable', 'Authorization service unavailable: try again later');
      }
      return allowed;
    },
  };
  accesses.set(c, access);
  return access;
}
