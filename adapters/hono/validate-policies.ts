/**
 * Start-up validation of a Hono application: every route must have a policy.
 */

import {
  AuthzConfigError,
  type PathPattern,
  type PolicyInventory,
  type PolicyValidationResult,
  validatePolicies,
} from '@gatehousejs/core';
import type { Hono } from 'hono';
import type { HonoAuthzConfig } from './context-vars.ts';
import { checkGuardParameters } from './guard-parameters.ts';
import { scanRoutes } from './route-scan.ts';

/** Options of {@link validatePoliciesFromApp}. */
export interface ValidatePoliciesOptions {
  /** The policies that exist: policy paths or package names (see `policyPackagesOf`). */
  readonly policies: PolicyInventory;
  /** Root of the derived policy paths; default: `config.policyPathRoot`. */
  readonly policyPathRoot?: string;
  /** The application's configuration (for its root) when `policyPathRoot` is not given. */
  readonly config?: Pick<HonoAuthzConfig, 'policyPathRoot'>;
  /** Route patterns to leave out (the middleware's exclusions). Default none. */
  readonly excludePaths?: readonly PathPattern[];
  /** Throw instead of returning an invalid result (default false). */
  readonly failOnMissing?: boolean;
}

/**
 * Checks that every route of `app` (see {@link scanRoutes}) has a policy.
 *
 * @returns `{ valid, missingPolicies: [{ policyPath, method, path }] }`
 * @throws {MissingPoliciesError} stating the count, with `failOnMissing`, when policies are missing
 * @example
 * validatePoliciesFromApp(app, {
 *   config, policies: policyPackagesOf(regoFiles), excludePaths: ['/health'], failOnMissing: true,
 * });
 */
export function validatePoliciesFromApp(
  app: Pick<Hono, 'routes'>,
  options: ValidatePoliciesOptions,
): PolicyValidationResult {
  const policyPathRoot = options.policyPathRoot ?? options.config?.policyPathRoot;
  if (!policyPathRoot) throw new AuthzConfigError('policyPathRoot', 'give policyPathRoot or config');
  checkGuardParameters(app);
  const routes = scanRoutes(app, { policyPathRoot, excludePaths: options.excludePaths });
  return validatePolicies(routes, options.policies, { failOnMissing: options.failOnMissing });
}
