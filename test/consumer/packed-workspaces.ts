/**
 * The publishable workspaces as a user gets them: built (`npm run build`), then packed with
 * `npm pack` into tarballs. Every workspace that is not `private` is packed, so a new package is
 * covered as soon as it is listed in the root `workspaces`.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One packed workspace. */
export interface PackedWorkspace {
  readonly name: string;
  /** The workspace folder, relative to the repository root. */
  readonly location: string;
  readonly tarball: string;
  /** Paths of the files in the tarball, relative to the package root. */
  readonly files: readonly string[];
}

interface WorkspaceInfo {
  readonly name: string;
  readonly location: string;
  readonly private?: boolean;
}

/** Whether a process with this id is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while no other test process builds: builds write the workspaces' `dist` folders,
 * which a concurrent build (another test file) would delete under a pack.
 */
async function whileBuildingAlone<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(REPO_ROOT, 'node_modules', '.gatehouse-build.lock');
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (owner > 0 && !running(owner)) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await writeFile(path.join(lock, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Builds the workspaces and packs the publishable ones into `destination`.
 *
 * @param destination an existing folder for the tarballs
 * @param only package names to build and pack, in build order (default: every publishable workspace)
 * @returns the packed workspaces by package name
 */
export async function packWorkspaces(
  destination: string,
  only?: readonly string[],
): Promise<Map<string, PackedWorkspace>> {
  const { stdout } = await run('npm', ['query', '.workspace'], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const publishable = (JSON.parse(stdout) as WorkspaceInfo[]).filter(
    (w) => !w.private && (only === undefined || only.includes(w.name)),
  );
  const selection = (only ?? []).flatMap((name) => [
    '-w',
    publishable.find((w) => w.name === name)?.location ?? name,
  ]);
  return whileBuildingAlone(async () => {
    await run('npm', ['run', 'build', ...selection, '--if-present'], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return pack(publishable, destination);
  });
}

/** Packs the (built) workspaces into `destination`. */
async function pack(
  publishable: readonly WorkspaceInfo[],
  destination: string,
): Promise<Map<string, PackedWorkspace>> {
  const packed = await run(
    'npm',
    ['pack', '--json', '--pack-destination', destination, ...publishable.flatMap((w) => ['-w', w.location])],
    { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  const results = JSON.parse(packed.stdout) as {
    name: string;
    filename: string;
    files: { path: string }[];
  }[];
  return new Map(
    results.map((r) => [
      r.name,
      {
        name: r.name,
        location: publishable.find((w) => w.name === r.name)?.location ?? '',
        tarball: path.join(destination, r.filename),
        files: r.files.map((f) => f.path),
      },
    ]),
  );
}
