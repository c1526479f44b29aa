/**
 * Session tokens: the cookie carries the token, the database only its SHA-256.
 */
import { createHash } from 'node:crypto';

/** Hex SHA-256 of a token, as stored in `sessions.token_hash`. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
