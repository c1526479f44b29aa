/**
 * The relying party, on `openid-client`: discovery (cached once it succeeds), the authorization
 * URL with `state`, `nonce` and PKCE S256, and the code exchange with full ID token validation —
 * signature against the provider's JWKS, `iss`, `aud`, `exp`, `iat` and `nonce`.
 */
import * as client from 'openid-client';
import { isLoopbackUrl } from '../config/index.ts';
import type { PendingLogin } from '../db/index.ts';
import { providerFetch } from './provider-fetch.ts';

/** Who signed in, from the verified ID token (and userinfo when the token lacks the e-mail). */
export interface SignedInProfile {
  readonly sub: string;
  readonly email: string | undefined;
  readonly name: string | undefined;
}

/** The relying party operations used by the sign-in routes. */
export interface OidcClient {
  /** The provider's authorize URL for a new sign-in. */
  authorizationUrl(pending: PendingLogin): Promise<URL>;
  /** Exchanges the code of `callbackUrl` and verifies the ID token; rejects on any mismatch. */
  exchange(callbackUrl: URL, pending: PendingLogin): Promise<SignedInProfile>;
  /** The provider's logout URL returning to `postLogoutRedirectUri`. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL>;
}

/** What the relying party is. */
export interface OidcClientOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly scope: string;
}

/**
 * A relying party that discovers the provider on first use (and again after a failed attempt).
 *
 * @example
 * const rp = createOidcClient({ issuer, clientId, clientSecret, redirectUri, scope: 'openid email profile' });
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        client.ClientSecretBasic(options.clientSecret),
        {
          // Reads (the signing keys among them) are tried again after a connection reset.
          [client.customFetch]: providerFetch() as client.CustomFetch,
          execute: [
            client.enableNonRepudiationChecks,
            // Plain http is accepted for a loopback provider only (the development stack).
            ...(new URL(options.issuer).protocol === 'http:' && isLoopbackUrl(options.issuer)
              ? [client.allowInsecureRequests]
              : []),
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async authorizationUrl(pending) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: options.redirectUri,
        scope: options.scope,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async exchange(callbackUrl, pending) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response has no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      if (email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        name ??= typeof info.name === 'string' ? info.name : undefined;
      }
      return { sub: claims.sub, email, name };
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const config = await configuration();
      const params = { post_logout_redirect_uri: postLogoutRedirectUri, client_id: options.clientId };
      if (config.serverMetadata().end_session_endpoint) return client.buildEndSessionUrl(config, params);
      const url = new URL(`${options.issuer.replace(/\/$/, '')}/logout`);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url;
    },
  };
}
