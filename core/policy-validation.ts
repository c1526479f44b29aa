/**
 * Start-up validation: every route's policy path must name an existing policy package, and no two
 * routes may share one by accident (`/user-profiles` and `/user_profiles` both derive
 * `….user_profiles`, so one policy would silently decide for both).
 */
import { MissingPoliciesError, PolicyPathCollisionError } from './errors.ts';

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

/** Different routes of one method that derive the same policy path. */
export interface PolicyPathCollision {
  readonly policyPath: string;
  readonly method: string;
  /** The route patterns, in registration order (two or more). */
  readonly paths: readonly string[];
}

/** The outcome of a validation. */
export interface PolicyValidationResult {
  readonly valid: boolean;
  readonly missingPolicies: readonly MissingPolicy[];
  readonly collisions: readonly PolicyPathCollision[];
}

/**
 * Routes of one method whose different patterns derive the same policy path (hyphen and underscore,
 * `:user-id` and `:user_id`, a dot and an underscore).
 *
 * @example
 * policyPathCollisions([
 *   { method: 'GET', path: '/user-profiles', policyPath: 'webapp.GET.user_profiles' },
 *   { method: 'GET', path: '/user_profiles', policyPath: 'webapp.GET.user_profiles' },
 * ]); // [{ policyPath: 'webapp.GET.user_profiles', method: 'GET', paths: ['/user-profiles', '/user_profiles'] }]
 */
export function policyPathCollisions(routes: readonly RouteEntry[]): PolicyPathCollision[] {
  const byPolicy = new Map<string, { method: string; paths: string[]; spellings: Set<string> }>();
  for (const route of routes) {
    const spelling = routeSpelling(route.path);
    const entry = byPolicy.get(route.policyPath);
    if (!entry) {
      byPolicy.set(route.policyPath, {
        method: route.method,
        paths: [route.path],
        spellings: new Set([spelling]),
      });
    } else if (!entry.spellings.has(spelling)) {
      entry.spellings.add(spelling);
      entry.paths.push(route.path);
    }
  }
  return [...byPolicy]
    .filter(([, entry]) => entry.paths.length > 1)
    .map(([policyPath, entry]) => ({ policyPath, method: entry.method, paths: entry.paths }));
}

/**
 * A route pattern as its words are spelled: a trailing slash and a parameter's pattern
 * (`:name{.+\.png}`) are one route's variants, not a second route.
 */
function routeSpelling(path: string): string {
  return path.replace(/(:[\w-]+)\{[^/]*\}/g, '$1').replace(/\/+$/, '') || '/';
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
 * Checks that every route's policy path is in `policies` and that no two routes collide on one.
 *
 * @param options - `failOnMissing` (default false): throw instead of returning an invalid result
 * @throws {PolicyPathCollisionError} naming the routes, with `failOnMissing`, when routes collide
 * @throws {MissingPoliciesError} stating the count, with `failOnMissing`, when policies are missing
 * @example
 * validatePolicies(scanned, ['webapp.GET.api.documents']); // { valid, missingPolicies, collisions }
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
  const collisions = policyPathCollisions(routes);
  if (options.failOnMissing && collisions.length > 0) throw new PolicyPathCollisionError(collisions);
  if (options.failOnMissing && missingPolicies.length > 0) {
    throw new MissingPoliciesError(
      missingPolicies.length,
      missingPolicies.map((m) => m.policyPath),
    );
  }
  return { valid: missingPolicies.length === 0 && collisions.length === 0, missingPolicies, collisions };
}
