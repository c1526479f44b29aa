/**
 * A failed call to the wiki: the HTTP status (absent for network failures), whether it was
 * transient (network, timeout, 5xx, 429) and the wiki's own message.
 */
import { PublishError, type PublishErrorCode } from '../errors.ts';

/** Details of a failed call. */
export interface WikiFailure {
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly transient: boolean;
  /** The wiki stopped answering altogether (a few connection failures in a row). */
  readonly gone?: boolean;
  readonly reason: string;
}

function codeFor(status: number | undefined): PublishErrorCode {
  if (status === 401) return 'credentials_rejected';
  if (status === 403) return 'permission_denied';
  if (status === undefined) return 'wiki_unreachable';
  return 'wiki_error';
}

/** A call to the wiki that failed for good (after any retries). */
export class WikiRequestError extends PublishError {
  override name = 'WikiRequestError';
  readonly status: number | undefined;
  readonly transient: boolean;
  /** The wiki stopped answering altogether: every later call fails at once. */
  readonly gone: boolean;
  readonly method: string;
  readonly path: string;

  constructor(failure: WikiFailure, options?: { cause?: unknown }) {
    const status = failure.status === undefined ? '' : ` ${failure.status}`;
    super(
      codeFor(failure.status),
      `${failure.method} ${failure.path} failed:${status} ${failure.reason}`,
      options,
    );
    this.status = failure.status;
    this.transient = failure.transient;
    this.gone = failure.gone ?? false;
    this.method = failure.method;
    this.path = failure.path;
  }
}

/** Whether an error is a failed wiki call with the given status. */
export function hasStatus(error: unknown, ...statuses: number[]): error is WikiRequestError {
  return error instanceof WikiRequestError && error.status !== undefined && statuses.includes(error.status);
}
