/**
 * What the middleware and the guards leave on the Hono context for handlers and
 * {@link checkRelations}: the configuration, and the decision or resource they established.
 */

import { type AuthzConfig, AuthzConfigError, type Decision, type HierarchyResult } from '@gatehousejs/core';
import type { Context } from 'hono';

/** The authorization configuration of a Hono application. */
export type HonoAuthzConfig = AuthzConfig<Context>;

/** Context variables set by the adapter (`c.get('authzDecision')`, …). */
export interface AuthzVariables {
  /** The configuration of the middleware or guard that ran last. */
  authzConfig: HonoAuthzConfig;
  /** The decision that let the request through (middleware, policy and relationship guards). */
  authzDecision: Decision;
  /** The result of a hierarchy guard (with `first_match`: the level that matched). */
  authzHierarchy: HierarchyResult;
}

/** The Hono environment of the adapter's middleware. */
export interface AuthzEnv {
  Variables: AuthzVariables;
}

/** Remembers `config` on the context for later {@link checkRelations} calls. */
export function rememberConfig(c: Context, config: HonoAuthzConfig): void {
  c.set('authzConfig', config);
}

/** The configuration given, or the one a middleware or guard remembered on the context. */
export function configOf(c: Context, given?: HonoAuthzConfig): HonoAuthzConfig {
  const config = given ?? (c.get('authzConfig') as HonoAuthzConfig | undefined);
  if (!config) {
    throw new AuthzConfigError(
      'config',
      'no authorization configuration on this request: pass it, or run authzMiddleware or a guard first',
    );
  }
  return config;
}

/** The request fields an audit record carries. */
export function requestInfo(c: Context): { method: string; path: string } {
  return { method: c.req.method, path: c.req.path };
}
