/**
 * @module app/auth
 * OpenID Connect sign-in (authorization code flow with discovery, state, nonce, PKCE S256 and
 * ID token verification through `openid-client`) and server-side sessions in signed HttpOnly
 * cookies, as Hono routes and middleware, plus the session identity for authorization.
 */
export type { Auth } from './auth.ts';
export { createAuth } from './auth.ts';
export type { AuthErrorCode } from './auth-error.ts';
export { AuthError } from './auth-error.ts';
export type { AuthConfig, AuthLog, AuthOptions, AuthSettings } from './auth-options.ts';
export { authOptionsSchema, secureRandomToken } from './auth-options.ts';
export { safeReturnTo } from './return-to.ts';
export type { CookiePolicy } from './session-cookies.ts';
export {
  LOGIN_COOKIE,
  readCookie,
  SESSION_COOKIE,
  SIGNED_OUT_PATH,
  writeCookie,
} from './session-cookies.ts';
export type { AuthEnv, AuthVariables, SessionUser } from './session-user.ts';
export { sessionIdentity } from './session-user.ts';
