/**
 * The development provider's account store: the test users and their shared password.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DevUser } from './dev-users.ts';

/** Looks users up and checks credentials. */
export interface DevAccounts {
  /** The user whose username and password match, else `undefined`. */
  verify(username: string, password: string): DevUser | undefined;
  findBySub(sub: string): DevUser | undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * An account store over `users`, all with `password`.
 *
 * @param users the development users
 * @param password the password every user signs in with
 */
export function createDevAccounts(users: readonly DevUser[], password: string): DevAccounts {
  const byUsername = new Map(users.map((u) => [u.username, u]));
  const bySub = new Map(users.map((u) => [u.sub, u]));
  const expected = digest(password);
  return {
    verify(username, candidate) {
      // Compare fixed-length digests in constant time, and do so even for unknown users.
      const passwordMatches = timingSafeEqual(digest(candidate), expected);
      const user = byUsername.get(username);
      return user && passwordMatches ? user : undefined;
    },
    findBySub: (sub) => bySub.get(sub),
  };
}
