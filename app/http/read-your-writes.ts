/**
 * Read-your-writes across replicas, over HTTP: the answer to a write that took effect carries the
 * directory position holding it in the signed cookie `gatehouse_seen`; a later request with that
 * cookie, on whichever replica the load balancer picks, waits until that replica's view of the
 * directory holds the position before anything is decided — at most the configured wait, then
 * `503` with `Retry-After: 1`. Signed with `SESSION_SECRET`, so a client cannot make a replica wait
 * for a position that was never reached.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { type CookiePolicy, readCookie, writeCookie } from '../auth/index.ts';
import type { ReadYourWrites } from '../directory-sync/index.ts';
import { httpError } from './error-responses.ts';

/** Name of the cookie carrying the caller's last write position. */
export const SEEN_COOKIE = 'gatehouse_seen';

/** How long the position is kept: longer than any replica could lag without being refused. */
const SEEN_MAX_AGE_SECONDS = 600;

const POSITION = /^[1-9]\d{0,15}$/;

/** The position of the caller's last effective write, from its cookie (0 when none). */
function seenPosition(c: Context, cookies: CookiePolicy): number {
  const value = readCookie(c, cookies, SEEN_COOKIE);
  return value !== undefined && POSITION.test(value) ? Number(value) : 0;
}

/**
 * Records that this request's write took effect at `position` (its answer will carry it).
 *
 * @example
 * access.onEffective = (position) => recordEffectiveWrite(c, position);
 */
export function recordEffectiveWrite(c: Context, position: number): void {
  const known = c.get('effectivePosition') as number | undefined;
  if (position > 0 && position > (known ?? 0)) c.set('effectivePosition', position);
}

/**
 * The middleware: waits for the position the request carries, and hands the position of its own
 * write to its answer.
 *
 * @example
 * app.use('*', readYourWritesMiddleware(sync.freshness, { secret, secure: true }));
 */
export function readYourWritesMiddleware(
  freshness: ReadYourWrites,
  cookies: CookiePolicy,
): MiddlewareHandler {
  return async function awaitOwnWrites(c, next) {
    const seen = seenPosition(c, cookies);
    if (seen > 0 && !(await freshness.reach(seen))) {
      throw httpError(
        503,
        'This server has not yet caught up with your last change: try again in a moment',
        undefined,
        { 'retry-after': '1' },
      );
    }
    await next();
    const written = c.get('effectivePosition') as number | undefined;
    if (written !== undefined && written > seen) {
      await writeCookie(c, cookies, SEEN_COOKIE, String(written), SEEN_MAX_AGE_SECONDS);
    }
  };
}
