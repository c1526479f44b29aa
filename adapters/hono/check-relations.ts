/**
 * The non-raising permission query for user interfaces.
 */

import { checkRelations as checkRelationsInCore } from '@gatehousejs/core';
import type { Context } from 'hono';
import { configOf, type HonoAuthzConfig, requestInfo } from './context-vars.ts';

/**
 * Which of `relations` the request's identity holds on one object: `{ [relation]: boolean }`.
 * Never throws on denial (an unavailable service reports every relation as false). Uses `config`
 * when given, else the one the middleware or a guard left on the context.
 *
 * @param config - default: the configuration remembered on `c`
 * @throws {AuthzConfigError} when no configuration is given or remembered
 * @example
 * const can = await checkRelations(c, 'document', id, ['can_write', 'can_delete', 'can_share']);
 * // { can_write: true, can_delete: false, can_share: false }
 */
export async function checkRelations(
  c: Context,
  objectType: string,
  objectId: string,
  relations: readonly string[],
  config?: HonoAuthzConfig,
): Promise<Record<string, boolean>> {
  return checkRelationsInCore(configOf(c, config), c, objectType, objectId, relations, {
    info: requestInfo(c),
  });
}
