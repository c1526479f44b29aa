/**
 * Fallback strategies: who decides when the decision service cannot (circuit open, or a call
 * failed while a circuit breaker is configured).
 */
import type { Identity } from './identity.ts';
import type { ResourceContext } from './ports/decision-service.ts';
import type { Logger } from './ports/logger.ts';

/** The named strategies; `cache_then_deny` is the default and the only one without risk. */
export const FALLBACK_STRATEGIES = ['cache_then_deny', 'deny', 'cache_then_allow', 'allow'] as const;
/** A named fallback strategy. */
export type FallbackStrategy = (typeof FALLBACK_STRATEGIES)[number];

/** What a fallback function is told. */
export interface FallbackContext {
  /** `circuit_open`: the breaker refused the call; `service_failed`: the call failed transiently. */
  readonly reason: 'circuit_open' | 'service_failed';
  readonly identity: Identity;
  readonly policyPath: string;
  readonly decision: string;
  readonly resourceContext: ResourceContext;
  /** The last cached decision for this key, possibly expired; `undefined` when none is held. */
  readonly staleDecision: boolean | undefined;
  /** The failure, for `service_failed`. */
  readonly error?: unknown;
  /** The framework request (a Hono `Context` with the Hono adapter). */
  readonly request: unknown;
}

/** A custom fallback: returns whether to allow. A throw or a non-boolean denies. */
export type FallbackFunction = (context: FallbackContext) => boolean | Promise<boolean>;

/** A fallback: a named strategy or a function. */
export type Fallback = FallbackStrategy | FallbackFunction;

/** Whether `fallback` may allow a request it knows nothing about (warned about at start-up). */
export function fallbackMayAllow(fallback: Fallback): boolean {
  return fallback === 'allow' || fallback === 'cache_then_allow';
}

/**
 * Decides with `fallback`. Named strategies: `cache_then_deny` (stale decision, else deny),
 * `deny`, `cache_then_allow` (stale decision, else allow), `allow`. A function that throws or
 * returns anything but a boolean denies, and the problem is logged.
 */
export async function applyFallback(
  fallback: Fallback,
  context: FallbackContext,
  logger: Logger,
): Promise<boolean> {
  switch (fallback) {
    case 'deny':
      return false;
    case 'allow':
      return true;
    case 'cache_then_deny':
      return context.staleDecision ?? false;
    case 'cache_then_allow':
      return context.staleDecision ?? true;
  }
  try {
    const allowed = await fallback(context);
    if (typeof allowed === 'boolean') return allowed;
    logger.error(`fallback function returned ${typeof allowed}, not a boolean: denied`, {
      policyPath: context.policyPath,
    });
  } catch (error) {
    logger.error('fallback function failed: denied', { policyPath: context.policyPath, error });
  }
  return false;
}
