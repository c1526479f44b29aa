/**
 * The publisher's error base. Every error `wiki-publish` raises on purpose is a {@link PublishError}
 * with a string `code`; the command maps codes to exit codes (see `exit-codes.ts`).
 */

/** Machine-readable reasons of publisher errors. */
export type PublishErrorCode =
  | 'config_invalid'
  | 'config_missing'
  | 'credentials_missing'
  | 'credentials_rejected'
  | 'permission_denied'
  | 'space_not_found'
  | 'parent_not_found'
  | 'wiki_unreachable'
  | 'wiki_error'
  | 'export_failed'
  | 'site_invalid';

/** Base class of the publisher's errors: a `code`, a one-line message, and the `cause`. */
export class PublishError extends Error {
  override name = 'PublishError';
  /** Machine-readable reason, e.g. `credentials_rejected`, `parent_not_found`. */
  readonly code: PublishErrorCode;

  constructor(code: PublishErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
