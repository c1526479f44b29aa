/**
 * The real Keycloak, as `test/peers/keycloak.sh` installs it (GATEHOUSE_PEERS_DIR, default
 * ~/.cache/gatehouse-peers), in development mode on loopback with an in-memory database and the
 * realm compose imports (`deploy/keycloak/gatehouse-realm.json`: client `gatehouse-app`, users
 * alice, bob and charlie with the development users' subject ids), the application's address,
 * client secret and the users' password passed as compose passes them. Used by
 * `npm run start:topaz` and the Keycloak interop tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StackError } from './stack-error.ts';

/** The Keycloak version `test/peers/keycloak.sh` installs by default. */
export const KEYCLOAK_VERSION = '26.4.7';

const REALM_FILE = fileURLToPath(new URL('../../deploy/keycloak/gatehouse-realm.json', import.meta.url));

/** The home folder of the installed Keycloak (`bin/kc.sh` executable), or `undefined`. */
export function findKeycloak(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const peers = env.GATEHOUSE_PEERS_DIR || path.join(env.HOME || homedir(), '.cache', 'gatehouse-peers');
  const home = path.join(peers, `keycloak-${KEYCLOAK_VERSION}`);
  try {
    accessSync(path.join(home, 'bin', 'kc.sh'), constants.X_OK);
    return home;
  } catch {
    return undefined;
  }
}

/** Options of {@link startKeycloak}. */
export interface KeycloakOptions {
  /** The installed Keycloak's home folder. */
  readonly home: string;
  readonly port: number;
  /** Its management (health) port. */
  readonly managementPort: number;
  /** The application's address, e.g. `http://127.0.0.1:8000` (its redirect and post-logout URIs). */
  readonly appBaseUrl: string;
  readonly clientSecret: string;
  /** The password of alice, bob and charlie. */
  readonly userPassword: string;
  /** Longest wait for the realm to be served (default 10 minutes: the first start builds Keycloak). */
  readonly startTimeoutMs?: number;
}

/** A running Keycloak. */
export interface RunningKeycloak {
  /** The realm's issuer, `http://127.0.0.1:<port>/realms/gatehouse`. */
  readonly issuer: string;
  /** Stops Keycloak's whole process group (SIGTERM, then SIGKILL after 15 s); safe to call twice. */
  stop(): Promise<void>;
}

/** Longest single readiness probe: a Keycloak still starting may accept a connection and not answer. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Waits until the realm's discovery document is served, at most `timeoutMs` in all (each probe
 * bounded too, so a probe that hangs cannot outlive the deadline).
 */
async function waitForRealm(issuer: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const discovery = `${issuer}/.well-known/openid-configuration`;
  let lastProbe = 'no probe answered yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new StackError('start_failed', `Keycloak exited (${child.exitCode}); its output ends:\n${log()}`);
    }
    const signal = AbortSignal.timeout(Math.max(1, Math.min(PROBE_TIMEOUT_MS, deadline - Date.now())));
    const ready = await fetch(discovery, { signal }).then(
      (res) => {
        lastProbe = `the last probe answered ${res.status}`;
        return res.ok;
      },
      (error: unknown) => {
        lastProbe = `the last probe failed: ${(error as Error).message}`;
        return false;
      },
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new StackError(
    'start_failed',
    `Keycloak did not serve ${discovery} within ${Math.round((Date.now() - started) / 1000)} s ` +
      `(${lastProbe}); its output ends:\n${log()}`,
  );
}

/**
 * Starts Keycloak; resolves once the realm's discovery document is served.
 *
 * @throws {StackError} `start_failed` with the end of Keycloak's output when it exits or is not ready in time
 * @example
 * const keycloak = await startKeycloak({ home: findKeycloak()!, port: 9000, managementPort: 9001, appBaseUrl, clientSecret, userPassword: 'password' });
 * await keycloak.stop();
 */
export async function startKeycloak(options: KeycloakOptions): Promise<RunningKeycloak> {
  const { home } = options;
  await mkdir(path.join(home, 'data', 'import'), { recursive: true });
  await copyFile(REALM_FILE, path.join(home, 'data', 'import', 'gatehouse-realm.json'));
  const child = spawn(
    path.join(home, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--http-host=127.0.0.1',
      `--http-port=${options.port}`,
      `--http-management-port=${options.managementPort}`,
      '--db=dev-mem',
      '--cache=local',
      '--import-realm',
    ],
    {
      // Its own process group, so that stopping it stops the JVM its script starts.
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const group = -child.pid;
      process.kill(group, 'SIGTERM');
      const killed = setTimeout(() => process.kill(group, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    })();
    return stopping;
  };
  const issuer = `http://127.0.0.1:${options.port}/realms/gatehouse`;
  try {
    await waitForRealm(issuer, child, options.startTimeoutMs ?? 10 * 60_000, () => output.slice(-4_000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { issuer, stop };
}
