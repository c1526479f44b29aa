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
