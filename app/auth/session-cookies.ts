/**
 * The two signed cookies: the session (`gatehouse_session`, every path, 24 h) and the sign-in in
 * progress (`gatehouse_login`, sent to the callback only, 10 min). Both HttpOnly, SameSite=Lax
 * (the callback arrives as a top-level redirect from the provider) and Secure unless the
 * development stack turned that off.
 */
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';

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

/** The cookie's value when present and correctly signed, else `undefined`. */
export async function readCookie(
  c: Context,
  policy: CookiePolicy,
  name: string,
): Promise<string | undefined> {
  const value = await getSignedCookie(c, policy.secret, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Tells the browser to drop the cookie. */
export function clearCookie(c: Context, policy: CookiePolicy, name: string): void {
  deleteCookie(c, name, { path: pathOf(name), secure: policy.secure, httpOnly: true, sameSite: 'Lax' });
}
