/**
 * Identity providers for Fastify requests: from the signed-in session user, or from a header set
 * by a trusted internal caller.
 */

import { ANONYMOUS, type Identity } from '@gatehousejs/core';
import { headerIdentity, headerKey } from '@gatehousejs/core/adapter';
import type { FastifyRequest } from 'fastify';

/** The session user fields the provider reads. */
export interface SessionUser {
  readonly sub?: unknown;
}

/**
 * `IDENTITY_TYPE_SUB` with the session user's `sub` when a user is signed in, otherwise
 * `IDENTITY_TYPE_NONE`.
 *
 * @param readUser - returns the session user (default: `request.user`, as authentication plugins set it)
 * @example
 * createAuthzConfig({ identityProvider: identityFromSessionUser((r) => r.session.get('user')), … });
 */
export function identityFromSessionUser(
  readUser: (
    request: FastifyRequest,
  ) => SessionUser | null | undefined | Promise<SessionUser | null | undefined> = (request) =>
    (request as FastifyRequest & { user?: SessionUser }).user,
): (request: FastifyRequest) => Promise<Identity> {
  return async (request) => {
    const user = await readUser(request);
    const sub = user?.sub;
    return typeof sub === 'string' && sub.length > 0 ? { type: 'IDENTITY_TYPE_SUB', value: sub } : ANONYMOUS;
  };
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
export function identityFromHeader(name = 'X-User-ID'): (request: FastifyRequest) => Identity {
  const lower = headerKey(name);
  return (request) => {
    const raw = request.headers[lower];
    return headerIdentity(Array.isArray(raw) ? raw.join(', ') : raw);
  };
}
