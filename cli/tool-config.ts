/**
 * What `authz-tool` needs to know about an application beyond its routes: the policy root and the
 * route patterns the middleware leaves out. A zod schema holds the defaults.
 */

import { isPackagePath } from '@gatehousejs/core';
import { z } from 'zod';
import { AuthzToolError } from './errors.ts';

/**
 * The configuration of route scanning. Any object with these fields will do — an `AuthzConfig`
 * from `createAuthzConfig` (its `policyPathRoot`), or a plain object.
 */
export const AuthzToolConfigSchema = z.object({
  /** First segment(s) of every policy path (default `webapp`, the document application's root). */
  policyPathRoot: z
    .string()
    .refine(isPackagePath, 'must be a dotted Rego package path such as "webapp"')
    .default('webapp'),
  /**
   * Route patterns to leave out, as given to the middleware's `excludePaths`: regular
   * expressions matched against the whole pattern (default none).
   */
  excludePaths: z.array(z.union([z.string(), z.instanceof(RegExp)])).default([]),
});

/** The configuration as callers write it. */
export type AuthzToolOptions = z.input<typeof AuthzToolConfigSchema>;
/** The resolved configuration. */
export type AuthzToolConfig = z.output<typeof AuthzToolConfigSchema>;

/** The export an application module may offer for `authz-tool` when `--config` is not given. */
export const CONFIG_EXPORT = 'authzToolConfig';

/**
 * Validates a configuration object.
 *
 * @param source where the value came from, for messages (`./src/app.ts:authzToolConfig`)
 * @throws {AuthzToolError} `config_invalid` naming the field
 * @example
 * parseToolConfig({ policyPathRoot: 'webapp', excludePaths: ['/health'] }, 'program');
 */
export function parseToolConfig(value: unknown, source: string): AuthzToolConfig {
  const result = AuthzToolConfigSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`);
  throw new AuthzToolError(
    'config_invalid',
    `${source}: invalid authz-tool configuration: ${problems.join('; ')}`,
    { cause: result.error },
  );
}

/**
 * Validates a configuration export: an object, or a function (possibly async) returning one.
 *
 * @throws {AuthzToolError} `config_invalid` naming the field
 */
export async function resolveToolConfig(value: unknown, source: string): Promise<AuthzToolConfig> {
  const resolved = typeof value === 'function' ? await (value as () => unknown)() : value;
  return parseToolConfig(resolved, source);
}
