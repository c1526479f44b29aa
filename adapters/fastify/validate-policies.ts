/**
 * Start-up validation of a Fastify application: every route must have a policy.
 */
import {
  AuthzConfigError,
  type PathPattern,
  type PolicyInventory,
  type PolicyValidationResult,
  validatePolicies,
} from '@gatehousejs/core';
import type { FastifyAuthzConfig } from './request-state.ts';
import { type ScannableApp, scanRoutes } from './route-scan.ts';

/** Options of {@link validatePoliciesFromApp}. */
export interface ValidatePoliciesOptions {
  /** The policies that exist: policy paths or package names (see `policyPackagesOf`). */
  readonly policies: PolicyInventory;
  /** Root of the derived policy paths; default: `config.policyPathRoot`. */
  readonly policyPathRoot?: string;
  /** The application's configuration (for its root) when `policyPathRoot` is not given. */
  readonly config?: Pick<FastifyAuthzConfig, 'policyPathRoot'>;
  /** Route patterns to leave out (the plugin's exclusions). Default none. */
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
 * await validatePoliciesFromApp(app, {
 *   config, policies: service.packages, excludePaths: ['/health'], failOnMissing: true,
 * });
 */
export async function validatePoliciesFromApp(
  app: ScannableApp,
  options: ValidatePoliciesOptions,
): Promise<PolicyValidationResult> {
  const policyPathRoot = options.policyPathRoot ?? options.config?.policyPathRoot;
  if (!policyPathRoot) throw new AuthzConfigError('policyPathRoot', 'give policyPathRoot or config');
  const routes = await scanRoutes(app, { policyPathRoot, excludePaths: options.excludePaths });
  return validatePolicies(routes, options.policies, { failOnMissing: options.failOnMissing });
}
