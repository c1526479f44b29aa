/**
 * @module @gatehousejs/hono
 * The Hono adapter: the global authorization middleware (or the gate in front of Hono's
 * dispatch), per-route guards, resource helpers, the non-raising permission query, identity providers, route scanning and policy validation.
 */

export type { ScanOptions } from '@gatehousejs/core/adapter';
export type { AuthzGateOptions } from './authz-gate.ts';
export { authzGate } from './authz-gate.ts';
export { checkRelations } from './check-relations.ts';
export type { AuthzEnv, AuthzVariables, HonoAuthzConfig } from './context-vars.ts';
export { checkGuardParameters } from './guard-parameters.ts';
export { createHonoAuthzConfig } from './hono-config.ts';
export { jsonHttpError, toHttpError } from './http-errors.ts';
export type { SessionUser } from './identity-providers.ts';
export { identityFromHeader, identityFromSessionUser } from './identity-providers.ts';
export type { AuthzMiddlewareOptions } from './middleware.ts';
export { authzMiddleware } from './middleware.ts';
export { requirePolicyAllowed, requirePolicyAuto } from './policy-guards.ts';
export type { RebacOptions } from './rebac-guards.ts';
export { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
export type { AuthorizedResourceOptions, FilterOptions } from './resources.ts';
export { filterAuthorizedResources, getAuthorizedResource } from './resources.ts';
export type { TargetRoute } from './route-match.ts';
export { skipMiddleware } from './route-match.ts';
export { ALL_METHODS, scanRoutes } from './route-scan.ts';
export type { ValidatePoliciesOptions } from './validate-policies.ts';
export { validatePoliciesFromApp } from './validate-policies.ts';
