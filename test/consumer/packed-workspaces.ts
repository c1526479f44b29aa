/**
 * The publishable workspaces as a user gets them: built (`npm run build`), then packed with
 * `npm pack` into tarballs. Every workspace that is not `private` is packed, so a new package is
 * covered as soon as it is listed in the root `workspaces`.
 */
import { execFile } from 'node:child_process';
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

/**
 * Builds every workspace and packs the publishable ones into `destination`.
 *
 * @param destination an existing folder for the tarballs
 * @returns the packed workspaces by package name
 */
export async function packWorkspaces(destination: string): Promise<Map<string, PackedWorkspace>> {
  await run('npm', ['run', 'build'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const { stdout } = await run('npm', ['query', '.workspace'], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const publishable = (JSON.parse(stdout) as WorkspaceInfo[]).filter((w) => !w.private);
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
