/**
 * A fresh project outside the repository that installs packed workspaces from their tarballs
 * (never from the repository's node_modules), as a user's project would.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PackedWorkspace } from './packed-workspaces.ts';

/** What a command run in the project produced. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A consumer project on disk. */
export interface ConsumerProject {
  readonly dir: string;
  /** Runs a command in the project (no shell); never rejects, the exit code tells. */
  run(command: string, args: readonly string[], env?: Readonly<Record<string, string>>): Promise<CommandRun>;
  remove(): Promise<void>;
}

/** What the project holds. */
export interface ConsumerProjectOptions {
  /** Registry dependencies, e.g. `{ hono: '4.13.19' }`. */
  readonly dependencies?: Readonly<Record<string, string>>;
  /** Packed workspaces to depend on, by package name. */
  readonly install: readonly string[];
  /** Further files, by path relative to the project. */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * The environment of a project's commands: a user's shell, not the repository's npm scripts
 * (whose `npm_config_*` settings would apply to the project's npm too). The one setting kept is
 * where npm's global configuration is, when it was given (`test/support/on-node.sh` gives the
 * machine's, which npm run by another Node would look for beside that Node instead).
 */
function projectEnvironment(env: Readonly<Record<string, string>>): Record<string, string> {
  const { PATH = '', HOME = '', NPM_CONFIG_GLOBALCONFIG } = process.env;
  const kept: Record<string, string> = { PATH, HOME, NO_COLOR: '1' };
  if (NPM_CONFIG_GLOBALCONFIG) kept.NPM_CONFIG_GLOBALCONFIG = NPM_CONFIG_GLOBALCONFIG;
  return { ...kept, ...env };
}

function runIn(dir: string) {
  return (command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}) =>
    new Promise<CommandRun>((resolve) => {
      execFile(
        command,
        args,
        {
          cwd: dir,
          env: projectEnvironment(env),
          maxBuffer: 64 * 1024 * 1024,
          timeout: 10 * 60_000,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
}

/**
 * Creates a project (`"type": "module"`) depending on `options.install` from their tarballs and
 * installs it with npm. Every packed workspace is also an override, so that the packages' own
 * dependencies on each other resolve to the tarballs too.
 *
 * @throws when `npm install` fails, with its output
 */
export async function createConsumerProject(
  packed: ReadonlyMap<string, PackedWorkspace>,
  options: ConsumerProjectOptions,
): Promise<ConsumerProject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-consumer-'));
  const tarball = (name: string) => {
    const workspace = packed.get(name);
    if (!workspace) throw new Error(`no packed workspace ${name}`);
    return `file:${workspace.tarball}`;
  };
  const manifest = {
    name: 'consumer',
    private: true,
    type: 'module',
    dependencies: {
      ...options.dependencies,
      ...Object.fromEntries(options.install.map((name) => [name, tarball(name)])),
    },
    overrides: Object.fromEntries([...packed.keys()].map((name) => [name, tarball(name)])),
  };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [file, text] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const run = runIn(dir);
  const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
  if (install.code !== 0) throw new Error(`npm install failed in ${dir}:\n${install.stderr}`);
  return { dir, run, remove: () => rm(dir, { recursive: true, force: true }) };
}
