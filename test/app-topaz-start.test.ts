/**
 * `app/main.ts` as the compose stack runs it, with `TOPAZ_URL`: the composition root chooses
 * the Topaz adapter, validates the routes against the policies Topaz lists, serves a signed-in
 * user whose relationships reach Topaz's directory, and stops cleanly. Topaz is the
 * Topaz-compatible server in this process (TLS, its CA given as `TOPAZ_CA_CERT_FILE`), running
 * the embedded engine on the application's policies. A Topaz that does not answer stops the
 * start with one line naming it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES_DIR } from '../app/server/index.ts';
import {
  createEmbeddedDecisionService,
  createMemoryRelationStore,
  type EmbeddedDecisionService,
  loadManifestFile,
  type RelationStore,
} from '../engine/index.ts';
import { startTestTopazServer, type TestTopazServer } from '../engine/server/testing/index.ts';
import { apiClient } from './support/api-client.ts';
import { freePort } from './support/free-port.ts';
import { signIn } from './support/sign-in.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** Runs `app/main.ts` with `env` on top of an environment without the application's variables. */
function start(env: Record<string, string>): Started {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|OIDC_|LOCATION_|SESSION_|TOPAZ_|PORT$|HOST$|POLICIES_DIR|ALLOW_)/.test(name),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
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

/** Resolves once `text` appears in the output; rejects when the process exits first. */
async function waitFor(started: Started, text: string): Promise<void> {
  for (;;) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start with TOPAZ_URL', () => {
  let dataRoot: string;
  let store: RelationStore;
  let engine: EmbeddedDecisionService;
  let topaz: TestTopazServer;
  let env: Record<string, string>;
  let running: Started | undefined;

  beforeAll(async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), 'gatehouse-topaz-start-'));
    await chmod(dataRoot, 0o755);
    store = createMemoryRelationStore({
      manifest: await loadManifestFile(path.join(DEFAULT_POLICIES_DIR, 'manifest.yaml')),
    });
    engine = await createEmbeddedDecisionService({ policiesDir: DEFAULT_POLICIES_DIR, store });
    topaz = await startTestTopazServer({
      decisionService: engine,
      relationDirectory: store,
      policyCatalog: engine,
    });
    env = {
      PORT: String(await freePort()),
      OIDC_PROVIDER_PORT: String(await freePort()),
      LOCATION_SERVICE_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      DATA_DIR: path.join(dataRoot, 'data'),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      TOPAZ_URL: topaz.server.authorizerUrl,
      TOPAZ_DIRECTORY_URL: topaz.server.directoryUrl,
      TOPAZ_CA_CERT_FILE: topaz.caFile,
      TOPAZ_TIMEOUT_MS: '10000',
    };
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGINT');
      await running.exited;
    }
    await topaz?.close();
    await engine?.close();
    await store?.close();
    await rm(dataRoot, { recursive: true, force: true });
  });

  it('decides through Topaz, writes relationships to its directory, and stops cleanly', async () => {
    running = start(env);
    await waitFor(running, 'Press Ctrl-C to stop.');
    expect(running.output()).toContain(
      `Authorization      Topaz at ${env.TOPAZ_URL} (policy instance webapp, ${engine.packages.length} packages; directory ${env.TOPAZ_DIRECTORY_URL})`,
    );
    const appUrl = `http://127.0.0.1:${env.PORT}`;
    const alice = apiClient(await signIn(appUrl, { username: 'alice' }));
    const created = await alice('POST', '/api/documents', { name: 'Decided by Topaz' });
    expect(created.status, created.text).toBe(201);
    expect(
      store.reader
        .relations({ objectType: 'document', objectId: String(created.body.id) })
        .map((r) => r.relation),
    ).toEqual(['owner']);
    expect((await alice('GET', `/api/documents/${created.body.id}`)).status).toBe(200);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('refuses to start when Topaz does not answer, naming it in one line', async () => {
    const nowhere = `127.0.0.1:${await freePort()}`;
    const refused = start({ ...env, TOPAZ_URL: nowhere, TOPAZ_TIMEOUT_MS: '2000' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`Topaz at ${nowhere} did not list its policies`);
    expect(refused.output()).not.toContain('Press Ctrl-C to stop.');
  });
});
