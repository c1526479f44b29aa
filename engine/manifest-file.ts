/**
 * Reading a Topaz directory manifest from a file.
 */
import { readFile } from 'node:fs/promises';
import { type DirectoryModel, parseManifest } from '@gatehousejs/directory';
import { EngineError } from './engine-error.ts';

/**
 * Reads and parses a manifest (Topaz manifest v3 YAML).
 *
 * @param file the manifest's path, also used in messages
 * @throws {EngineError} `manifest_unreadable` when the file cannot be read
 * @throws {ManifestError} listing every problem as `file:line:column: message`
 * @example
 * const store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
 */
export async function loadManifestFile(file: string): Promise<DirectoryModel> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new EngineError('manifest_unreadable', `cannot read the directory manifest ${file}: ${reason}`, {
      cause,
    });
  }
  return parseManifest(text, file);
}
