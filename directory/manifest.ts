/**
 * `parseManifest`: Topaz manifest v3 YAML → a validated, resolved {@link DirectoryModel}.
 */
import { ManifestError, type ManifestIssue } from './errors.ts';
import { readManifestSource } from './manifest-source.ts';
import { resolveManifest } from './manifest-validation.ts';
import type { DirectoryModel } from './model.ts';

/**
 * Parses and validates a manifest. Every problem found is reported at once, each with the
 * file, line and column of the name or term at fault.
 *
 * @param text the manifest YAML
 * @param file the file name used in messages (default `manifest.yaml`)
 * @throws {ManifestError} when the manifest is not valid
 * @example
 * const model = parseManifest(await readFile('policies/manifest.yaml', 'utf8'), 'policies/manifest.yaml');
 */
export function parseManifest(text: string, file = 'manifest.yaml'): DirectoryModel {
  const issues: ManifestIssue[] = [];
  const raw = readManifestSource(text, file, issues);
  if (issues.length > 0) throw new ManifestError(issues);
  const model = resolveManifest(raw, file, issues);
  if (issues.length > 0) throw new ManifestError(issues);
  return model;
}
