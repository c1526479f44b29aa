/**
 * The `@gatehousejs/*` package names mapped to their TypeScript sources, read from the paths of the
 * root `tsconfig.json` (the one place that lists them; tsc and tsx read it too), for Vitest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One exact package specifier and the source file it stands for. */
export interface WorkspaceAlias {
  readonly find: RegExp;
  readonly replacement: string;
}

/**
 * Each package specifier of `<root>/tsconfig.json`'s paths and the absolute path of its source.
 *
 * @param root the repository root
 */
export function workspaceSources(root: string): [specifier: string, source: string][] {
  const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, [string]> };
  };
  return Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [
    name,
    path.join(root, target),
  ]);
}

/**
 * The aliases of every path in `<root>/tsconfig.json`.
 *
 * @param root the repository root
 */
export function workspaceAliases(root: string): WorkspaceAlias[] {
  return workspaceSources(root).map(([name, source]) => ({
    find: new RegExp(`^${name.replaceAll('/', '\\/')}$`),
    replacement: source,
  }));
}
