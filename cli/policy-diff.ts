/**
 * `policyDiff`: routes without a policy (missing) and route policies without a route (orphaned),
 * from the same route scanning as `validatePoliciesFromApp` and the `package` declarations of
 * the policy files.
 */

import {
  type MissingPolicy,
  type PolicyPathCollision,
  type RouteEntry,
  validatePolicies,
} from '@gatehousejs/core';
import type { RegoVersion } from '@gatehousejs/engine';
import { scanRoutes } from '@gatehousejs/hono';
import type { RoutedApp } from './app-module.ts';
import {
  listPolicyFiles,
  type PackageLocation,
  type PolicyPackage,
  parsePolicyPackages,
} from './policy-packages.ts';
import { relationshipPolicyPath } from './policy-templates.ts';
import { type AuthzToolOptions, parseToolConfig } from './tool-config.ts';

/** The decision every route policy must define. */
export const ROUTE_DECISION = 'allowed';

/** A policy package with no route, or without an `allowed` rule. */
export interface PolicyFinding {
  readonly policyPath: string;
  /** Where the package is declared (its first file). */
  readonly file: string;
  readonly line: number;
}

/** How routes and policies differ. */
export interface PolicyDiff {
  /** Routes without a policy. */
  readonly missing: readonly MissingPolicy[];
  /** Different routes of one method that derive the same policy path: one policy would decide for both. */
  readonly collisions: readonly PolicyPathCollision[];
  /** Route policies (`<root>.<METHOD>…`) no route uses. */
  readonly orphaned: readonly PolicyFinding[];
  /**
   * Policies routes use (and `<root>.check`) that define no `allowed` rule; `policy-diff` reports
   * them with `--strict`.
   */
  readonly withoutAllowed: readonly PolicyFinding[];
  /** How many routes and route policies were compared. */
  readonly counts: { readonly routes: number; readonly routePolicies: number };
}

const METHOD_SEGMENT = /^[A-Z][A-Z_]*$/;

/**
 * Whether a package is a route policy: under the root, followed by an upper-case method
 * (`webapp.GET.api.documents`). Helper packages (`webapp.common`), `<root>.check` and packages
 * outside the root are not route policies, so they are never orphans.
 */
export function isRoutePolicy(policyPath: string, policyPathRoot: string): boolean {
  if (!policyPath.startsWith(`${policyPathRoot}.`)) return false;
  const method = policyPath.slice(policyPathRoot.length + 1).split('.')[0] ?? '';
  return METHOD_SEGMENT.test(method);
}

function finding(pkg: PolicyPackage): PolicyFinding {
  const first: PackageLocation = pkg.locations[0] ?? { file: '', line: 0 };
  return { policyPath: pkg.policyPath, file: first.file, line: first.line };
}

/**
 * Compares scanned routes with parsed packages.
 *
 * @example
 * comparePolicies(scanRoutes(app, { policyPathRoot: 'webapp' }), await parsePolicyPackages(files), 'webapp');
 */
export function comparePolicies(
  routes: readonly RouteEntry[],
  packages: readonly PolicyPackage[],
  policyPathRoot: string,
): PolicyDiff {
  const { missingPolicies, collisions } = validatePolicies(
    routes,
    packages.map((p) => p.policyPath),
  );
  const used = new Set(routes.map((r) => r.policyPath));
  const routePolicies = packages.filter((p) => isRoutePolicy(p.policyPath, policyPathRoot));
  const checked = relationshipPolicyPath(policyPathRoot);
  return {
    missing: missingPolicies,
    collisions,
    orphaned: routePolicies.filter((p) => !used.has(p.policyPath)).map(finding),
    withoutAllowed: packages
      .filter((p) => (used.has(p.policyPath) || p.policyPath === checked) && !p.rules.has(ROUTE_DECISION))
      .map(finding),
    counts: { routes: routes.length, routePolicies: routePolicies.length },
  };
}

/**
 * Scans `app`'s routes and compares them with the policies below `policiesDir`.
 *
 * @param config `policyPathRoot` (default `webapp`) and `excludePaths` (default none); an `AuthzConfig` will do
 * @param options `regoVersion` of files that do not import `rego.v1` (default `v0`)
 * @returns `{ missing, orphaned, withoutAllowed, counts }`
 * @throws {RegoError} naming file, line and column when a policy file does not parse
 * @throws {AuthzToolError} when the directory cannot be read or the configuration is invalid
 * @example
 * const { missing, orphaned } = await policyDiff(app, { policyPathRoot: 'webapp', excludePaths: ['/health'] }, 'policies');
 */
export async function policyDiff(
  app: RoutedApp,
  config: AuthzToolOptions,
  policiesDir: string,
  options: { readonly regoVersion?: RegoVersion } = {},
): Promise<PolicyDiff> {
  const { policyPathRoot, excludePaths } = parseToolConfig(config, 'policyDiff config');
  const routes = scanRoutes(app, { policyPathRoot, excludePaths });
  const packages = await parsePolicyPackages(await listPolicyFiles(policiesDir), {
    version: options.regoVersion,
  });
  return comparePolicies(routes, packages, policyPathRoot);
}
