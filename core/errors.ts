import type { Decision } from './decision-check.ts';

/**
 * The core's error base. Every error the core throws is an {@link AuthzError} with a string
 * `code`; adapters map codes to their framework's responses (the core never throws HTTP types).
 */

/** Base class of the core's errors. */
export class AuthzError extends Error {
  override name = 'AuthzError';
  /** Machine-readable reason, e.g. `config_invalid`, `access_denied`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * A configuration value is invalid (caught at construction, never at request time when avoidable).
 * `field` names the offending option, e.g. `circuitBreaker.failureThreshold`.
 */
export class AuthzConfigError extends AuthzError {
  override name = 'AuthzConfigError';
  /** Dotted name of the first offending field (empty when the whole value is wrong). */
  readonly field: string;

  constructor(field: string, message: string, options?: { cause?: unknown }) {
    super('config_invalid', field ? `${field}: ${message}` : message, options);
    this.field = field;
  }
}

/**
 * A request was denied; adapters answer 403 `Access denied: <policyPath>` (401 for a caller without
 * identity) and keep this error, with the {@link Decision} that denied, as their denial's cause.
 */
export class AccessDeniedError extends AuthzError {
  override name = 'AccessDeniedError';
  /** The policy path whose decision denied the request. */
  readonly policyPath: string;
  /** The decision that denied, when the denial came from one (see {@link isFallbackDenial}). */
  readonly decision?: Decision;

  constructor(policyPath: string, options?: { cause?: unknown; decision?: Decision }) {
    super('access_denied', `Access denied: ${policyPath}`, options);
    this.policyPath = policyPath;
    if (options?.decision) this.decision = options.decision;
  }
}

/** A fetch-then-authorize lookup found nothing; adapters answer 404. */
export class ResourceNotFoundError extends AuthzError {
  override name = 'ResourceNotFoundError';
  /** The object type that was looked up. */
  readonly objectType: string;

  constructor(objectType: string, options?: { cause?: unknown }) {
    super('resource_not_found', `${objectType} not found`, options);
    this.objectType = objectType;
  }
}

/**
 * The decision service could not be reached and no circuit breaker (hence no fallback) is
 * configured, or the configuration was closed; adapters answer 503.
 */
export class DecisionUnavailableError extends AuthzError {
  override name = 'DecisionUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('decision_unavailable', message, options);
  }
}

/** Startup validation found different routes that derive the same policy path. */
export class PolicyPathCollisionError extends AuthzError {
  override name = 'PolicyPathCollisionError';

  constructor(collisions: readonly { policyPath: string; method: string; paths: readonly string[] }[]) {
    const described = collisions.map(
      (c) => `${c.paths.map((p) => `${c.method} ${p}`).join(' and ')} share policy path ${c.policyPath}`,
    );
    super(
      'policy_path_collision',
      `${described.join('; ')}: one policy would decide for both; rename one of the routes`,
    );
  }
}

/** Startup validation found routes without a policy. */
export class MissingPoliciesError extends AuthzError {
  override name = 'MissingPoliciesError';
  /** How many routes have no policy. */
  readonly count: number;

  constructor(count: number, policyPaths: readonly string[]) {
    const noun = count === 1 ? 'policy is' : 'policies are';
    super('policies_missing', `${count} ${noun} missing: ${policyPaths.join(', ')}`);
    this.count = count;
  }
}
