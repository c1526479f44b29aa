/**
 * A throw-away policy directory for tests: files written atomically (a temporary dot-file
 * renamed into place, as editors save), so that a watcher never sees half a file.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary policy directory. */
export interface TempPolicyDir {
  readonly dir: string;
  /** Writes `file` (relative path) atomically, creating parent directories. */
  write(file: string, source: string): Promise<void>;
  /** Deletes `file`. */
  delete(file: string): Promise<void>;
  /** Removes the directory. */
  remove(): Promise<void>;
}

let counter = 0;

/**
 * Creates a directory holding `files`.
 *
 * @example
 * const policies = await createTempPolicyDir([{ file: 'a.rego', source: 'package a\n' }]);
 * await policies.remove();
 */
export async function createTempPolicyDir(
  files: readonly { readonly file: string; readonly source: string }[] = [],
): Promise<TempPolicyDir> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-policies-'));
  const write = async (file: string, source: string) => {
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${process.pid}.${counter++}`,
    );
    await writeFile(temporary, source);
    await rename(temporary, target);
  };
  for (const { file, source } of files) await write(file, source);
  return {
    dir,
    write,
    delete: (file) => rm(path.join(dir, file)),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
