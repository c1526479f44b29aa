/**
 * What a framework adapter's `validatePoliciesFromApp` takes, and the policy root it resolves
 * from it — the same for every adapter, so it is stated once here.
 */
import { AuthzConfigError } from './errors.ts';
import type { PathPattern } from './path-exclusions.ts';
import type { PolicyInventory } from './policy-validation.ts';

/** Options of an adapter's `validatePoliciesFromApp`. */
export interface ValidatePoliciesOptions {
  /** The policies that exist: policy paths or package names (see `policyPackagesOf`). */
  readonly policies: PolicyInventory;
  /** Root of the derived policy paths; default: `config.policyPathRoot`. */
  readonly policyPathRoot?: string;
  /** The application's configuration (for its root) when `policyPathRoot` is not given. */
  readonly config?: { readonly policyPathRoot: string };
  /** Route patterns to leave out (the adapter's exclusions). Default none. */
  readonly excludePaths?: readonly PathPattern[];
  /** Throw instead of returning an invalid result (default false). */
  readonly failOnMissing?: boolean;
}

/**
 * The policy root of a validation: `policyPathRoot`, else the configuration's.
 *
 * @throws {AuthzConfigError} `policyPathRoot` when neither is given
 * @example
 * const root = validationPolicyRoot({ policies: [], config }); // 'webapp'
 */
export function validationPolicyRoot(options: ValidatePoliciesOptions): string {
  const root = options.policyPathRoot ?? options.config?.policyPathRoot;
  if (!root) throw new AuthzConfigError('policyPathRoot', 'give policyPathRoot or config');
  return root;
}
