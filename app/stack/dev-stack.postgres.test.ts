import { chmod, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test/support/dev-stack.ts';
import { freePort } from '../../test/support/free-port.ts';
import { loadSettings } from '../config/index.ts';
import { connectDatabase } from '../db/index.ts';
import { prepareDataDir } from './data-dir.ts';
import { DEV_USERS, StackError, startDevStack } from './index.ts';

const SECRET = 'k'.repeat(40);

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('startDevStack', () => {
  let stack: TestStack;
  let root: string;

  beforeAll(async () => {
    stack = await startTestStack();
    root = await mkdtemp(path.join(tmpdir(), 'gatehouse-stack-test-'));
    await chmod(root, 0o755);
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('starts PostgreSQL 16, the OpenID provider and the location service on loopback', async () => {
    const { services, started } = stack;
    expect(Object.keys(started).sort()).toEqual(['locationService', 'oidcProvider', 'postgres']);
    const sql = await connectDatabase(services.databaseUrl, { max: 1 });
    try {
      const [row] = await sql`
        SELECT current_database() AS db, current_setting('server_version_num')::int AS v,
               inet_server_addr() IS NULL AS over_socket`;
      // The application reaches the embedded server over its Unix socket (no server address).
      expect(row).toMatchObject({ db: 'gatehouse', over_socket: true });
      expect(row!.v).toBeGreaterThanOrEqual(160000);
    } finally {
      await sql.end();
    }
    const discovery = await fetch(`${services.oidc.issuer}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(services.oidc.issuer);
    expect(new URL(services.oidc.issuer).hostname).toBe('127.0.0.1');
    expect(services.oidc.clientId).toBe('gatehouse-app');
    expect(services.oidc.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect((await fetch(`${services.locationServiceUrl}/health`)).status).toBe(200);
    expect(Buffer.byteLength(services.sessionSecret)).toBeGreaterThanOrEqual(32);
    expect(stack.users).toEqual(DEV_USERS);
  });

  it('keeps its data and generated secrets across restarts of the same data directory', async () => {
    const dataDir = path.join(root, 'persistent');
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      OIDC_PROVIDER_PORT: String(await freePort()),
      LOCATION_SERVICE_PORT: String(await freePort()),
    };
    const first = await startDevStack(loadSettings(env));
    const sql = await connectDatabase(first.services.databaseUrl, { max: 1 });
    await sql`CREATE TABLE kept (note text)`;
    await sql`INSERT INTO kept VALUES ('still here')`;
    await sql.end();
    await first.stop();
    await first.stop();
    const secrets = await stat(path.join(dataDir, 'secrets.json'));
    expect(secrets.mode & 0o777).toBe(0o600);

    const second = await startDevStack(loadSettings(env));
    try {
      expect(second.services.sessionSecret).toBe(first.services.sessionSecret);
      expect(second.services.oidc.clientSecret).not.toBe(first.services.oidc.clientSecret);
      const again = await connectDatabase(second.services.databaseUrl, { max: 1 });
      expect(await again`SELECT note FROM kept`).toEqual([{ note: 'still here' }]);
      await again.end();
    } finally {
      await second.stop();
    }
    expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'))).toHaveProperty(
      'postgresPassword',
    );
  });

  it('names the port in use and leaves nothing running when a service cannot start', async () => {
    const busy = await listen(await freePort());
    const locationPort = await freePort();
    const port = (busy.address() as { port: number }).port;
    try {
      const settings = loadSettings({
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/app',
        SESSION_SECRET: SECRET,
        OIDC_PROVIDER_PORT: String(port),
        LOCATION_SERVICE_PORT: String(locationPort),
      });
      const error = await startDevStack(settings).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StackError);
      expect(error).toMatchObject({ code: 'port_in_use' });
      expect((error as Error).message).toContain('OIDC_PROVIDER_PORT');
      await close(await listen(locationPort));
    } finally {
      await close(busy);
    }
  });

  it('names EMBEDDED_POSTGRES_PORT when the database port is taken', async () => {
    const busy = await listen(await freePort());
    const port = (busy.address() as { port: number }).port;
    try {
      const settings = loadSettings({
        EMBEDDED_POSTGRES_PORT: String(port),
        OIDC_ISSUER: 'https://idp.example.com',
        OIDC_CLIENT_ID: 'gatehouse',
        OIDC_CLIENT_SECRET: 'client-secret',
        LOCATION_SERVICE_URL: 'https://geo.example.com',
        SESSION_SECRET: SECRET,
        DATA_DIR: path.join(root, 'taken-port'),
      });
      const error = await startDevStack(settings).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'port_in_use' });
      expect((error as Error).message).toBe(
        `PostgreSQL (EMBEDDED_POSTGRES_PORT): port ${port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await close(busy);
    }
  });

  it('starts nothing when every service is external', async () => {
    const settings = loadSettings({
      DATABASE_URL: 'postgres://app@db.internal/app',
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'gatehouse',
      OIDC_CLIENT_SECRET: 'client-secret',
      LOCATION_SERVICE_URL: 'https://geo.example.com',
      SESSION_SECRET: SECRET,
      DATA_DIR: path.join(root, 'never-created'),
    });
    const external = await startDevStack(settings);
    expect(external.started).toEqual({});
    expect(external.services).toEqual({
      databaseUrl: 'postgres://app@db.internal/app',
      oidc: { issuer: 'https://idp.example.com', clientId: 'gatehouse', clientSecret: 'client-secret' },
      locationServiceUrl: 'https://geo.example.com',
      sessionSecret: SECRET,
      cookieSecure: true,
      appBaseUrl: 'http://127.0.0.1:8000',
    });
    await external.stop();
    await expect(stat(path.join(root, 'never-created'))).rejects.toThrow();
  });

  it('explains, as root, which parent folder the postgres user cannot enter', async () => {
    const locked = path.join(root, 'locked');
    await mkdir(locked, { mode: 0o700 });
    await chmod(locked, 0o700);
    await expect(prepareDataDir(path.join(locked, 'data'), true)).rejects.toThrow(`cannot enter ${locked}`);
    await expect(prepareDataDir(path.join(locked, 'data'), false)).resolves.toBe(path.join(locked, 'data'));
  });
});
