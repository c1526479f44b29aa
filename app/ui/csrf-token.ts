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
  /**
   * The mark of the user `userId` on a form: it survives a new session of the same user, so a form
   * whose token is stale can be told from a forged one and shown again instead of being lost.
   */
  userMarkFor(userId: string): string;
  /** Whether `mark` is the mark of that user (constant-time comparison). */
  verifyUserMark(userId: string, mark: unknown): boolean;
}

/** Purpose label of the derived key: a form token is never a valid cookie signature. */
const PURPOSE = 'gatehouse form token v1';

/** Purpose label of the key of users' form marks. */
const MARK_PURPOSE = 'gatehouse form user mark v1';

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
  // A key of its own, so a mark is never a token, whatever the user id.
  const markKey = createHmac('sha256', secret).update(MARK_PURPOSE).digest();
  const userMarkFor = (userId: string) => createHmac('sha256', markKey).update(userId).digest('base64url');
  const matches = (expected: string, given: unknown) => {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    tokenFor,
    verify: (sessionKey, token) => sessionKey !== '' && matches(tokenFor(sessionKey), token),
    userMarkFor,
    verifyUserMark: (userId, mark) => userId !== '' && matches(userMarkFor(userId), mark),
  };
}
