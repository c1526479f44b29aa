/**
 * The relationship guard of the routes that address one document or folder: the library's
 * `requireRebacAllowed`, with two answers it cannot give itself — 400 for an id that is not a
 * row id, and 404 (instead of its 403) for an object that does not exist.
 */

import { type HonoAuthzConfig, requireRebacAllowed } from '@gatehousejs/hono';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ObjectType, Permission } from '../services/index.ts';
import { httpError } from './error-responses.ts';
import { rememberAllowed } from './request-access.ts';

/** Options of {@link relationGuard}. */
export interface RelationGuardOptions {
  /** Route parameter holding the id (default `id`). */
  readonly paramName?: string;
  /** Whether an object with this id exists (asked only after a denial). */
  readonly exists: (id: number) => Promise<boolean>;
}

const ROW_ID = /^[1-9]\d{0,9}$/;

/**
 * Guards a route: the caller must hold `permission` on the object whose id is in the path.
 *
 * @example
 * documentRoute.middleware = [relationGuard(authz, 'document', 'can_read', { exists })];
 */
export function relationGuard(
  config: HonoAuthzConfig,
  objectType: ObjectType,
  permission: Permission,
  options: RelationGuardOptions,
): MiddlewareHandler {
  const paramName = options.paramName ?? 'id';
  const guard = requireRebacAllowed(config, objectType, permission, { paramName });
  return async function guardRelation(c, next) {
    const raw = c.req.param(paramName) ?? '';
    const id = ROW_ID.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
      throw httpError(400, `${paramName}: must be a positive whole number`, paramName);
    }
    let allowed = false;
    try {
      await guard(c, async () => {
        allowed = true;
      });
    } catch (error) {
      if (
        error instanceof HTTPException &&
        (error.status === 403 || error.status === 401) &&
        !(await options.exists(id))
      ) {
        throw httpError(404, `${objectType === 'document' ? 'Document' : 'Folder'} not found`);
      }
      throw error;
    }
    if (!allowed) return;
    rememberAllowed(c, config, objectType, id, permission);
    await next();
  };
}
