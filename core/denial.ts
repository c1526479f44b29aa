/**
 * Reading a denial: the {@link Decision} behind what an adapter threw or answered, and whether the
 * decision service made it. A denial by the fallback (the service unavailable, the breaker open)
 * is no "you may not": an application may answer it 503 (try again) instead of 403.
 */
import type { Decision } from './decision-check.ts';

/** Whether `decision` denied because the service could not decide (its fallback did). */
export function isFallbackDenial(decision: Pick<Decision, 'allowed' | 'source'>): boolean {
  return !decision.allowed && decision.source === 'fallback';
}

/** Causes followed at most, so that a cyclic cause chain ends. */
const MAX_CAUSES = 8;

/**
 * The decision that denied, read from what an adapter threw (its denial, or the
 * `AccessDeniedError` in its cause chain); `undefined` for anything else. Matched by code, not by
 * class, so a denial thrown by another copy of the core is read too.
 *
 * @example
 * app.onError((error, c) => {
 *   const decision = deniedDecision(error);
 *   if (decision && isFallbackDenial(decision)) return c.json({ detail: 'Try again later' }, 503);
 *   …
 * });
 */
export function deniedDecision(error: unknown): Decision | undefined {
  let current: unknown = error;
  for (let i = 0; i < MAX_CAUSES && typeof current === 'object' && current !== null; i++) {
    const candidate = current as { code?: unknown; decision?: Decision; cause?: unknown };
    if (candidate.code === 'access_denied' && candidate.decision) return candidate.decision;
    current = candidate.cause;
  }
  return undefined;
}
