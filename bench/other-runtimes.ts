/**
 * The JavaScript runtimes besides Node that the Hono benchmark measures the gate in: Bun and Deno,
 * whose Fetch `Request` is native (Node's is undici's, in JavaScript, which checks every read of
 * a header or the URL). Each is the project's real peer, installed once by its script in
 * `test/peers/` and cached; each runs the repository's TypeScript sources as they are — Bun
 * through the root `tsconfig.json`'s paths, Deno through an import map made from them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePeer } from '../test/support/peers.ts';
import { workspaceSources } from '../test/support/workspace-aliases.ts';
import type { Runtime } from './process-samples.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The import map that lets Deno resolve the `@gatehousejs/*` packages to their sources. */
export function denoImportMap(root: string = ROOT): { imports: Record<string, string> } {
  const imports: Record<string, string> = {};
  for (const [specifier, source] of workspaceSources(root)) imports[specifier] = pathToFileURL(source).href;
  return { imports };
}

/** Bun, installed when missing (`test/peers/bun.sh`). */
export function bunRuntime(): Runtime {
  const execPath = ensurePeer('bun');
  return { name: `Bun ${versionIn(execPath, 'bun')}`, execPath, execArgv: [] };
}

/**
 * Deno, installed when missing (`test/peers/deno.sh`), with every permission (the measurement
 * reads its sources and talks to its parent) and the import map written to a temporary file.
 */
export function denoRuntime(): Runtime {
  const execPath = ensurePeer('deno');
  const map = path.join(mkdtempSync(path.join(tmpdir(), 'gatehouse-deno-')), 'import-map.json');
  writeFileSync(map, JSON.stringify(denoImportMap()));
  return {
    name: `Deno ${versionIn(execPath, 'deno')}`,
    execPath,
    execArgv: ['run', '-A', `--import-map=${map}`],
  };
}

/** The version in a peer's install folder (`…/bun-1.4.4/node_modules/.bin/bun` → `1.4.4`). */
function versionIn(execPath: string, name: string): string {
  const folder = execPath.split(path.sep).find((part) => part.startsWith(`${name}-`));
  return folder ? folder.slice(name.length + 1) : '(version unknown)';
}
