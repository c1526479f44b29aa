/**
 * What the plugin and the guards leave on the Fastify request for handlers and
 * {@link checkRelations}: the configuration, and the decision or resource they established —
 * plain properties, set on the requests they handle and absent from the others (not request
 * decorators, which Fastify would assign on every request).
 */

import { type AuthzConfig, AuthzConfigError, type Decision, type HierarchyResult } from '@gatehousejs/core';
import { type Denial, pathOfUrl, type RequestInfo } from '@gatehousejs/core/adapter';
import type { FastifyRequest } from 'fastify';

/** The authorization configuration of a Fastify application. */
export type FastifyAuthzConfig = AuthzConfig<FastifyRequest>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The configuration of the plugin or guard that ran last. */
    authzConfig?: FastifyAuthzConfig | null;
    /** The decision that let the request through (plugin, policy and relationship guards). */
    authzDecision?: Decision | null;
    /** The denial the adapter answered, with the decision behind it (`error.decision`). */
    authzDenial?: Denial | null;
    /** The result of a hierarchy guard (with `first_match`: the level that matched). */
    authzHierarchy?: HierarchyResult | null;
    /** The resource `getAuthorizedResource` fetched and authorized (cast it to its type). */
    authorizedResource?: unknown;
  }
}

/** The configuration given, or the one the plugin or a guard remembered on the request. */
export function configOf(request: FastifyRequest, given?: FastifyAuthzConfig): FastifyAuthzConfig {
  const config = given ?? request.authzConfig;
  if (!config) {
    throw new AuthzConfigError(
      'config',
      'no authorization configuration on this request: pass it, or register authzPlugin or run a guard first',
    );
  }
  return config;
}

/**
 * The request fields of a decision record, read from the request when a record or a log asks for
 * them: a cache hit that records nothing takes no path out of the URL.
 */
class RequestFacts implements RequestInfo {
  // Declared, not a class field: a field would be defined by an initializer function of its own,
  // inlined into the hook on every request, where the constructor's store is all it needs.
  declare readonly request: FastifyRequest;

  constructor(request: FastifyRequest) {
    this.request = request;
  }

  get method(): string {
    return this.request.method;
  }

  get path(): string {
    return pathOfUrl(this.request.url);
  }
}

/** The request fields an audit record carries: the method and the path without its query. */
export function requestInfo(request: FastifyRequest): { readonly method: string; readonly path: string } {
  return new RequestFacts(request);
}

/** A route parameter of the request, as the router decoded it. */
export function routeParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
