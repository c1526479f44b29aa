/**
 * Start-up validation: every route's policy path must name an existing policy package.
 */
import { MissingPoliciesError } from './errors.ts';

/** A route and its derived policy path (what route scanners produce). */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
  readonly policyPath: string;
}

/** A route without a policy. */
export interface MissingPolicy {
  readonly policyPath: string;
  readonly method: string;
  readonly path: string;
}

/** The outcome of a validation. */
export interface PolicyValidationResult {
  readonly valid: boolean;
  readonly missingPolicies: readonly MissingPolicy[];
}

/**
 * The policies that exist: policy paths or package names (`webapp.GET.api.documents`, with or
 * without a leading `data.`), e.g. from the engine, or {@link policyPackagesOf} over Rego files.
 */
export type PolicyInventory = Iterable<string>;

function normalize(policy: string): string {
  return policy.trim().replace(/^data\./, '');
}

/**
 * Package names declared by Rego sources (`package a.b` and `package a["b-c"]` forms).
 *
 * @example
 * policyPackagesOf([{ source: 'package webapp.GET.api.documents\n...' }]); // ['webapp.GET.api.documents']
 */
export function policyPackagesOf(sources: readonly { readonly source: string }[]): string[] {
  const packages: string[] = [];
  for (const { source } of sources) {
    const match = /^\s*package\s+([^\s#]+)/m.exec(source);
    if (match?.[1]) packages.push(normalize(match[1].replace(/\["([^"]+)"\]/g, '.$1')));
  }
  return packages;
}

/**
 * Checks that every route's policy path is in `policies`.
 *
 * @param options - `failOnMissing` (default false): throw instead of returning an invalid result
 * @throws {MissingPoliciesError} stating the count, with `failOnMissing`, when policies are missing
 */
export function validatePolicies(
  routes: readonly RouteEntry[],
  policies: PolicyInventory,
  options: { failOnMissing?: boolean } = {},
): PolicyValidationResult {
  const known = new Set<string>();
  for (const policy of policies) known.add(normalize(policy));
  const missingPolicies = routes
    .filter((route) => !known.has(route.policyPath))
    .map(({ policyPath, method, path }) => ({ policyPath, method, path }));
  if (options.failOnMissing && missingPolicies.length > 0) {
    throw new MissingPoliciesError(
      missingPolicies.length,
      missingPolicies.map((m) => m.policyPath),
    );
  }
  return { valid: missingPolicies.length === 0, missingPolicies };
}
