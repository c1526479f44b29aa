/**
 * `generatePolicies`: one Rego policy per route of an application plus the relationship policy,
 * keyed by policy path — what `generate-policies` writes.
 */

import type { RouteEntry } from '@gatehousejs/core';
import { scanRoutes } from '@gatehousejs/hono';
import type { RoutedApp } from './app-module.ts';
import { relationshipPolicyPath, relationshipPolicyRego, routePolicyRego } from './policy-templates.ts';
import { type AuthzToolOptions, parseToolConfig } from './tool-config.ts';

/**
 * The policies of already scanned routes: routes sharing a policy path share one policy.
 *
 * @param routes from `scanRoutes`, in registration order
 */
export function policiesForRoutes(
  routes: readonly RouteEntry[],
  policyPathRoot: string,
): Record<string, string> {
  const byPath = new Map<string, RouteEntry[]>();
  for (const route of routes) {
    const group = byPath.get(route.policyPath);
    if (group) group.push(route);
    else byPath.set(route.policyPath, [route]);
  }
  const policies: Record<string, string> = {};
  for (const [policyPath, group] of byPath) policies[policyPath] = routePolicyRego(policyPath, group);
  policies[relationshipPolicyPath(policyPathRoot)] = relationshipPolicyRego(policyPathRoot);
  return policies;
}

/**
 * Scans `app`'s routes (as `validatePoliciesFromApp` does: middleware, excluded and
 * `skipMiddleware` routes left out, mounted sub-apps included) and returns one policy per policy
 * path — package named by the path, `default allowed := false`, `allowed` for any
 * `IDENTITY_TYPE_SUB` caller — plus the relationship policy `<root>.check`.
 *
 * @param config `policyPathRoot` (default `webapp`) and `excludePaths` (default none); an `AuthzConfig` will do
 * @returns Rego text by policy path, routes in registration order, `<root>.check` last
 * @throws {AuthzToolError} `config_invalid` for a bad root; {AuthzConfigError} for a bad exclusion
 * @example
 * const policies = generatePolicies(app, { policyPathRoot: 'webapp', excludePaths: ['/health'] });
 * policies['webapp.GET.api.documents.__id']; // 'package webapp.GET.api.documents.__id\n…'
 */
export function generatePolicies(app: RoutedApp, config: AuthzToolOptions = {}): Record<string, string> {
  const { policyPathRoot, excludePaths } = parseToolConfig(config, 'generatePolicies config');
  return policiesForRoutes(scanRoutes(app, { policyPathRoot, excludePaths }), policyPathRoot);
}
