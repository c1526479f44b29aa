/**
 * The development stack's data directory. When running as root, PostgreSQL runs as the
 * `postgres` system user, which must be able to walk down to its cluster folder.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StackError } from './stack-error.ts';

/**
 * Creates `dataDir` (mode 0755) and, as root, checks that every parent can be entered by other users.
 *
 * @param asRoot default: whether this process runs as root
 * @returns the absolute path
 * @throws {StackError} `data_dir_unusable` naming the folder that blocks the `postgres` user
 */
export async function prepareDataDir(dataDir: string, asRoot = process.getuid?.() === 0): Promise<string> {
  const absolute = path.resolve(dataDir);
  try {
    await mkdir(absolute, { recursive: true, mode: 0o755 });
  } catch (cause) {
    throw new StackError('data_dir_unusable', `cannot create the data directory ${absolute}`, { cause });
  }
  if (!asRoot) return absolute;
  for (let folder = absolute; ; folder = path.dirname(folder)) {
    const { mode } = await stat(folder);
    if ((mode & 0o001) === 0) {
      throw new StackError(
        'data_dir_unusable',
        `PostgreSQL runs as the 'postgres' user when started by root, and it cannot enter ${folder}. ` +
          `Set DATA_DIR to a folder outside it, or run: chmod o+x ${folder}`,
      );
    }
    if (folder === path.dirname(folder)) return absolute;
  }
}
