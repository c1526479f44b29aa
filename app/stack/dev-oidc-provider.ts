/**
 * The development OpenID provider (`oidc-provider`): the three test users, one registered client
 * for the application (authorization code flow, PKCE required), RP-initiated logout at
 * `{issuer}/logout`, and `email`, `email_verified` and `name` in the ID token. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration, default as Provider } from 'oidc-provider';
import { z } from 'zod';
import { createDevAccounts } from './dev-accounts.ts';
import { DEV_USERS } from './dev-users.ts';
import { createInteractionRoutes } from './interaction-routes.ts';
import { renderLogoutPage, renderMessagePage, renderPage } from './login-page.ts';
import { listenOnLoopback } from './loopback-server.ts';
import { createProviderStore } from './provider-store.ts';

const CLIENT_NAME = 'Gatehouse';

/** Options of {@link startDevOidcProvider}. */
export const devOidcProviderOptionsSchema = z.object({
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: z.number().int().min(0).max(65535).default(9000),
  /** Issuer identifier; default `http://127.0.0.1:<port>` (set it only when a proxy fronts the provider). */
  issuer: z.url().optional(),
  /** The application's origin; the client may redirect to `<app>/auth/callback` and `<app>/` only. */
  appBaseUrl: z.url(),
  clientId: z.string().min(1).default('gatehouse-app'),
  /** Client secret; a random one per start when absent. */
  clientSecret: z.string().min(1).optional(),
  /** The password of every development user (default `password`). */
  userPassword: z.string().min(1).default('password'),
  users: z
    .array(z.object({ username: z.string(), sub: z.string(), email: z.string(), name: z.string() }))
    .default(() => [...DEV_USERS]),
});

/** Options of {@link startDevOidcProvider}. */
export type DevOidcProviderOptions = z.input<typeof devOidcProviderOptionsSchema>;

/** A running development provider. */
export interface DevOidcProvider {
  readonly issuer: string;
  /** Where the provider listens (equals `issuer` unless an issuer was given). */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * Prepares the provider (its signing key and library), which otherwise happens on the first
   * request: call it once the application serves, so that it stays off the start-up path.
   * Rejects when the provider cannot be built.
   */
  prepare(): Promise<void>;
  stop(): Promise<void>;
}

async function signingKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    keys: [
      { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' },
    ],
  };
}

type ProviderConfig = z.output<typeof devOidcProviderOptionsSchema>;

/** The provider's request handler: its configuration, signing key and library. */
async function providerListener(
  config: ProviderConfig,
  issuer: string,
  clientSecret: string,
  accounts: ReturnType<typeof createDevAccounts>,
): Promise<RequestListener> {
  const appBaseUrl = new URL(config.appBaseUrl).origin;
  const configuration: Configuration = {
    adapter: createProviderStore(),
    clients: [
      {
        client_id: config.clientId,
        client_secret: clientSecret,
        client_name: CLIENT_NAME,
        redirect_uris: [`${appBaseUrl}/auth/callback`],
        post_logout_redirect_uris: [`${appBaseUrl}/signed-out`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, sub) {
      const user = accounts.findBySub(sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: async () => ({ sub: user.sub, email: user.email, email_verified: true, name: user.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The application reads email and name from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: { end_session: '/logout' },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // With a valid id_token_hint (checked by the provider) the person asked this client to
        // sign them out: the session ends without a second confirmation, as at Keycloak.
        logoutSource: (ctx, form) => {
          ctx.body = renderLogoutPage(form, Boolean(ctx.oidc.params?.id_token_hint));
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = renderPage('Signed out', '<p>You are signed out of the development provider.</p>');
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: 'op_session', interaction: 'op_interaction', resume: 'op_resume' },
    },
    jwks: await signingKeys(),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
  };
  // Loaded here, not with the application: only the development stack needs it, and its import
  // (a large package) and key generation come after the start-up (see `prepare`).
  // The named export: the built script loads the package with `require`, whose default is the module.
  const { Provider: OidcProvider } = await import('oidc-provider');
  const provider: Provider = new OidcProvider(issuer, configuration);
  const interactions = getRequestListener(
    createInteractionRoutes({ provider, accounts, clientId: config.clientId, clientName: CLIENT_NAME }).fetch,
  );
  const oidc = provider.callback();
  return (req, res) => (req.url?.startsWith('/interaction/') ? interactions(req, res) : oidc(req, res));
}

/**
 * Starts the provider on 127.0.0.1: it listens at once and is built on its first request or
 * `prepare()`, whichever comes first (a request meanwhile waits).
 *
 * @param options `port` default 9000, `clientId` default `gatehouse-app`, `userPassword` default `password`
 * @example
 * const op = await startDevOidcProvider({ port: 0, appBaseUrl: 'http://127.0.0.1:8000' });
 * console.log(`${op.issuer}/.well-known/openid-configuration`);
 * await op.stop();
 */
export async function startDevOidcProvider(options: DevOidcProviderOptions): Promise<DevOidcProvider> {
  const config = devOidcProviderOptionsSchema.parse(options);
  const clientSecret = config.clientSecret ?? randomBytes(32).toString('base64url');
  const accounts = createDevAccounts(config.users, config.userPassword);
  let built: Promise<RequestListener> | undefined;
  const prepare = () => {
    built ??= providerListener(config, issuer, clientSecret, accounts);
    return built;
  };
  const server = await listenOnLoopback(
    (req, res) => {
      prepare().then(
        (handle) => handle(req, res),
        () => res.writeHead(503).end(),
      );
    },
    config.port,
    'OIDC provider (OIDC_PROVIDER_PORT)',
  );
  const issuer = config.issuer ?? server.url;
  return {
    issuer,
    url: server.url,
    clientId: config.clientId,
    clientSecret,
    prepare: async () => {
      await prepare();
    },
    stop: () => server.close(),
  };
}
