/**
 * The signed-in user on the Hono context, and the identity the decision service sees.
 */

import { ANONYMOUS, type Identity } from '@gatehousejs/core';
import type { Context } from 'hono';
import type { ActiveSession } from '../db/index.ts';

/** The user of a signed-in session. */
export interface SessionUser {
  /** Subject id from the identity provider; the application's user id. */
  readonly sub: string;
  readonly email: string;
  /** Display name (the e-mail when the provider gave none). */
  readonly name: string;
}

/** Context variables set by the session middleware. */
export type AuthVariables = {
  /** The signed-in user, or `null`. */
  user: SessionUser | null;
  /** The server-side session record, or `null`. */
  session: ActiveSession | null;
};

/** Hono environment of routes behind the session middleware. */
export type AuthEnv = { Variables: AuthVariables };

/**
 * The request's identity: `IDENTITY_TYPE_SUB` with the session user's sub, else `IDENTITY_TYPE_NONE`
 * (also when the session middleware did not run).
 *
 * @example
 * const identity = sessionIdentity(c); // { type: 'IDENTITY_TYPE_SUB', value: 'e095…' }
 */
export function sessionIdentity(c: Context): Identity {
  const user = c.get('user') as SessionUser | null | undefined;
  return user ? { type: 'IDENTITY_TYPE_SUB', value: user.sub } : ANONYMOUS;
}
