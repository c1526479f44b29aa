/**
 * Step 1 of both decision flows: the identity (and the resource context) of a request, through
 * the configured providers, checked so that a faulty provider denies instead of crashing.
 */
import type { AuthzConfig } from './config.ts';
import { DecisionUnavailableError } from './errors.ts';
import type { RequestInfo, Scope } from './evaluation.ts';
import { ANONYMOUS, type Identity } from './identity.ts';
import type { ResourceContext } from './ports/decision-service.ts';

const IDENTITY_TYPES = new Set([
  'IDENTITY_TYPE_NONE',
  'IDENTITY_TYPE_SUB',
  'IDENTITY_TYPE_JWT',
  'IDENTITY_TYPE_MANUAL',
]);
const EMPTY: ResourceContext = Object.freeze({});

function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null) return false;
  const { type, value: v } = value as { type?: unknown; value?: unknown };
  if (typeof type !== 'string' || !IDENTITY_TYPES.has(type)) return false;
  return type === 'IDENTITY_TYPE_NONE' ? v === undefined || typeof v === 'string' : typeof v === 'string';
}

function isMapping(value: unknown): value is ResourceContext {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A resolved request, or the error code explaining why it cannot be evaluated. */
export type ScopeResult<R> =
  | { readonly scope: Scope<R>; readonly resourceContext: ResourceContext; readonly problem?: undefined }
  | { readonly scope: Scope<R>; readonly resourceContext: ResourceContext; readonly problem: string };

/**
 * Resolves the identity and resource context of `request`. A provider that throws or returns a
 * malformed value yields a `problem` (the checks then deny as errors) and is logged.
 *
 * @throws {DecisionUnavailableError} when the configuration is closed
 */
export async function resolveScope<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
): Promise<ScopeResult<R>> {
  if (config.closed) throw new DecisionUnavailableError('the authorization configuration is closed');
  let stage = 'identity_provider_failed';
  try {
    // Providers are usually synchronous: awaiting only promises keeps the cache-hit path short.
    const provided = config.identityProvider(request);
    const identity = provided instanceof Promise ? await provided : provided;
    if (!isIdentity(identity)) throw new TypeError(`identityProvider returned ${JSON.stringify(identity)}`);
    stage = 'resource_context_failed';
    const mapping = config.resourceContextProvider ? config.resourceContextProvider(request) : EMPTY;
    const context = mapping instanceof Promise ? await mapping : mapping;
    if (!isMapping(context)) throw new TypeError('resourceContextProvider did not return a mapping');
    return { scope: { config, request, identity, info }, resourceContext: context };
  } catch (error) {
    config.logger.error(`cannot authorize ${info.method ?? ''} ${info.path ?? ''}: ${String(error)}`.trim(), {
      code: stage,
    });
    return { scope: { config, request, identity: ANONYMOUS, info }, resourceContext: EMPTY, problem: stage };
  }
}
