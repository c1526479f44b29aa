/**
 * The policy packages of a directory, read from the `package` declarations of its Rego files with
 * the engine's parser (file names do not matter). Test files (`*_test.rego`) and dot-files are
 * left out, as the decision service leaves them out.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseModule, type RegoVersion } from '@gatehousejs/engine';
import { AuthzToolError } from './errors.ts';

/** Where a package is declared. */
export interface PackageLocation {
  readonly file: string;
  readonly line: number;
}

/** A policy package, possibly spread over several files. */
export interface PolicyPackage {
  /** Dotted package path without `data.`, e.g. `webapp.GET.api.documents`. */
  readonly policyPath: string;
  /** Names of the rules the package defines (`allowed`, …). */
  readonly rules: ReadonlySet<string>;
  /** Every `package` declaration of it, in file order. */
  readonly locations: readonly PackageLocation[];
}

async function collect(dir: string, relative: string, found: string[]): Promise<void> {
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const child = relative === '' ? entry.name : path.join(relative, entry.name);
    if (entry.isDirectory()) await collect(dir, child, found);
    else if (entry.name.endsWith('.rego') && !entry.name.endsWith('_test.rego')) found.push(child);
  }
}

/**
 * The policy files below `dir` (not tests), sorted, as `dir` joined with their relative path.
 *
 * @param name how `dir` is named in errors (default: `dir`)
 * @throws {AuthzToolError} `file_access` when `dir` is not a readable directory
 */
export async function listPolicyFiles(dir: string, name = dir): Promise<string[]> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new AuthzToolError('file_access', `${name}: no such policy directory`);
  const found: string[] = [];
  try {
    await collect(dir, '', found);
  } catch (error) {
    throw new AuthzToolError('file_access', `cannot read ${dir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return found.sort().map((relative) => path.join(dir, relative));
}

/**
 * Parses `files` and groups them by package.
 *
 * @param options `version`: syntax of files that do not import `rego.v1` (default `v0`, as Topaz);
 *   `displayName`: how a file is named in locations and errors (default: as given)
 * @returns packages sorted by path
 * @throws {RegoError} naming file, line and column when a file does not parse
 * @throws {AuthzToolError} `file_access` when a file cannot be read
 * @example
 * const packages = await parsePolicyPackages(await listPolicyFiles('policies'));
 */
export async function parsePolicyPackages(
  files: readonly string[],
  options: { readonly version?: RegoVersion; readonly displayName?: (file: string) => string } = {},
): Promise<PolicyPackage[]> {
  const displayName = options.displayName ?? ((file: string) => file);
  const byPath = new Map<string, { rules: Set<string>; locations: PackageLocation[] }>();
  for (const file of files) {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      throw new AuthzToolError('file_access', `cannot read ${file}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const shown = displayName(file);
    const module = parseModule(source, shown, { version: options.version ?? 'v0' });
    const policyPath = module.packagePath.join('.');
    let entry = byPath.get(policyPath);
    if (!entry) {
      entry = { rules: new Set(), locations: [] };
      byPath.set(policyPath, entry);
    }
    for (const rule of module.rules) entry.rules.add(rule.name);
    entry.locations.push({ file: shown, line: module.packageLoc.line });
  }
  return [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([policyPath, entry]) => ({ policyPath, ...entry }));
}
