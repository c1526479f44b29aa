/**
 * The sign-in layer's error. It is an `HTTPException`, so Hono answers it with its JSON response
 * `{ "detail": … }`; the full cause stays server-side.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Why a sign-in request failed. */
export type AuthErrorCode =
  /** The callback's state is missing, unknown, expired, used or different (400). */
  | 'invalid_state'
  /** The provider answered the authorization request with an error (400). */
  | 'provider_refused'
  /** The code exchange or the ID token check failed (400). */
  | 'token_rejected'
  /** The provider's profile cannot be stored (no e-mail, malformed) (400), or the e-mail is taken (409). */
  | 'profile_rejected'
  /** The provider cannot be reached (503). */
  | 'provider_unavailable';

/** Raised by the sign-in routes; `getResponse()` is `{ "detail": message }` with the status. */
export class AuthError extends HTTPException {
  override name = 'AuthError';
  readonly code: AuthErrorCode;

  constructor(
    code: AuthErrorCode,
    status: ContentfulStatusCode,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(status, {
      message: detail,
      cause: options?.cause,
      res: new Response(JSON.stringify({ detail }), {
        status,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      }),
    });
    this.code = code;
  }
}
