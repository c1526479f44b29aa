/**
 * The denial an adapter answers, decided once for every adapter: 401 `Sign-in required` for a
 * caller without identity (signing in may change the answer), else 403 `Access denied`, with the
 * {@link AccessDeniedError} carrying the {@link Decision} as its cause — so an application reads
 * the decision back (`deniedDecision`) whatever the framework.
 */
import type { Decision } from './decision-check.ts';
import { AccessDeniedError } from './errors.ts';

/** A denial as adapters answer it. */
export interface Denial {
  readonly status: 401 | 403;
  /** The text of the answer's `{ "detail": … }`. */
  readonly detail: string;
  /** The error the adapter keeps as its answer's cause; carries the decision. */
  readonly error: AccessDeniedError;
}

/**
 * The denial of a request refused at `policyPath` by `decision` (absent when no single decision
 * refused it, e.g. a hierarchy where every level denied: then only `anonymous` is known).
 *
 * @example
 * const { status, detail, error } = denialOf(decision.policyPath, decision);
 * throw new HTTPException(status, { message: detail, cause: error });
 */
export function denialOf(policyPath: string, decision?: Decision | Pick<Decision, 'anonymous'>): Denial {
  const full = decision && 'allowed' in decision ? decision : undefined;
  const error = new AccessDeniedError(policyPath, full ? { decision: full } : {});
  return decision?.anonymous
    ? { status: 401, detail: `Sign-in required: ${policyPath}`, error }
    : { status: 403, detail: `Access denied: ${policyPath}`, error };
}
