/**
 * The error of choosing and starting the application's decision service: what failed, and what
 * to check.
 */

/** Why the authorization backend did not start. */
export type AuthorizationStartErrorCode =
  /** Topaz did not answer (unreachable, too slow) or refused the request (TLS, credentials). */
  | 'topaz_unavailable'
  /** Topaz answered, but has no policies loaded. */
  | 'topaz_without_policies'
  /** The directory's model (manifest) lacks object types, relations or permissions the application uses. */
  | 'directory_model_incomplete';

/** Raised when the decision service or its directory cannot serve the application. */
export class AuthorizationStartError extends Error {
  override name = 'AuthorizationStartError';
  readonly code: AuthorizationStartErrorCode;

  constructor(code: AuthorizationStartErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
