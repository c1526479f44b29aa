/**
 * `npm run start:topaz` as a person runs it, as a process: Topaz from TOPAZD, Keycloak when
 * `test/peers/keycloak.sh` has installed it (else the development provider), PostgreSQL, the
 * location service and the application, one banner; a user signs in and works; Ctrl-C (SIGINT to
 * the terminal's process group) stops everything it started — no port stays open. Without a
 * topazd it says so in one line and how to get one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKeycloak } from '../../app/stack/keycloak-server.ts';
import { apiClient } from '../support/api-client.ts';
import { freePort } from '../support/free-port.ts';
import { ensurePeer } from '../support/peers.ts';
import { signIn } from '../support/sign-in.ts';
import { requireTopazd } from '../support/topaz.ts';

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

let dataRoot: string;
const running: Started[] = [];

/** `npm run start:topaz` in a process group of its own, as a terminal runs it. */
function startTopazLauncher(env: Record<string, string | undefined>): Started {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      // Without Vitest's variables too: under them consola (the launcher's progress lines) is silent.
      ([name]) =>
        !/^(DATABASE_URL|OIDC_|LOCATION_|SESSION_|TOPAZ|PORT$|GATEHOUSE_PEERS_DIR|VITEST|TEST$|NODE_ENV$)/.test(
          name,
        ),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/topaz-main.ts'], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = { child, output: () => text, exited };
  running.push(started);
  return started;
}

/**
 * Waits for `text` in the launcher's output. The launcher bounds each of its own waits (Topaz,
 * Keycloak) and exits with a line naming what did not start, so `timeoutMs` is only an outer bound
 * above the sum of those; either failure shows the launcher's output.
 */
async function waitFor(started: Started, text: string, timeoutMs: number): Promise<void> {
  const begun = Date.now();
  for (;;) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) {
      throw new Error(
        `npm run start:topaz exited (${started.child.exitCode}) before "${text}":\n${started.output()}`,
      );
    }
    if (Date.now() - begun > timeoutMs) {
      throw new Error(
        `npm run start:topaz printed no "${text}" within ${timeoutMs / 60_000} min:\n${started.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Keycloak's readiness deadline in the launcher (app/stack/keycloak-server.ts: 10 minutes, its
 * first start builds it; at a load of 30 on two cores that takes minutes), Topaz's (1 minute), and
 * room for PostgreSQL and the application: the banner's outer bound. The sign-in and the stop
 * that follow get the test's remaining time.
 */
const KEYCLOAK_LAUNCH_MS = (10 + 1 + 4) * 60_000;

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function portsOf(): Promise<Record<string, string>> {
  const topazPorts = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  return {
    PORT: String(await freePort()),
    OIDC_PROVIDER_PORT: String(await freePort()),
    LOCATION_SERVICE_PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    TOPAZ_PORTS: topazPorts.join(','),
  };
}

/**
 * Processes still running that belong to this launcher: any in its process group, and any whose
 * command line names its data directory (Topaz, PostgreSQL) or its OpenID provider's port
 * (Keycloak's JVM and script run in a process group of their own).
 */
function leftoverProcesses(started: Started, env: Record<string, string>): string[] {
  const markers = [env.DATA_DIR, `--http-port=${env.OIDC_PROVIDER_PORT}`].filter(Boolean) as string[];
  const listing = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      const [, pgid] = line.split(/\s+/);
      return Number(pgid) === started.child.pid || markers.some((marker) => line.includes(marker));
    })
    .filter((line) => !line.includes(' ps -eo '));
}

/** Longest wait for the launcher to exit after Ctrl-C. */
const STOP_MS = 3 * 60_000;

/** Signs alice in, creates and reads a document (decided by Topaz), then Ctrl-C; every port closes. */
async function useThenStop(started: Started, env: Record<string, string>): Promise<void> {
  const appUrl = `http://127.0.0.1:${env.PORT}`;
  expect((await fetch(`${appUrl}/health`)).status).toBe(200);
  const alice = apiClient(await signIn(appUrl, { username: 'alice' }));
  const created = await alice('POST', '/api/documents', { name: 'On Topaz', content: 'decided by Topaz' });
  expect(created.status).toBe(201);
  expect((await alice('GET', `/api/documents/${created.body.id}`)).body).toMatchObject({ name: 'On Topaz' });
  const anonymous = apiClient(appUrl);
  expect((await anonymous('GET', `/api/documents/${created.body.id}`)).status).toBe(401);

  process.kill(-(started.child.pid as number), 'SIGINT');
  // Stopping takes seconds (Keycloak's JVM included); a launcher that does not exit is a failure
  // that shows what it printed, not a test that runs out of time.
  const stopped = await Promise.race([
    started.exited,
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), STOP_MS)),
  ]);
  if (stopped === 'running') {
    throw new Error(
      `npm run start:topaz still ran ${STOP_MS / 60_000} min after Ctrl-C; its output:\n${started.output()}`,
    );
  }
  expect(stopped, started.output()).toBe(0);
  const ports = [
    env.PORT,
    env.OIDC_PROVIDER_PORT,
    env.LOCATION_SERVICE_PORT,
    env.EMBEDDED_POSTGRES_PORT,
    ...(env.TOPAZ_PORTS ?? '').split(','),
  ].map(Number);
  const open = [];
  for (const port of ports) if (await listening(port)) open.push(port);
  expect(open, started.output()).toEqual([]);
  expect(leftoverProcesses(started, env), started.output()).toEqual([]);
}

beforeAll(async () => {
  dataRoot = await mkdtemp(path.join(tmpdir(), 'gatehouse-start-topaz-'));
  await chmod(dataRoot, 0o755);
});

afterAll(async () => {
  // SIGTERM first: the launcher stops what it started (Keycloak runs in a process group of its own).
  for (const started of running) {
    if (started.child.exitCode !== null || !started.child.pid) continue;
    process.kill(-started.child.pid, 'SIGTERM');
    const killed = setTimeout(() => started.child.pid && process.kill(-started.child.pid, 'SIGKILL'), 30_000);
    await started.exited;
    clearTimeout(killed);
  }
  await rm(dataRoot, { recursive: true, force: true });
});

describe('npm run start:topaz', () => {
  it(
    'runs on Topaz with Keycloak when it is installed, serves a signed-in user, and Ctrl-C stops it all',
    async () => {
      const peersDir = path.dirname(findKeycloak() ?? ensurePeer('keycloak'));
      const env: Record<string, string> = {
        ...(await portsOf()),
        DATA_DIR: path.join(dataRoot, 'keycloak'),
        TOPAZD: requireTopazd(),
      };
      const started = startTopazLauncher({ ...env, GATEHOUSE_PEERS_DIR: peersDir });
      await waitFor(started, 'Press Ctrl-C to stop.', KEYCLOAK_LAUNCH_MS);
      const banner = started.output();
      expect(banner).toContain(
        `OpenID provider    Keycloak 26.4.7 http://127.0.0.1:${env.OIDC_PROVIDER_PORT}/realms/gatehouse`,
      );
      expect(banner).toMatch(/Topaz +127\.0\.0\.1:\d+ \(directory 127\.0\.0\.1:\d+/);
      expect(banner).toMatch(/Authorization +Topaz at 127\.0\.0\.1:\d+/);
      expect(banner).toMatch(/alice +alice@example\.com/);
      expect(banner.match(/Gatehouse is ready/g)).toHaveLength(1);
      await useThenStop(started, env);
    },
    KEYCLOAK_LAUNCH_MS + 5 * 60_000,
  );

  it(
    'uses the development provider when Keycloak is not installed, and Ctrl-C stops it all',
    async () => {
      const env: Record<string, string> = {
        ...(await portsOf()),
        DATA_DIR: path.join(dataRoot, 'dev'),
        TOPAZD: requireTopazd(),
      };
      const started = startTopazLauncher({ ...env, GATEHOUSE_PEERS_DIR: path.join(dataRoot, 'no-peers') });
      await waitFor(started, 'Press Ctrl-C to stop.', 4 * 60_000);
      const banner = started.output();
      expect(banner).toContain('Keycloak is not installed (bash test/peers/keycloak.sh installs it)');
      expect(banner).toContain(`OpenID provider    http://127.0.0.1:${env.OIDC_PROVIDER_PORT}`);
      expect(banner).toMatch(/Authorization +Topaz at 127\.0\.0\.1:\d+/);
      await useThenStop(started, env);
    },
    5 * 60_000,
  );

  it('says in one line that there is no topazd, and how to get one', async () => {
    const started = startTopazLauncher({ PATH: '/nonexistent', DATA_DIR: path.join(dataRoot, 'none') });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/npm run start:topaz did not start: no topazd found: set TOPAZD/);
  });
});
