/**
 * What the installed-package tests check with: type-checking a source in a consumer project, the
 * size of a folder, the sources a consumer writes, the Node releases and how every entry loads on
 * each, and the answers the protected app of `fixtures/` gives on every runtime (workerd through
 * Miniflare; the adapter's own tests).
 */
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../support/free-port.ts';
import { ensurePeer } from '../support/peers.ts';
import type { CommandRun, ConsumerProject } from './consumer-project.ts';
import { REPO_ROOT } from './packed-workspaces.ts';

const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Total size of the files below `dir`, in bytes. */
export async function treeSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The files below `dir` whose name ends with `suffix` and whose text contains `marker`, relative to `dir`. */
export async function filesContaining(dir: string, suffix: string, marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file, 'utf8')).includes(marker)) found.push(path.relative(dir, file));
  }
  return found;
}

/**
 * Type-checks `source` in `project` with `skipLibCheck: false` under a module resolution.
 *
 * @param types the `types` option: `[]` for a project without `@types/node`
 */
export async function typeCheck(
  project: ConsumerProject,
  resolution: 'nodenext' | 'bundler',
  source: string,
  types: string[],
) {
  const name = `check-${resolution}-${types.length}`;
  await writeFile(path.join(project.dir, `${name}.ts`), source);
  const compilerOptions = {
    module: resolution === 'nodenext' ? 'NodeNext' : 'ESNext',
    moduleResolution: resolution,
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types,
    strict: true,
    skipLibCheck: false,
    noEmit: true,
  };
  await writeFile(
    path.join(project.dir, `${name}.json`),
    JSON.stringify({ compilerOptions, files: [`${name}.ts`] }),
  );
  return project.run(process.execPath, [TSC, '-p', `${name}.json`]);
}

/** An app using the core, the Hono adapter and the engine, as a library user writes it. */
export const LIBRARY_SOURCE = `
import { createAuthzConfig, type Identity } from '@gatehousejs/core';
import { createInlineDecisionService, createMemoryRelationStore, parseManifest } from '@gatehousejs/engine';
import { authzMiddleware, type AuthzEnv, requireRebacAllowed } from '@gatehousejs/hono';
import { Hono } from 'hono';

const store = createMemoryRelationStore({ manifest: parseManifest('model:\\n  version: 3\\n', 'manifest.yaml') });
const decisionService = createInlineDecisionService({ policies: { 'a.rego': 'package webapp' }, store });
const identity: Identity = { type: 'IDENTITY_TYPE_NONE' };
const authz = createAuthzConfig({ policyPathRoot: 'webapp', decisionService, identityProvider: () => identity });
const app = new Hono<AuthzEnv>();
app.use('*', authzMiddleware(authz));
app.get('/api/documents/:id', requireRebacAllowed(authz, 'document', 'can_read'), (c) => c.text('ok'));
export { app };
`;

/** The same, importing every other entry too. */
export const FULL_SOURCE = `${LIBRARY_SOURCE}
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore } from '@gatehousejs/engine/postgres';
import { createTopazDecisionService } from '@gatehousejs/topaz';
import { createOpenTelemetryMetrics, createOpenTelemetryTracer } from '@gatehousejs/opentelemetry';
import { authzPlugin } from '@gatehousejs/fastify';
export { createEmbeddedDecisionService, loadManifestFile, createPostgresRelationStore, createTopazDecisionService, createOpenTelemetryMetrics, createOpenTelemetryTracer, authzPlugin };
`;

/** The part of Miniflare's API the test uses (the peer is installed outside the repository). */
interface LocalWorker {
  dispatchFetch(url: string): Promise<Response>;
  dispose(): Promise<void>;
}

/** What `fixtures/protected-app.mjs` answers, the same on every runtime. */
export const EXPECTED_ANSWERS = [
  {
    path: '/api/documents/1',
    user: null,
    status: 401,
    body: '{"detail":"Sign-in required: webapp.GET.api.documents.__id"}',
  },
  { path: '/api/documents/1', user: 'alice', status: 200, body: '{"id":"1"}' },
  { path: '/api/documents/1', user: 'bob', status: 403, body: '{"detail":"Access denied: webapp.check"}' },
  { path: '/api/documents/1', user: 'alice', status: 200, body: '{"id":"1"}' },
];

/** What the protected app of `dir` answers in workerd without nodejs_compat, bundled as for a Worker. */
export async function answersInWorkerd(dir: string): Promise<unknown> {
  const esbuild = await import('esbuild');
  const bundle = await esbuild.build({
    entryPoints: [path.join(dir, 'worker.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    write: false,
  });
  const { Miniflare } = (await import(
    pathToFileURL(path.join(ensurePeer('miniflare'), 'dist', 'src', 'index.js')).href
  )) as { Miniflare: new (options: object) => LocalWorker };
  const worker = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]?.text ?? '',
    compatibilityDate: '2026-07-01',
  });
  try {
    return await (await worker.dispatchFetch('http://localhost/')).json();
  } finally {
    await worker.dispose();
  }
}

/** Runs the repository's Hono adapter tests against the hono installed in `honoDir`. */
export function runHonoAdapterTests(honoDir: string): Promise<{ code: number; output: string }> {
  const vitest = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [vitest, 'run', 'adapters/hono'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, GATEHOUSE_HONO_DIR: honoDir, NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/**
 * Starts `node <file>` in `dir` with only `PATH` and a free `PORT` in its environment, resolved
 * once it prints `listening`.
 */
export async function startNodeApp(dir: string, file: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const server = spawn(process.execPath, [file], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    });
  } catch (error) {
    server.kill();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

/** This process's Node, then the long-term releases users run beside it (`test/peers/node.sh`). */
export const NODES = [
  { name: `Node ${process.versions.node}`, path: () => process.execPath },
  ...['22.23.5', '24.22.3', '26.12.1'].map((version) => ({
    name: `Node ${version}`,
    path: () => ensurePeer('node', [version]),
  })),
];

/**
 * Loads every entry in `project` on `node`, imported as an ES module and then required from
 * CommonJS; each run prints a line `<entry> <number of exports>` per entry.
 */
export async function loadEntries(
  project: ConsumerProject,
  node: string,
  entries: readonly string[],
): Promise<CommandRun[]> {
  const list = JSON.stringify(entries);
  const imported = await project.run(node, [
    '--input-type=module',
    '-e',
    `for (const e of ${list}) console.log(e, Object.keys(await import(e)).length);`,
  ]);
  const required = await project.run(node, [
    '-e',
    `for (const e of ${list}) console.log(e, Object.keys(require(e)).length);`,
  ]);
  return [imported, required];
}
