import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOidcClient } from './oidc-client.ts';
import { providerFetch } from './provider-fetch.ts';

/** A provider that resets the first `resets` connections, then answers its discovery document. */
async function flakyProvider(resets: number): Promise<{ url: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  let left = resets;
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (left-- > 0) {
      req.socket.resetAndDestroy();
      return;
    }
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

describe('requests to the OpenID provider', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads again after a connection reset, and gives up after three attempts', async () => {
    const once = await flakyProvider(1);
    servers.push(once.server);
    const res = await providerFetch()(`${once.url}/jwks`, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(once.requests).toEqual(['GET /jwks', 'GET /jwks']);

    const always = await flakyProvider(10);
    servers.push(always.server);
    await expect(providerFetch()(`${always.url}/jwks`, { method: 'GET' })).rejects.toThrow();
    expect(always.requests).toHaveLength(3);
  });

  it('never sends a code exchange twice', async () => {
    const once = await flakyProvider(1);
    servers.push(once.server);
    await expect(providerFetch()(`${once.url}/token`, { method: 'POST', body: 'code=x' })).rejects.toThrow();
    expect(once.requests).toEqual(['POST /token']);
  });

  it('is what the relying party reads the provider with', async () => {
    const provider = await flakyProvider(1);
    servers.push(provider.server);
    const rp = createOidcClient({
      issuer: provider.url,
      clientId: 'gatehouse-app',
      clientSecret: 'secret',
      redirectUri: 'http://127.0.0.1:8000/auth/callback',
      scope: 'openid email',
    });
    const url = await rp.authorizationUrl({
      state: 's',
      nonce: 'n',
      codeVerifier: 'v'.repeat(43),
      returnTo: '/',
    });
    expect(url.href).toMatch(new RegExp(`^${provider.url}/auth\\?`));
    expect(provider.requests).toEqual([
      'GET /.well-known/openid-configuration',
      'GET /.well-known/openid-configuration',
    ]);
  });
});
