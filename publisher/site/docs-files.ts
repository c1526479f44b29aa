/**
 * The files of the docs folder (docs-relative POSIX paths), hidden files and folders left out,
 * as MkDocs does.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Lists the docs folder's files recursively, sorted. */
export async function listDocsFiles(docsDir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(docsDir, relative), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  await walk('');
  return files.sort();
}
