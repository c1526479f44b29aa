/**
 * Start-up validation of a Fastify application: every route must have a policy.
 */
import { type PolicyValidationResult, validatePolicies } from '@gatehousejs/core';
import { type ValidatePoliciesOptions, validationPolicyRoot } from '@gatehousejs/core/adapter';
import { type ScannableApp, scanRoutes } from './route-scan.ts';

/** Options of {@link validatePoliciesFromApp} (one shape for every adapter, from core). */
export type { ValidatePoliciesOptions };

/**
 * Checks that every route of `app` (see {@link scanRoutes}) has a policy.
 *
 * @returns `{ valid, missingPolicies: [{ policyPath, method, path }] }`
 * @throws {MissingPoliciesError} stating the count, with `failOnMissing`, when policies are missing
 * @example
 * await validatePoliciesFromApp(app, {
 *   config, policies: service.packages, excludePaths: ['/health'], failOnMissing: true,
 * });
 */
export async function validatePoliciesFromApp(
  app: ScannableApp,
  options: ValidatePoliciesOptions,
): Promise<PolicyValidationResult> {
  const policyPathRoot = validationPolicyRoot(options);
  const routes = await scanRoutes(app, { policyPathRoot, excludePaths: options.excludePaths });
  return validatePolicies(routes, options.policies, { failOnMissing: options.failOnMissing });
}
