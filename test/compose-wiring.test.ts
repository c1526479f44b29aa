/**
 * The wiring between the compose stack's parts, checked without Docker: Topaz's configuration and
 * the files mounted for it, the certificates deploy/certs/generate-certs.sh issues (served and
 * verified over real TLS on loopback), and Keycloak's realm import against the app's settings.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEV_USERS } from '../app/stack/index.ts';
import {
  generatedEnvironment,
  loadCompose,
  mountPoint,
  repositoryFile,
  repositoryRoot,
} from './support/compose-file.ts';

const env = generatedEnvironment();
const compose = loadCompose(env);
const appEnv = compose.service('app').environment ?? {};
const kcEnv = compose.service('keycloak').environment ?? {};
const topazConfig = parse(repositoryFile('deploy/topaz/config.yaml'), { merge: true });
const placeholder = (name: string) => `\${${name}}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'gatehouse-certs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Whether a client trusting `ca` completes a TLS handshake with a server using `cert` for `servername`. */
async function handshake(cert: Buffer, key: Buffer, ca: Buffer, servername: string): Promise<boolean> {
  const server = tls.createServer({ cert, key }, (socket) => socket.end());
  try {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const socket = tls.connect({ host: '127.0.0.1', port, servername, ca });
    await once(socket, 'secureConnect');
    socket.destroy();
    return socket.authorized;
  } finally {
    server.close();
  }
}

describe('the compose stack wiring', () => {
  it('has Topaz load the mounted policies and manifest, over the stack certificates', () => {
    const topaz = compose.service('topaz');
    expect(mountPoint(topaz, './deploy/topaz/config.yaml')).toBe(topaz.command?.at(-1));
    expect(topazConfig.opa.local_bundles.paths).toEqual([mountPoint(topaz, './policies')]);
    const services: Record<
      string,
      Record<'grpc' | 'gateway', { listen_address: string; certs: object }>
    > = topazConfig.api.services;
    expect(services.authorizer?.grpc.listen_address).toBe('0.0.0.0:8282');
    expect(services.authorizer?.gateway.listen_address).toBe('0.0.0.0:8383');
    expect(services.reader?.grpc.listen_address).toBe('0.0.0.0:9292');
    for (const { grpc, gateway } of Object.values(services)) {
      const files = [...Object.values(grpc.certs), ...Object.values(gateway.certs)];
      for (const file of files) expect(path.dirname(file)).toBe(mountPoint(topaz, 'stack-tls'));
    }
    const job = compose.service('topaz-manifest');
    const argument = (flag: string) => job.command?.[job.command.indexOf(flag) + 1] ?? '';
    expect(argument('--data-binary')).toBe(`@${mountPoint(job, './policies/manifest.yaml')}`);
    expect(path.dirname(argument('--cacert'))).toBe(mountPoint(job, 'stack-ca'));
    expect(job.command?.at(-1)).toBe('https://topaz:9393/api/v3/directory/manifest');
  });

  it("points the app's decisions at Topaz's authorizer and its relay at Topaz's directory writer", () => {
    const services = topazConfig.api.services;
    const port = (address: string | undefined) => address?.split(':').at(-1);
    const [authorizerHost, authorizerPort] = (appEnv.TOPAZ_URL ?? '').split(':');
    const [directoryHost, directoryPort] = (appEnv.TOPAZ_DIRECTORY_URL ?? '').split(':');
    expect([authorizerHost, directoryHost]).toEqual(['topaz', 'topaz']);
    expect(authorizerPort).toBe(port(services.authorizer.grpc.listen_address));
    for (const api of ['reader', 'writer']) {
      expect(directoryPort, api).toBe(port(services[api].grpc.listen_address));
    }
    // The authorizer answers ds.check from the same directory the relay writes to.
    expect(port(topazConfig.remote_directory.address)).toBe(directoryPort);
  });

  it('issues certificates that Topaz and Keycloak serve and the app verifies', async () => {
    const certs = compose.service('certs');
    const [caDir, tlsDir] = [path.join(scratch, 'ca'), path.join(scratch, 'tls')];
    expect(mountPoint(certs, 'stack-ca')).toBe(certs.environment?.CA_DIR);
    expect(mountPoint(certs, 'stack-tls')).toBe(certs.environment?.TLS_DIR);
    const ids = { KEYCLOAK_UID: `${process.getuid?.()}`, KEYCLOAK_GID: `${process.getgid?.()}` };
    const runEnv = { ...process.env, CA_DIR: caDir, TLS_DIR: tlsDir, ...ids };
    const script = path.join(repositoryRoot, 'deploy/certs/generate-certs.sh');
    const run = () => execFileSync('sh', [script], { env: runEnv }).toString();
    for (const dir of [caDir, tlsDir]) mkdirSync(dir);
    run();
    const file = (dir: string, name = '') => readFileSync(path.join(dir, path.basename(name)));
    const ca = file(caDir, 'ca.crt');
    expect(new X509Certificate(ca).ca).toBe(true);
    for (const name of [appEnv.TOPAZ_CA_CERT_FILE, appEnv.NODE_EXTRA_CA_CERTS]) {
      expect(path.dirname(name ?? '')).toBe(mountPoint(compose.service('app'), 'stack-ca'));
      expect(file(caDir, name)).toEqual(ca);
    }
    const topazTls = topazConfig.api.services.authorizer.grpc.certs;
    expect(file(tlsDir, topazTls.tls_ca_cert_path)).toEqual(ca);
    const topazHost = appEnv.TOPAZ_URL?.split(':')[0] ?? '';
    const [topazCert, topazKey] = [file(tlsDir, topazTls.tls_cert_path), file(tlsDir, topazTls.tls_key_path)];
    expect(await handshake(topazCert, topazKey, ca, topazHost)).toBe(true);
    const [kcCert, kcKey] = [kcEnv.KC_HTTPS_CERTIFICATE_FILE, kcEnv.KC_HTTPS_CERTIFICATE_KEY_FILE];
    const issuerHost = new URL(appEnv.OIDC_ISSUER ?? '').hostname;
    expect(await handshake(file(tlsDir, kcCert), file(tlsDir, kcKey), ca, issuerHost)).toBe(true);
    for (const key of [topazTls.tls_key_path, kcKey].map((name) => path.basename(name ?? ''))) {
      expect(statSync(path.join(tlsDir, key)).mode & 0o777, key).toBe(0o400);
    }

    const before = new X509Certificate(file(tlsDir, 'topaz.crt')).fingerprint256;
    expect(run()).toMatch(/keeping them/);
    expect(new X509Certificate(file(tlsDir, 'topaz.crt')).fingerprint256).toBe(before);
  });

  it('imports a Keycloak realm whose issuer, client and users match the app', () => {
    const realm = JSON.parse(repositoryFile('deploy/keycloak/gatehouse-realm.json'));
    const keycloak = compose.service('keycloak');
    const issuer = new URL(appEnv.OIDC_ISSUER ?? '');
    expect(issuer.href).toBe(`${kcEnv.KC_HOSTNAME}/realms/${realm.realm}`);
    expect(keycloak.networks?.default?.aliases).toContain(issuer.hostname);
    expect(keycloak.ports).toEqual([`127.0.0.1:${issuer.port}:${kcEnv.KC_HTTPS_PORT}`]);
    expect(path.dirname(kcEnv.KC_HTTPS_CERTIFICATE_FILE ?? '')).toBe(mountPoint(keycloak, 'stack-tls'));
    const realmFile = mountPoint(keycloak, './deploy/keycloak/gatehouse-realm.json');
    expect(path.dirname(realmFile)).toBe('/opt/keycloak/data/import');

    expect(realm.clients).toHaveLength(1);
    const [client] = realm.clients;
    const secret = placeholder('OIDC_CLIENT_SECRET');
    expect(client).toMatchObject({ clientId: appEnv.OIDC_CLIENT_ID, publicClient: false, secret });
    expect(kcEnv.OIDC_CLIENT_SECRET).toBe(appEnv.OIDC_CLIENT_SECRET);
    // The application's address is a placeholder whose default is compose's APP_BASE_URL; the
    // interop suite sets GATEHOUSE_APP_URL to the address of the application it started.
    const appUrl = `\${GATEHOUSE_APP_URL:${appEnv.APP_BASE_URL}}`;
    expect(client.rootUrl).toBe(appUrl);
    expect(client.redirectUris).toEqual([`${appUrl}/auth/callback`]);
    expect(client.attributes).toEqual({
      'pkce.code.challenge.method': 'S256',
      'post.logout.redirect.uris': `${appUrl}/signed-out`,
    });

    const users = realm.users.map((u: { id: string; username: string; email: string }) => [
      u.username,
      u.id,
      u.email,
    ]);
    expect(users).toEqual(DEV_USERS.map((u) => [u.username, u.sub, u.email]));
    for (const user of realm.users) {
      const variable = `${user.username.toUpperCase()}_PASSWORD`;
      expect(user.credentials).toEqual([
        { type: 'password', value: placeholder(variable), temporary: false },
      ]);
      expect(kcEnv[variable]).toBe(env[variable]);
    }
  });
});
