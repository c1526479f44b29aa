/**
 * Configuration of sign-in and sessions, with its defaults, plus the injectable parts (clock,
 * randomness, log) that tests replace.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '@gatehousejs/core';
import { z } from 'zod';
import type { Database } from '../db/index.ts';

/** Settings of {@link createAuth}. */
export const authOptionsSchema = z.object({
  /** Issuer identifier; discovery reads `{issuer}/.well-known/openid-configuration`. */
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** The application's origin as browsers see it; the redirect URI is `<appBaseUrl>/auth/callback`. */
  appBaseUrl: z.url(),
  /** HMAC key of the cookies: at least 32 bytes. */
  sessionSecret: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, { message: 'must be at least 32 bytes long' }),
  /** The cookies' `Secure` attribute (default true; only the development stack may turn it off). */
  cookieSecure: z.boolean().default(true),
  /** Lifetime of a signed-in session in seconds (default 86400). */
  sessionMaxAgeSeconds: z.number().int().positive().default(86_400),
  /** Time allowed between `/login` and the callback in seconds (default 600). */
  loginMaxAgeSeconds: z.number().int().positive().default(600),
  /** Scopes asked for (default `openid email profile`). */
  scope: z.string().default('openid email profile'),
  /** `/logout` also ends the provider's session through `{issuer}/logout` (default false). */
  singleLogout: z.boolean().default(true),
});

/** Settings of {@link createAuth}. */
export type AuthSettings = z.input<typeof authOptionsSchema>;
/** Resolved settings. */
export type AuthConfig = z.output<typeof authOptionsSchema>;

/** Where failures that the user only sees as a short message are reported in full. */
export interface AuthLog {
  warn(message: string, error?: unknown): void;
}

/** Everything {@link createAuth} takes: settings plus the parts it runs on. */
export interface AuthOptions extends AuthSettings {
  /** The application's database (users and sessions tables). */
  readonly sql: Database;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** Source of session tokens, `state`, `nonce` and PKCE verifiers (default: 32 random bytes, base64url). */
  readonly randomToken?: () => string;
  /** Default: `console`. */
  readonly log?: AuthLog;
  /**
   * Awaited after a signed-in user and its directory object have committed, before the session
   * starts — the application delivers the directory object here (an outbox relay pass), because
   * a decision service that resolves subjects to directory users (Topaz) denies a user it does not
   * know. A rejection is logged, not fatal: the relay's sweep delivers later.
   */
  readonly afterUserSaved?: () => Promise<unknown>;
}

/** 32 bytes from the system's secure random source, base64url (43 characters). */
export function secureRandomToken(): string {
  return randomBytes(32).toString('base64url');
}
