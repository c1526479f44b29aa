/**
 * `npm start` (`app/start.mjs`: the built application, compiled first when its sources changed) as a
 * newcomer runs it: the whole embedded stack comes up, prints
 * the URLs and the test users, serves a signed-in user, stops cleanly on SIGINT, and keeps its
 * data for the next start. Without SESSION_SECRET next to an external service, or with a policy the
 * engine cannot evaluate, it refuses to start.
 * Also the standalone location service (`app/location-main.ts`) of the compose stack.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { freePort } from './support/free-port.ts';
import { signIn } from './support/sign-in.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/**
 * Runs `entry` (default `app/start.mjs`, what `npm start` runs; TypeScript entries through tsx)
 * with `env` (on top of a clean environment).
 */
function start(env: Record<string, string>, entry = 'app/start.mjs'): Started {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|OIDC_|LOCATION_|SESSION_|TOPAZ_|PORT$)/.test(name),
    ),
  );
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `text` appears in the output; rejects when the process exits first. */
async function waitFor(started: Started, text: string): Promise<void> {
  for (;;) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start', () => {
  let dataRoot: string;
  let env: Record<string, string>;
  let running: Started | undefined;

  beforeAll(async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), 'gatehouse-start-'));
    await chmod(dataRoot, 0o755);
    env = {
      PORT: String(await freePort()),
      OIDC_PROVIDER_PORT: String(await freePort()),
      LOCATION_SERVICE_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      DATA_DIR: path.join(dataRoot, 'data'),
    };
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGINT');
      await running.exited;
    }
    await rm(dataRoot, { recursive: true, force: true });
  });

  it('starts everything, prints the URLs and users, serves, and stops cleanly on SIGINT', async () => {
    running = start(env);
    await waitFor(running, 'Press Ctrl-C to stop.');
    const banner = running.output();
    const appUrl = `http://127.0.0.1:${env.PORT}`;
    expect(banner).toContain(`Application        ${appUrl}`);
    expect(banner).toContain(`OpenID provider    http://127.0.0.1:${env.OIDC_PROVIDER_PORT}`);
    expect(banner).toContain(`Location service   http://127.0.0.1:${env.LOCATION_SERVICE_PORT}`);
    expect(banner).toMatch(/alice +alice@example\.com/);
    expect(banner).toMatch(/charlie +charlie@example\.com — located in a restricted country/);

    expect((await fetch(`${appUrl}/health`)).status).toBe(200);
    const alice = apiClient(await signIn(appUrl, { username: 'alice' }));
    const created = await alice('POST', '/api/documents', { name: 'Kept across restarts' });
    expect(created.status).toBe(201);

    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    await expect(fetch(`${appUrl}/health`)).rejects.toThrow();

    running = start(env);
    await waitFor(running, 'Press Ctrl-C to stop.');
    const again = apiClient(await signIn(appUrl, { username: 'alice' }));
    expect((await again('GET', `/api/documents/${created.body.id}`)).body).toMatchObject({
      name: 'Kept across restarts',
    });
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }, 90_000); // two full starts of the stack (PostgreSQL, provider, engine, app)

  it('refuses to start against an external service without SESSION_SECRET, naming the variable', async () => {
    const refused = start({ ...env, DATABASE_URL: 'postgres://app@db.invalid:5432/app' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('SESSION_SECRET');
  });

  it('refuses to start with a policy the engine cannot evaluate, naming the file, and stops PostgreSQL', async () => {
    // The policies compile while PostgreSQL starts: the failure still ends the start and all it began.
    const policiesDir = path.join(dataRoot, 'broken-policies');
    await cp(path.join(root, 'policies'), policiesDir, { recursive: true });
    await writeFile(path.join(policiesDir, 'broken.rego'), 'package broken\n\nallow {\n  input.x ==\n}\n');
    const refused = start({ ...env, POLICIES_DIR: policiesDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/broken\.rego:\d+:\d+: rego_parse_error/);
    expect(await accepts(Number(env.EMBEDDED_POSTGRES_PORT))).toBe(false);
  }, 60_000);

  it('runs the location service on its own on HOST:LOCATION_SERVICE_PORT', async () => {
    const port = await freePort();
    const service = start({ LOCATION_SERVICE_PORT: String(port), HOST: '0.0.0.0' }, 'app/location-main.ts');
    await waitFor(service, 'Location service on 0.0.0.0');
    const charlie = await fetch(
      `http://127.0.0.1:${port}/location?user_id=b04ae9a1-0b63-4b99-ae5f-3c148f4e817b`,
    );
    expect(await charlie.json()).toMatchObject({ country_code: 'CN' });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});
