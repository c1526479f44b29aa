/**
 * Puts the signed-in user (or `null`) on the Hono context. A session counts only while its
 * server-side record exists and has not expired by the injected clock, whatever the cookie says.
 */

import type { Clock } from '@gatehousejs/core';
import type { MiddlewareHandler } from 'hono';
import type { SessionRepository } from '../db/index.ts';
import { type CookiePolicy, clearCookie, readCookie, SESSION_COOKIE } from './session-cookies.ts';
import { hashToken } from './session-token.ts';
import type { AuthEnv } from './session-user.ts';

/** What the session middleware reads. */
export interface SessionMiddlewareOptions {
  readonly sessions: SessionRepository;
  readonly cookies: CookiePolicy;
  readonly clock: Clock;
}

/**
 * The middleware; mount it before every route that needs the user.
 *
 * @example
 * app.use('*', createSessionMiddleware({ sessions, cookies, clock }));
 */
export function createSessionMiddleware(options: SessionMiddlewareOptions): MiddlewareHandler<AuthEnv> {
  const { sessions, cookies, clock } = options;
  return async function session(c, next) {
    const token = readCookie(c, cookies, SESSION_COOKIE);
    const active = token ? await sessions.findActive(hashToken(token), new Date(clock.now())) : undefined;
    if (token && !active) clearCookie(c, cookies, SESSION_COOKIE);
    c.set('session', active ?? null);
    c.set('user', active ? { sub: active.user.id, email: active.user.email, name: active.user.name } : null);
    await next();
  };
}
