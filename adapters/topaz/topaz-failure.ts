/**
 * Classification of Topaz call failures. Only failures to reach Topaz in time are transient
 * (unavailable, connection refused or reset, deadline exceeded); what Topaz answered about the
 * request itself (unknown policy, malformed request, rejected credentials, TLS misconfiguration)
 * is a configuration error that retrying cannot fix.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { DecisionServiceError, type DecisionServiceErrorCode } from '@gatehousejs/core';
import { PoolClosedError } from './connection-pool.ts';

/**
 * How long after sending an answer counts as "at the deadline": Topaz starts the deadline when the
 * call arrives, a little after it was sent, so an answer forced by it comes at most that little
 * earlier than the deadline seen from here (a genuine E30007 comes within milliseconds).
 */
function deadlineReached(timeoutMs: number): number {
  return timeoutMs - Math.min(20, timeoutMs * 0.1);
}

/** When a call was sent and how long it had: `elapsedMs` until the answer, `timeoutMs` the deadline sent. */
export interface CallTiming {
  readonly elapsedMs: number;
  readonly timeoutMs: number;
}

const atDeadline = (timing: CallTiming) => timing.elapsedMs >= deadlineReached(timing.timeoutMs);

/** Whether `error` is Topaz's `E30007 … failed to resolve user from identity` (gRPC NotFound). */
function unresolvedIdentity(error: unknown): boolean {
  const failure = ConnectError.from(error);
  return failure.code === Code.NotFound && failure.rawMessage.startsWith('E30007');
}

/**
 * Whether `error` is an E30007 to ask again before believing it. Topaz 0.33.16 answers E30007
 * (NotFound, same text, same details) whenever resolving the caller's identity fails — no user has
 * the `sub`, or its own call to its directory failed (deadline, cancellation, connection): it
 * drops the cause. A second ask tells them apart: an unknown identity answers E30007 again, a
 * failed resolution does not. One at the call's deadline is not asked again (it is transient).
 */
export function unresolvedIdentityToConfirm(error: unknown, timing: CallTiming): boolean {
  return unresolvedIdentity(error) && !atDeadline(timing);
}

/** Node error codes of a failed TLS handshake (certificate not trusted, wrong name, expired). */
const tlsFailure = /CERT|^ERR_TLS|^ERR_SSL|^SELF_SIGNED|^DEPTH_ZERO/;

function nodeErrorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

/**
 * The decision-service error for a failed call. Topaz (0.33.13 and later) answers an unknown path
 * or decision with `E30010 invalid query: invalid rule: "data.<path>.<decision>"` (before that,
 * `E30010 … undefined results`): both are `policy_not_found`; `E30010 … query evaluation failed` is
 * `evaluation_failed`; `E30007 … failed to resolve user from identity` (gRPC NotFound: no user has
 * the caller's `sub` as `identifier`, see {@link unresolvedIdentityToConfirm}) is `invalid_request`
 * with a message saying so — unless it came when the call's deadline ran out: Topaz answers the
 * same E30007, with the same details, when its own deadline (the one the call sent) ends while it
 * resolves the identity, and that is `deadline_exceeded`, a transient failure, never a denial.
 *
 * @param timing when the call was sent: `elapsedMs` until the answer, `timeoutMs` the deadline sent
 */
export function classifyTopazFailure(
  error: unknown,
  operation: string,
  timing?: CallTiming,
): DecisionServiceError {
  if (error instanceof DecisionServiceError) return error;
  if (error instanceof PoolClosedError) {
    return new DecisionServiceError('service_unavailable', `${operation}: the Topaz client is closed`, {
      cause: error,
    });
  }
  const failure = ConnectError.from(error);
  const text = failure.rawMessage;
  const fail = (code: DecisionServiceErrorCode, message: string) =>
    new DecisionServiceError(code, `${operation}: ${message}`, { cause: error });
  switch (failure.code) {
    case Code.Unavailable:
    case Code.Aborted:
    case Code.ResourceExhausted:
      return fail('service_unavailable', `Topaz is unavailable (${text})`);
    case Code.DeadlineExceeded:
    case Code.Canceled:
      return fail('deadline_exceeded', `no answer from Topaz before the deadline (${text})`);
    case Code.InvalidArgument:
      if (text.startsWith('E30010') && /invalid rule|undefined results/.test(text)) {
        return fail('policy_not_found', `Topaz has no policy for the request (${text})`);
      }
      if (text.startsWith('E30010') && text.includes('query evaluation failed')) {
        return fail('evaluation_failed', text);
      }
      return fail('invalid_request', `Topaz rejected the request (${text})`);
    case Code.NotFound:
      if (text.startsWith('E30007') && timing && atDeadline(timing)) {
        return fail('deadline_exceeded', `Topaz's deadline ran out while it resolved the identity (${text})`);
      }
      if (text.startsWith('E30007')) {
        return fail(
          'invalid_request',
          `Topaz found no user for the identity: its directory needs user:<id>#identifier@identity:<sub> (${text})`,
        );
      }
      return fail('invalid_request', `Topaz rejected the request (${text})`);
    case Code.Unauthenticated:
    case Code.PermissionDenied:
      return fail('invalid_request', `Topaz rejected the credentials (check apiKey/token/tenantId): ${text}`);
    case Code.Internal:
    case Code.Unknown: {
      const codes = nodeErrorCodes(failure.cause);
      if (codes.some((c) => tlsFailure.test(c))) {
        return fail('invalid_request', `TLS handshake with Topaz failed (check caFile/insecure): ${text}`);
      }
      // A Node error code means the transport broke on this side; none means Topaz failed.
      if (codes.length > 0) return fail('service_unavailable', `connection to Topaz failed (${text})`);
      return fail('evaluation_failed', `Topaz failed to evaluate (${text})`);
    }
    default:
      return fail('invalid_request', `Topaz rejected the request (${text})`);
  }
}
