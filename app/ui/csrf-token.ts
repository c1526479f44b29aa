/**
 * Form tokens (CSRF synchronizer tokens) bound to the session: the token of a session is an
 * HMAC-SHA256, under a key derived from the session secret, of the session's server-side record
 * key. It needs no storage, changes whenever the session does (sign-in regenerates it), dies
 * with it (sign-out deletes the record), and cannot be computed without both the secret and
 * the session's own cookie.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Issues and verifies form tokens. */
export interface FormTokens {
  /** The token of the session whose record key is `sessionKey`. */
  tokenFor(sessionKey: string): string;
  /** Whether `token` is the token of that session (constant-time comparison). */
  verify(sessionKey: string, token: unknown): boolean;
}

/** Purpose label of the derived key: a form token is never a valid cookie signature. */
const PURPOSE = 'gatehouse form token v1';

/**
 * Form tokens under `secret` (the session secret, ≥ 32 bytes).
 *
 * @example
 * const tokens = createFormTokens(sessionSecret);
 * const token = tokens.tokenFor(session.tokenHash); // into a hidden field
 * tokens.verify(session.tokenHash, body._csrf); // on POST
 */
export function createFormTokens(secret: string): FormTokens {
  if (Buffer.byteLength(secret) < 32) throw new RangeError('the form token secret must be at least 32 bytes');
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  const tokenFor = (sessionKey: string) => createHmac('sha256', key).update(sessionKey).digest('base64url');
  return {
    tokenFor,
    verify(sessionKey, token) {
      if (typeof token !== 'string' || sessionKey === '') return false;
      const expected = Buffer.from(tokenFor(sessionKey));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
