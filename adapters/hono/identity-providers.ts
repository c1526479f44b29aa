/**
 * Identity providers for Hono requests: from the signed-in session user, or from a header set by
 * a trusted internal caller.
 */

import { ANONYMOUS, type Identity } from '@gatehousejs/core';
import { headerIdentity, headerKey } from '@gatehousejs/core/adapter';
import type { Context } from 'hono';

/** The session user fields the provider reads. */
export interface SessionUser {
  readonly sub?: unknown;
}

/**
 * `IDENTITY_TYPE_SUB` with the session user's `sub` when a user is signed in, otherwise
 * `IDENTITY_TYPE_NONE`.
 *
 * @param readUser - returns the session user (default: `c.get('user')`)
 * @example
 * createAuthzConfig({ identityProvider: identityFromSessionUser((c) => c.get('session')?.user), … });
 */
export function identityFromSessionUser(
  readUser: (c: Context) => SessionUser | null | undefined | Promise<SessionUser | null | undefined> = (c) =>
    c.get('user') as SessionUser | undefined,
): (c: Context) => Promise<Identity> {
  return async (c) => {
    const user = await readUser(c);
    const sub = user?.sub;
    return typeof sub === 'string' && sub.length > 0 ? { type: 'IDENTITY_TYPE_SUB', value: sub } : ANONYMOUS;
  };
}

/** Node's incoming message, when served by `@hono/node-server` (its `HttpBindings`). */
interface NodeBindings {
  readonly incoming?: { readonly headers?: Readonly<Record<string, string | string[] | undefined>> };
}

/**
 * A request header. Under `@hono/node-server` it is read from Node's already parsed headers,
 * which spares building the Fetch `Headers` object (a few µs per request); same value otherwise.
 */
function headerValue(c: Context, lowerName: string): string | undefined {
  const raw = (c.env as NodeBindings | undefined)?.incoming?.headers;
  if (raw) {
    const value = raw[lowerName];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(lowerName);
}

/**
 * `IDENTITY_TYPE_SUB` with the value of header `name` when present and not blank, otherwise
 * `IDENTITY_TYPE_NONE`. **Only for trusted internal callers** (a gateway that authenticated the
 * user and strips the header from outside requests): anyone who can reach the service directly
 * can claim any identity with it.
 *
 * @param name - header name (default `X-User-ID`)
 * @example
 * createAuthzConfig({ identityProvider: identityFromHeader('X-User-ID'), … });
 */
export function identityFromHeader(name = 'X-User-ID'): (c: Context) => Identity {
  const lower = headerKey(name);
  return (c) => {
    return headerIdentity(headerValue(c, lower));
  };
}
