/**
 * `createHonoAuthzConfig`: core's `createAuthzConfig` for Hono, so that an identity provider or a
 * resource-context provider written inline receives a typed `Context`, not `unknown`.
 */
import { type AuthzOptions, createAuthzConfig } from '@gatehousejs/core';
import type { Context } from 'hono';
import type { HonoAuthzConfig } from './context-vars.ts';

/**
 * Validates the options and returns the configuration the middleware and guards read.
 *
 * @throws {AuthzConfigError} naming the field when an option is invalid
 * @example
 * const authz = createHonoAuthzConfig({
 *   policyPathRoot: 'webapp',
 *   decisionService,
 *   identityProvider: (c) => {
 *     const sub = c.get('jwtPayload')?.sub; // c: Context
 *     return sub ? { type: 'IDENTITY_TYPE_SUB', value: sub } : { type: 'IDENTITY_TYPE_NONE' };
 *   },
 * });
 */
export function createHonoAuthzConfig(options: AuthzOptions<Context>): HonoAuthzConfig {
  return createAuthzConfig<Context>(options);
}
