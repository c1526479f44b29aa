/**
 * The failure of a Topaz directory call. The relation-directory port defines no error type, so
 * the adapter reports its own, with the same codes and `transient` meaning as a decision failure.
 */
import { AuthzError, type DecisionServiceError } from '@gatehousejs/core';

/** Why a directory call failed. */
export type TopazDirectoryErrorCode =
  /** Topaz cannot be reached or refused the connection (transient). */
  | 'service_unavailable'
  /** The call did not finish before its deadline (transient). */
  | 'deadline_exceeded'
  /** Topaz rejected the request (validation, model, credentials, TLS): retrying cannot help. */
  | 'invalid_request'
  /** Topaz failed while handling the request. */
  | 'directory_failed'
  /** The caller gave up before Topaz answered (not Topaz's failure). */
  | 'cancelled';

/** A failed directory call. */
export class TopazDirectoryError extends AuthzError {
  override name = 'TopazDirectoryError';
  declare readonly code: TopazDirectoryErrorCode;

  constructor(code: TopazDirectoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }

  /** Whether the failure is about reaching Topaz (a replay may succeed) rather than the request. */
  get transient(): boolean {
    return this.code === 'service_unavailable' || this.code === 'deadline_exceeded';
  }

  /** The directory error for a classified call failure. */
  static from(failure: DecisionServiceError): TopazDirectoryError {
    const code: TopazDirectoryErrorCode =
      failure.code === 'service_unavailable' ||
      failure.code === 'deadline_exceeded' ||
      failure.code === 'cancelled'
        ? failure.code
        : failure.code === 'evaluation_failed'
          ? 'directory_failed'
          : 'invalid_request';
    return new TopazDirectoryError(code, failure.message, { cause: failure.cause ?? failure });
  }
}
