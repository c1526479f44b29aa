/**
 * `createFastifyAuthzConfig`: core's `createAuthzConfig` for Fastify, so that an identity provider or
 * a resource-context provider written inline receives a typed `FastifyRequest`, not `unknown`.
 */
import { type AuthzOptions, createAuthzConfig } from '@gatehousejs/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyAuthzConfig } from './request-state.ts';

/**
 * Validates the options and returns the configuration the plugin and hooks read.
 *
 * @throws {AuthzConfigError} naming the field when an option is invalid
 * @example
 * const authz = createFastifyAuthzConfig({
 *   policyPathRoot: 'webapp',
 *   decisionService,
 *   identityProvider: (request) => {
 *     const user = request.headers['x-user']; // request: FastifyRequest
 *     return typeof user === 'string' ? { type: 'IDENTITY_TYPE_SUB', value: user } : { type: 'IDENTITY_TYPE_NONE' };
 *   },
 * });
 */
export function createFastifyAuthzConfig(options: AuthzOptions<FastifyRequest>): FastifyAuthzConfig {
  return createAuthzConfig<FastifyRequest>(options);
}
