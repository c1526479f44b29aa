/**
 * The non-raising permission query for user interfaces.
 */

import { checkRelations as checkRelationsInCore } from '@gatehousejs/core';
import type { FastifyRequest } from 'fastify';
import { configOf, type FastifyAuthzConfig, requestInfo } from './request-state.ts';

/**
 * Which of `relations` the request's identity holds on one object: `{ [relation]: boolean }`.
 * Never throws on denial (an unavailable service reports every relation as false). Uses `config`
 * when given, else the one the plugin or a guard left on the request.
 *
 * @param config - default: the configuration remembered on `request`
 * @throws {AuthzConfigError} when no configuration is given or remembered
 * @example
 * const can = await checkRelations(request, 'document', id, ['can_write', 'can_delete', 'can_share']);
 * // { can_write: true, can_delete: false, can_share: false }
 */
export async function checkRelations(
  request: FastifyRequest,
  objectType: string,
  objectId: string,
  relations: readonly string[],
  config?: FastifyAuthzConfig,
): Promise<Record<string, boolean>> {
  return checkRelationsInCore(configOf(request, config), request, objectType, objectId, relations, {
    info: requestInfo(request),
  });
}
