/**
 * @module @gatehousejs/authz-tool
 * The `authz-tool` command-line tool and the same functions for programs: generate Rego policies
 * from a Hono app's routes (`generatePolicies`), compare routes with a policy directory
 * (`policyDiff`, `policyMap`), and the citty commands themselves.
 */
export type { LoadedApp, RoutedApp, ScannableApp } from './app-module.ts';
export { isFastifyApp, isHonoApp, loadApp } from './app-module.ts';
export type { CommandData } from './command-io.ts';
export { authzToolCommand } from './commands/index.ts';
export type { AuthzToolErrorCode } from './errors.ts';
export { AuthzToolError } from './errors.ts';
export type { ExitCode } from './exit-codes.ts';
export { EXIT_CODES } from './exit-codes.ts';
export { generatePolicies } from './generate-policies.ts';
export type { PolicyDiff, PolicyFinding } from './policy-diff.ts';
export { isRoutePolicy, policyDiff } from './policy-diff.ts';
export type { PolicyFile, PolicyFileStatus, PolicyLayout } from './policy-files.ts';
export { POLICY_LAYOUTS, policyFileName } from './policy-files.ts';
export type { MapFormat, PolicyMapRow } from './policy-map.ts';
export { MAP_FORMATS, policyMap, renderPolicyMap } from './policy-map.ts';
export { packageDeclaration, relationshipPolicyPath } from './policy-templates.ts';
export type { AuthzToolConfig, AuthzToolOptions } from './tool-config.ts';
export { AuthzToolConfigSchema, CONFIG_EXPORT } from './tool-config.ts';
