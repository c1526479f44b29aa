/**
 * The sign-in module assembled: routes, session middleware and identity, sharing one
 * configuration, cookie policy and relying party.
 */

import { type Identity, systemClock } from '@gatehousejs/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { createRepositories, withTransaction } from '../db/index.ts';
import { shareGranted, userChanges } from '../directory-sync/index.ts';
import { type AuthConfig, type AuthOptions, authOptionsSchema, secureRandomToken } from './auth-options.ts';
import { createAuthRoutes } from './auth-routes.ts';
import { createOidcClient } from './oidc-client.ts';
import { CALLBACK_PATH } from './session-cookies.ts';
import { createSessionMiddleware } from './session-middleware.ts';
import { type AuthEnv, sessionIdentity } from './session-user.ts';

/** Sign-in and sessions for a Hono app. */
export interface Auth {
  /** The resolved settings. */
  readonly config: AuthConfig;
  /** `/login`, `/auth/callback`, `/logout`; mount with `app.route('/', auth.routes)`. */
  readonly routes: OpenAPIHono<AuthEnv>;
  /** Sets `c.get('user')` and `c.get('session')`; mount with `app.use('*', auth.session)`. */
  readonly session: MiddlewareHandler<AuthEnv>;
  /** The identity provider function for the authorization middleware. */
  readonly identity: (c: Context) => Identity;
  /** Deletes expired session and sign-in records; returns how many. Call it now and then. */
  deleteExpiredSessions(): Promise<number>;
}

/**
 * Builds sign-in and sessions. The provider is discovered on the first `/login`, so the app
 * starts even while the provider is still starting.
 *
 * @param options settings (see {@link AuthSettings}) plus `sql`, and optionally `clock`, `randomToken`, `log`
 * @throws {z.ZodError} when a setting is invalid (e.g. a session secret shorter than 32 bytes)
 * @example
 * const auth = createAuth({ sql, issuer, clientId, clientSecret, appBaseUrl, sessionSecret });
 * const app = new OpenAPIHono<AuthEnv>();
 * app.use('*', auth.session);
 * app.route('/', auth.routes);
 * app.get('/me', (c) => c.json(c.get('user')));
 */
export function createAuth(options: AuthOptions): Auth {
  const config = authOptionsSchema.parse(options);
  const repos = createRepositories(options.sql);
  const clock = options.clock ?? systemClock;
  const log = options.log ?? console;
  const cookies = { secret: config.sessionSecret, secure: config.cookieSecure };
  const oidc = createOidcClient({
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: `${new URL(config.appBaseUrl).origin}${CALLBACK_PATH}`,
    scope: config.scope,
  });
  return {
    config,
    routes: createAuthRoutes({
      config,
      repos,
      // The user and its directory object commit together; `afterUserSaved` (the relay) delivers
      // the object before the session starts, so the first decision already finds the user.
      saveUser: async (input) => {
        const user = await withTransaction(options.sql, async (tx) => {
          const saved = await tx.users.upsert(input);
          await tx.directoryOutbox.enqueue(userChanges(saved));
          // Shares made with this address before the person ever signed in take effect now.
          const claimed = await tx.pendingShares.claim(saved.id, saved.email);
          await tx.directoryOutbox.enqueue(claimed.flatMap((share) => shareGranted(share)));
          return saved;
        });
        await options.afterUserSaved?.().catch((error: unknown) => {
          log.warn('sign-in: the directory object of the user was not delivered yet', error);
        });
        return user;
      },
      oidc,
      cookies,
      clock,
      randomToken: options.randomToken ?? secureRandomToken,
      log,
    }),
    session: createSessionMiddleware({ sessions: repos.sessions, cookies, clock }),
    identity: sessionIdentity,
    deleteExpiredSessions: () => repos.sessions.deleteExpired(new Date(clock.now())),
  };
}
