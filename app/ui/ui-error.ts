/**
 * The page layer's error: a request the pages refuse before any rule is asked — a form that was
 * not sent by one of the application's own pages (cross-origin, or without the session's form
 * token), or an asset that does not exist.
 */

/** Why a request was refused. */
export type UiErrorCode =
  /** The form was posted from another origin (`Origin` / `Sec-Fetch-Site`). */
  | 'cross_origin_form'
  /** The form carried no form token, or not the one of this session. */
  | 'form_token_invalid'
  /** The body was not a form (`application/x-www-form-urlencoded`). */
  | 'not_a_form';

/** Raised by the page layer; the error page explains it. */
export class UiError extends Error {
  override name = 'UiError';
  readonly code: UiErrorCode;

  constructor(code: UiErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
  }
}
