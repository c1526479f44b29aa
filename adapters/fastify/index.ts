/**
 * @module @gatehousejs/fastify
 * The Fastify adapter: the authorization plugin, per-route guards (`preHandler` hooks), resource
 * helpers, the non-raising permission query, identity providers, route scanning and policy
 * validation — the Hono adapter's surface, over the same core.
 */
export type { ScanOptions } from '@gatehousejs/core/adapter';
export { checkRelations } from './check-relations.ts';
export { createFastifyAuthzConfig } from './fastify-config.ts';
export type { AuthzAnswer } from './http-answers.ts';
export { AuthzHttpError } from './http-answers.ts';
export type { SessionUser } from './identity-providers.ts';
export { identityFromHeader, identityFromSessionUser } from './identity-providers.ts';
export type { AuthzPluginOptions } from './plugin.ts';
export { authzPlugin } from './plugin.ts';
export { requirePolicyAllowed, requirePolicyAuto } from './policy-guards.ts';
export type { RebacOptions } from './rebac-guards.ts';
export { requireRebacAllowed, requireRebacHierarchy } from './rebac-guards.ts';
export type { FastifyAuthzConfig } from './request-state.ts';
export type { AuthorizedResourceOptions, FilterOptions } from './resources.ts';
export { filterAuthorizedResources, getAuthorizedResource } from './resources.ts';
export type { FastifyRoute } from './route-registry.ts';
export { skipMiddleware } from './route-registry.ts';
export type { ScannableApp } from './route-scan.ts';
export { isFastifyApp, scanRoutes } from './route-scan.ts';
export type { ValidatePoliciesOptions } from './validate-policies.ts';
export { validatePoliciesFromApp } from './validate-policies.ts';
