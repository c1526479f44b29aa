/**
 * Start-up validation of a Hono application: every route must have a policy.
 */

import { type PolicyValidationResult, validatePolicies } from '@gatehousejs/core';
import { type ValidatePoliciesOptions, validationPolicyRoot } from '@gatehousejs/core/adapter';
import type { Hono } from 'hono';
import { checkGuardParameters } from './guard-parameters.ts';
import { scanRoutes } from './route-scan.ts';

/** Options of {@link validatePoliciesFromApp} (one shape for every adapter, from core). */
export type { ValidatePoliciesOptions };

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
  const policyPathRoot = validationPolicyRoot(options);
  checkGuardParameters(app);
  const routes = scanRoutes(app, { policyPathRoot, excludePaths: options.excludePaths });
  return validatePolicies(routes, options.policies, { failOnMissing: options.failOnMissing });
}
