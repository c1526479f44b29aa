/**
 * Step 1 of both decision flows: the identity (and the resource context) of a request, through
 * the configured providers, checked so that a faulty provider denies instead of crashing.
 */
import type { AuthzConfig } from './config.ts';
import type { RequestInfo, Scope } from './decision-check.ts';
import { DecisionUnavailableError } from './errors.ts';
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
  if (type === 'IDENTITY_TYPE_SUB') return typeof v === 'string'; // the usual caller, without a set lookup
  if (typeof type !== 'string' || !IDENTITY_TYPES.has(type)) return false;
  return type === 'IDENTITY_TYPE_NONE' ? v === undefined || typeof v === 'string' : typeof v === 'string';
}

function isMapping(value: unknown): value is ResourceContext {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A resolved request — the scope of its checks, with the resource context — or the error code
 * explaining why it cannot be evaluated. One object: the scope is the result itself.
 */
export interface ScopeResult<R> extends Scope<R> {
  readonly resourceContext: ResourceContext;
  readonly problem?: string;
}

const IDENTITY_FAILED = 'identity_provider_failed';
const CONTEXT_FAILED = 'resource_context_failed';

function checkedIdentity(value: unknown): Identity {
  if (!isIdentity(value)) throw new TypeError(`identityProvider returned ${JSON.stringify(value)}`);
  return value;
}

function checkedContext(value: unknown): ResourceContext {
  if (!isMapping(value)) throw new TypeError('resourceContextProvider did not return a mapping');
  return value;
}

function resolved<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
  identity: Identity,
  resourceContext: ResourceContext,
): ScopeResult<R> {
  return { config, request, identity, info, resourceContext, problem: undefined };
}

function unresolved<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
  stage: string,
  error: unknown,
): ScopeResult<R> {
  config.logger.error(`cannot authorize ${info.method ?? ''} ${info.path ?? ''}: ${String(error)}`.trim(), {
    code: stage,
  });
  return { config, request, identity: ANONYMOUS, info, resourceContext: EMPTY, problem: stage };
}

/** The rest of {@link resolveScope} when the identity provider returned a promise. */
async function identityLater<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
  provided: Promise<Identity>,
): Promise<ScopeResult<R>> {
  let stage = IDENTITY_FAILED;
  try {
    const identity = checkedIdentity(await provided);
    stage = CONTEXT_FAILED;
    const mapping = config.resourceContextProvider ? config.resourceContextProvider(request) : EMPTY;
    const context = mapping instanceof Promise ? await mapping : mapping;
    return resolved(config, request, info, identity, checkedContext(context));
  } catch (error) {
    return unresolved(config, request, info, stage, error);
  }
}

/** The rest of {@link resolveScope} when the resource context provider returned a promise. */
async function contextLater<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
  identity: Identity,
  mapping: Promise<ResourceContext>,
): Promise<ScopeResult<R>> {
  try {
    return resolved(config, request, info, identity, checkedContext(await mapping));
  } catch (error) {
    return unresolved(config, request, info, CONTEXT_FAILED, error);
  }
}

/**
 * Resolves the identity and resource context of `request`. A provider that throws or returns a
 * malformed value yields a `problem` (the checks then deny as errors) and is logged. Synchronous
 * when both providers return plain values (the usual case, and the cache-hit path); a promise
 * once a provider returns one (only promises are awaited).
 *
 * @throws {DecisionUnavailableError} when the configuration is closed
 */
export function resolveScope<R>(
  config: AuthzConfig<R>,
  request: R,
  info: RequestInfo,
): ScopeResult<R> | Promise<ScopeResult<R>> {
  if (config.closed) throw new DecisionUnavailableError('the authorization configuration is closed');
  let stage = IDENTITY_FAILED;
  try {
    const provided = config.identityProvider(request);
    if (provided instanceof Promise) return identityLater(config, request, info, provided);
    const identity = checkedIdentity(provided);
    stage = CONTEXT_FAILED;
    const mapping = config.resourceContextProvider ? config.resourceContextProvider(request) : EMPTY;
    if (mapping instanceof Promise) return contextLater(config, request, info, identity, mapping);
    return resolved(config, request, info, identity, checkedContext(mapping));
  } catch (error) {
    return unresolved(config, request, info, stage, error);
  }
}
