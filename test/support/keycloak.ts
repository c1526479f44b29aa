/**
 * The real Keycloak (installed by `test/peers/keycloak.sh`) for one test file: development mode on
 * a free loopback port, an in-memory database, and the realm of `deploy/keycloak/gatehouse-realm.json`
 * (the file compose.yaml mounts) imported at start with the application's address, client secret
 * and the users' password from the environment, as compose passes them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';
import { ensurePeer } from './peers.ts';

const realmFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../deploy/keycloak/gatehouse-realm.json',
);

/** Options of {@link startKeycloak}. */
export interface KeycloakOptions {
  /** The application's address, e.g. `http://127.0.0.1:20001` (its redirect and post-logout URIs). */
  readonly appBaseUrl: string;
  readonly clientSecret: string;
  /** The password of alice, bob and charlie. */
  readonly userPassword: string;
}

/** A running Keycloak. */
export interface RunningKeycloak {
  /** The realm's issuer, `http://127.0.0.1:<port>/realms/gatehouse`. */
  readonly issuer: string;
  stop(): Promise<void>;
}

async function waitForRealm(issuer: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Keycloak exited (${child.exitCode}):\n${log()}`);
    const ready = await fetch(`${issuer}/.well-known/openid-configuration`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`Keycloak did not serve ${issuer} within 10 minutes:\n${log()}`);
}

/**
 * Starts Keycloak; resolves once the realm's discovery document is served.
 *
 * @example
 * const keycloak = await startKeycloak({ appBaseUrl, clientSecret, userPassword: 'password' });
 * await keycloak.stop();
 */
export async function startKeycloak(options: KeycloakOptions): Promise<RunningKeycloak> {
  const home = ensurePeer('keycloak');
  await mkdir(path.join(home, 'data', 'import'), { recursive: true });
  await copyFile(realmFile, path.join(home, 'data', 'import', 'gatehouse-realm.json'));
  const [port, managementPort] = [await freePort(), await freePort()];
  const child = spawn(
    path.join(home, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--http-host=127.0.0.1',
      `--http-port=${port}`,
      `--http-management-port=${managementPort}`,
      '--db=dev-mem',
      '--cache=local',
      '--import-realm',
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GATEHOUSE_APP_URL: options.appBaseUrl,
        OIDC_CLIENT_SECRET: options.clientSecret,
        ALICE_PASSWORD: options.userPassword,
        BOB_PASSWORD: options.userPassword,
        CHARLIE_PASSWORD: options.userPassword,
      },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const killed = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  };
  const issuer = `http://127.0.0.1:${port}/realms/gatehouse`;
  try {
    await waitForRealm(issuer, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { issuer, stop };
}
