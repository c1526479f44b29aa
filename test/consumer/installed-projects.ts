/**
 * The fresh projects the installed-package tests run in, each installing the packed tarballs the
 * way one kind of user does (a Hono app, a CI job, a docs pipeline, …). One build and pack for
 * them all.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ConsumerProject, createConsumerProject } from './consumer-project.ts';
import { type PackedWorkspace, packWorkspaces, REPO_ROOT } from './packed-workspaces.ts';

/** What a protected Hono app installs: the core, the Hono adapter and the engine. */
export const LIBRARY = ['@gatehousejs/core', '@gatehousejs/hono', '@gatehousejs/engine'];

/** The published packages, by name. */
export const PUBLISHED_PACKAGES = [
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
];

/** Every other entry of the published packages. */
export const OTHER_ENTRIES = [
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

const FIXTURES = path.join(REPO_ROOT, 'test', 'consumer', 'fixtures');

/** The Hono adapter's peer range of hono, a caret range whose lowest version is tested too. */
export const HONO_PEER_RANGE = (
  JSON.parse(await readFile(path.join(REPO_ROOT, 'adapters', 'hono', 'package.json'), 'utf8')) as {
    peerDependencies: { hono: string };
  }
).peerDependencies.hono;

/** The version of `name` the repository itself installed. */
export const repoVersion = async (name: string) =>
  (
    JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The packed workspaces and the projects that installed them. */
export interface InstalledProjects {
  readonly packed: Map<string, PackedWorkspace>;
  /** Core, Hono adapter and engine with the newest hono of the adapter's range, and the fixtures. */
  readonly library: ConsumerProject;
  /** The same with the lowest hono of the adapter's peer range. */
  readonly lowestHono: ConsumerProject;
  /** Every package, with tsx and `@types/node`, and a small TypeScript app in `src/app.ts`. */
  readonly full: ConsumerProject;
  /** A docs pipeline: wiki-publish alone, as its README row installs it, with a small site. */
  readonly docsPipeline: ConsumerProject;
  /** The Rego language alone, as a policy tool would install it. */
  readonly regoAlone: ConsumerProject;
  /** A Hono app's authorization: the core and the Hono adapter, beside hono. */
  readonly honoOnly: ConsumerProject;
  /** A CI job: authz-tool alone. */
  readonly ciTool: ConsumerProject;
  /** Removes every project. */
  remove(): Promise<void>;
}

/** Builds and packs the workspaces, then creates every project. */
export async function installProjects(): Promise<InstalledProjects> {
  const packed = await packWorkspaces(await mkdtemp(path.join(os.tmpdir(), 'gatehouse-packs-')));
  const hono = await repoVersion('hono');
  const fixtures = Object.fromEntries(
    await Promise.all(
      (await readdir(FIXTURES)).map(async (f) => [f, await readFile(path.join(FIXTURES, f), 'utf8')]),
    ),
  );
  const created: ConsumerProject[] = [];
  const create = async (options: Parameters<typeof createConsumerProject>[1]) => {
    const project = await createConsumerProject(packed, options);
    created.push(project);
    return project;
  };
  const remove = async () => {
    for (const project of created.splice(0)) await project.remove();
  };
  try {
    return {
      packed,
      library: await create({ dependencies: { hono: HONO_PEER_RANGE }, install: LIBRARY, files: fixtures }),
      honoOnly: await create({
        dependencies: { hono: HONO_PEER_RANGE },
        install: ['@gatehousejs/core', '@gatehousejs/hono'],
      }),
      ciTool: await create({ install: ['@gatehousejs/authz-tool'] }),
      docsPipeline: await create({
        install: ['@gatehousejs/wiki-publish'],
        files: {
          'site/mkdocs.yml': 'site_name: Demo\nnav:\n  - Home: index.md\n',
          'site/docs/index.md': '# Hello\n\nSome *text*.\n',
        },
      }),
      regoAlone: await create({ install: ['@gatehousejs/rego'] }),
      lowestHono: await create({
        dependencies: { hono: HONO_PEER_RANGE.slice(1) },
        install: LIBRARY,
        files: fixtures,
      }),
      full: await create({
        // tsx: authz-tool's optional peer for loading a TypeScript app, as its docs say to add it.
        dependencies: {
          hono,
          tsx: await repoVersion('tsx'),
          '@types/node': await repoVersion('@types/node'),
        },
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
      }),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
