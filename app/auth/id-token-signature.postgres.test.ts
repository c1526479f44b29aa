import { createServer, request } from 'node:http';
import { OpenAPIHono } from '@hono/zod-openapi';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { startTestPostgres } from '../../test/support/postgres.ts';
import { type ServedApp, serveApp } from '../../test/support/serve-app.ts';
import { SignInError, signIn } from '../../test/support/sign-in.ts';
import { connectDatabase, type Database, migrate } from '../db/index.ts';
import { type DevOidcProvider, type EmbeddedPostgresServer, startDevOidcProvider } from '../stack/index.ts';
import { type AuthEnv, createAuth } from './index.ts';

/**
 * The provider sits behind a loopback proxy that can serve a forged key set at `/jwks` (same key
 * id, different key), as an attacker able to swap keys would. Only a real signature check notices.
 */
describe('ID token signature verification through the JWKS', () => {
  let pg: EmbeddedPostgresServer;
  let sql: Database;
  let provider: DevOidcProvider;
  let proxy: ServedApp;
  let app: ServedApp;
  /** The app behind `app`; replaced to start with an empty JWKS cache. */
  let current: OpenAPIHono<AuthEnv>;
  let forgedKeys: { keys: JWK[] } | undefined;
  let appPort: number;
  let issuer: string;

  function freshApp(): string {
    const appBaseUrl = `http://127.0.0.1:${appPort}`;
    const auth = createAuth({
      sql,
      issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      appBaseUrl,
      sessionSecret: 's'.repeat(32),
      log: { warn: () => {} },
    });
    const hono = new OpenAPIHono<AuthEnv>();
    hono.use('*', auth.session);
    hono.route('/', auth.routes);
    hono.get('/', (c) => c.json({ user: c.get('user') }));
    current = hono;
    return appBaseUrl;
  }

  beforeAll(async () => {
    pg = await startTestPostgres();
    sql = await connectDatabase(await pg.database('signature'));
    await migrate(sql);
    appPort = await freePort();
    const proxyPort = await freePort();
    issuer = `http://127.0.0.1:${proxyPort}`;
    provider = await startDevOidcProvider({ port: 0, issuer, appBaseUrl: `http://127.0.0.1:${appPort}` });
    // A raw forwarder: the Host header must reach the provider unchanged (it builds its endpoint
    // URLs from it), which fetch would not allow.
    const upstream = new URL(provider.url);
    const forwarder = createServer((req, res) => {
      if (req.url === '/jwks' && forgedKeys) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(forgedKeys));
        return;
      }
      const target = {
        host: '127.0.0.1',
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      };
      const forwarded = request(target, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => res.writeHead(502).end());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => forwarder.listen(proxyPort, '127.0.0.1', resolve));
    proxy = {
      url: issuer,
      close: () =>
        new Promise<void>((resolve) => {
          forwarder.close(() => resolve());
          forwarder.closeAllConnections();
        }),
    };
    app = await serveApp({ fetch: (request) => current.fetch(request) }, appPort);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await provider?.stop();
    await sql?.end();
    await pg?.stop();
  });

  it('accepts tokens signed with the published key', async () => {
    const appBaseUrl = freshApp();
    const client = await signIn(appBaseUrl, { username: 'alice' });
    expect(await (await client.fetch('/')).json()).toMatchObject({ user: { email: 'alice@example.com' } });
  });

  it('rejects the sign-in when the key set does not verify the signature', async () => {
    const genuine = (await (await fetch(`${provider.url}/jwks`)).json()) as { keys: JWK[] };
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    forgedKeys = {
      keys: [{ ...(await exportJWK(publicKey)), kid: genuine.keys[0]!.kid, alg: 'RS256', use: 'sig' }],
    };
    const appBaseUrl = freshApp();
    const attempt = signIn(appBaseUrl, { username: 'alice' });
    await expect(attempt).rejects.toBeInstanceOf(SignInError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
    const [row] = await sql`SELECT count(*)::int AS n FROM sessions WHERE user_id IS NOT NULL`;
    expect(row!.n).toBe(1);
  });
});
