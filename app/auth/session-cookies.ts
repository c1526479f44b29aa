/**
 * The two signed cookies: the session (`gatehouse_session`, every path, 24 h) and the sign-in in
 * progress (`gatehouse_login`, sent to the callback only, 10 min). Both HttpOnly, SameSite=Lax
 * (the callback arrives as a top-level redirect from the provider) and Secure unless the
 * development stack turned that off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setSignedCookie } from 'hono/cookie';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'gatehouse_session';
/** Name of the sign-in-in-progress cookie. */
export const LOGIN_COOKIE = 'gatehouse_login';
/** Path of the sign-in-in-progress cookie. */
export const CALLBACK_PATH = '/auth/callback';
/** Where sign-out ends (the provider's post-logout redirect target after single logout). */
export const SIGNED_OUT_PATH = '/signed-out';
/** Where sign-out ends when the provider's session was not ended. */
export const SIGNED_OUT_LOCALLY = `${SIGNED_OUT_PATH}?provider=kept`;

/** Cookie settings shared by both cookies. */
export interface CookiePolicy {
  readonly secret: string;
  readonly secure: boolean;
}

function pathOf(name: string): string {
  return name === LOGIN_COOKIE ? CALLBACK_PATH : '/';
}

/** Sets a signed cookie living `maxAgeSeconds`. */
export async function writeCookie(
  c: Context,
  policy: CookiePolicy,
  name: string,
  value: string,
  maxAgeSeconds: number,
): Promise<void> {
  await setSignedCookie(c, name, value, policy.secret, {
    httpOnly: true,
    secure: policy.secure,
    sameSite: 'Lax',
    path: pathOf(name),
    maxAge: maxAgeSeconds,
  });
}

/**
 * The cookie's value when present and correctly signed (as `writeCookie` signs: the value, a dot
 * and the base64 HMAC-SHA-256 of the value), else `undefined`. Verified with `node:crypto` on the
 * request's own thread: every request reads the session cookie, and Web Crypto's asynchronous
 * verification cost about half a millisecond of CPU each time.
 */
export function readCookie(c: Context, policy: CookiePolicy, name: string): string | undefined {
  const signed = getCookie(c, name);
  const dot = signed?.lastIndexOf('.') ?? -1;
  if (signed === undefined || dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', policy.secret).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : undefined;
}

/** Tells the browser to drop the cookie. */
export function clearCookie(c: Context, policy: CookiePolicy, name: string): void {
  deleteCookie(c, name, { path: pathOf(name), secure: policy.secure, httpOnly: true, sameSite: 'Lax' });
}
