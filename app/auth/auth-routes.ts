/**
 * `GET /login`, `GET /auth/callback` and `GET /logout`: the OpenID Connect authorization code
 * flow with state, nonce and PKCE kept server-side, and sessions regenerated at every sign-in.
 */

import type { Clock } from '@gatehousejs/core';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DatabaseError,
  type PendingLogin,
  type Repositories,
  type User,
  type UserInput,
} from '../db/index.ts';
import { AuthError } from './auth-error.ts';
import type { AuthConfig, AuthLog } from './auth-options.ts';
import type { OidcClient } from './oidc-client.ts';
import { safeReturnTo } from './return-to.ts';
import {
  CALLBACK_PATH,
  type CookiePolicy,
  clearCookie,
  LOGIN_COOKIE,
  readCookie,
  SESSION_COOKIE,
  SIGNED_OUT_LOCALLY,
  SIGNED_OUT_PATH,
  writeCookie,
} from './session-cookies.ts';
import { hashToken } from './session-token.ts';
import type { AuthEnv } from './session-user.ts';

/** What the sign-in routes run on. */
export interface AuthRoutesOptions {
  readonly config: AuthConfig;
  readonly repos: Pick<Repositories, 'sessions'>;
  /** Inserts or refreshes the signed-in user (and mirrors it into the directory). */
  readonly saveUser: (user: UserInput) => Promise<User>;
  readonly oidc: OidcClient;
  readonly cookies: CookiePolicy;
  readonly clock: Clock;
  readonly randomToken: () => string;
  readonly log: AuthLog;
}

const detail = z.object({ detail: z.string() }).openapi('ErrorDetail');
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: detail } },
});
const redirect = (description: string) => ({ description, headers: z.object({ location: z.string() }) });

const loginRoute = createRoute({
  method: 'get',
  path: '/login',
  summary: 'Start signing in with the OpenID provider',
  request: {
    query: z.object({ return_to: z.string().optional().openapi({ description: 'Local path to return to' }) }),
  },
  responses: { 302: redirect('To the provider'), 503: failure('Provider unavailable') },
});
const callbackRoute = createRoute({
  method: 'get',
  path: CALLBACK_PATH,
  summary: 'Finish signing in (redirect target of the provider)',
  request: {
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
  },
  responses: {
    302: redirect('Signed in; to the return path'),
    400: failure('Invalid state, refused or unverifiable sign-in'),
    409: failure('E-mail address used by another account'),
  },
});
const logoutRoute = createRoute({
  method: 'get',
  path: '/logout',
  summary: 'Sign out',
  responses: {
    302: redirect('To the provider to end its session too (single logout), then to /signed-out'),
  },
});

/**
 * The routes as a mountable sub-app (`app.route('/', routes)`); failures are {@link AuthError}s.
 */
export function createAuthRoutes(options: AuthRoutesOptions): OpenAPIHono<AuthEnv> {
  const { config, repos, saveUser, oidc, cookies, clock, randomToken, log } = options;
  const appBaseUrl = new URL(config.appBaseUrl).origin;
  const redirectUri = `${appBaseUrl}${CALLBACK_PATH}`;
  const now = () => new Date(clock.now());
  const later = (seconds: number) => new Date(clock.now() + seconds * 1000);
  const invalidState = () => new AuthError('invalid_state', 400, 'Invalid state');

  const app = new OpenAPIHono<AuthEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AuthError(
          'invalid_state',
          400,
          `Invalid query parameter: ${result.error.issues[0]?.path.join('.')}`,
        );
      }
    },
  });
  // Registered per path: a `*` middleware of a sub-app would apply to every route of the parent.
  for (const path of ['/login', CALLBACK_PATH, '/logout']) {
    app.use(path, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
  }

  app.openapi(loginRoute, async (c) => {
    const pending: PendingLogin = {
      state: randomToken(),
      nonce: randomToken(),
      codeVerifier: randomToken(),
      returnTo: safeReturnTo(c.req.valid('query').return_to),
    };
    const authorizationUrl = await oidc.authorizationUrl(pending).catch((cause: unknown) => {
      log.warn('sign-in: OpenID provider discovery failed', cause);
      throw new AuthError('provider_unavailable', 503, 'The identity provider is unavailable', { cause });
    });
    const token = randomToken();
    await repos.sessions.createPendingLogin({
      tokenHash: hashToken(token),
      pendingLogin: pending,
      createdAt: now(),
      expiresAt: later(config.loginMaxAgeSeconds),
    });
    await writeCookie(c, cookies, LOGIN_COOKIE, token, config.loginMaxAgeSeconds);
    return c.redirect(authorizationUrl.href, 302);
  });

  app.openapi(callbackRoute, async (c) => {
    const query = c.req.valid('query');
    const loginToken = readCookie(c, cookies, LOGIN_COOKIE);
    clearCookie(c, cookies, LOGIN_COOKIE);
    // Taking the pending sign-in deletes it: a replayed callback finds nothing.
    const pending = loginToken
      ? await repos.sessions.takePendingLogin(hashToken(loginToken), now())
      : undefined;
    if (!pending || query.state === undefined || query.state !== pending.state) throw invalidState();
    if (query.error !== undefined) {
      throw new AuthError('provider_refused', 400, `Sign-in was not completed: ${query.error}`.slice(0, 200));
    }
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = new URL(c.req.url).search;
    const profile = await oidc.exchange(callbackUrl, pending).catch((cause: unknown) => {
      log.warn('sign-in: code exchange or ID token validation failed', cause);
      throw new AuthError('token_rejected', 400, 'Sign-in could not be verified', { cause });
    });
    if (!profile.email) {
      throw new AuthError('profile_rejected', 400, 'The identity provider did not share an e-mail address');
    }
    const user = await saveUser({
      id: profile.sub,
      email: profile.email,
      name: profile.name?.trim() || profile.email,
    }).catch((cause: unknown) => {
      if (!(cause instanceof DatabaseError) || (cause.code !== 'conflict' && cause.code !== 'invalid'))
        throw cause;
      log.warn('sign-in: profile rejected', cause);
      throw cause.code === 'conflict'
        ? new AuthError('profile_rejected', 409, 'Another account already uses this e-mail address', {
            cause,
          })
        : new AuthError('profile_rejected', 400, 'The identity provider sent an unusable profile', {
            cause,
          });
    });
    await endSession(c);
    const token = randomToken();
    await repos.sessions.createForUser({
      tokenHash: hashToken(token),
      userId: user.id,
      idToken: profile.idToken,
      createdAt: now(),
      expiresAt: later(config.sessionMaxAgeSeconds),
    });
    await writeCookie(c, cookies, SESSION_COOKIE, token, config.sessionMaxAgeSeconds);
    return c.redirect(pending.returnTo, 302);
  });

  app.openapi(logoutRoute, async (c) => {
    const ended = await endSession(c);
    if (!config.singleLogout) return c.redirect(SIGNED_OUT_LOCALLY, 302);
    // The session's ID token tells the provider whose session to end, without a second prompt.
    const providerLogout = await oidc
      .endSessionUrl(`${appBaseUrl}${SIGNED_OUT_PATH}`, ended?.idToken ?? undefined)
      .catch((cause: unknown) => {
        log.warn('logout: OpenID provider discovery failed; signed out locally only', cause);
        return undefined;
      });
    return c.redirect(providerLogout?.href ?? SIGNED_OUT_LOCALLY, 302);
  });

  /** Deletes the current session's record (if any) and clears its cookie; what it kept. */
  async function endSession(c: Context<AuthEnv>) {
    const token = readCookie(c, cookies, SESSION_COOKIE);
    const ended = token ? await repos.sessions.end(hashToken(token)) : undefined;
    clearCookie(c, cookies, SESSION_COOKIE);
    return ended;
  }

  return app;
}
