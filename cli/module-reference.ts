/**
 * `--app` and `--config` references: `<module>:<export>`, where the module is a TypeScript or
 * JavaScript file resolved from the current directory (a TypeScript module is loaded through tsx).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AuthzToolError } from './errors.ts';
import { loadOptionalPeer } from './optional-peer.ts';

/** A parsed reference. */
export interface ModuleReference {
  /** The module as written, e.g. `./src/app.ts`. */
  readonly module: string;
  /** The export name, or `undefined` when the reference names none. */
  readonly exportName: string | undefined;
}

/** A loaded reference: the absolute file, the module's exports and the export's value. */
export interface LoadedReference {
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
  readonly exportName: string;
  readonly value: unknown;
}

const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;
const EXTENSIONS = ['.ts', '.mts', '.tsx', '.js', '.mjs', '.cjs'];
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/**
 * Splits `module:export` at the last colon; a suffix that is not an identifier (a Windows drive
 * path such as `C:\app.ts`) belongs to the module.
 *
 * @example
 * parseModuleReference('./src/app.ts:app'); // { module: './src/app.ts', exportName: 'app' }
 */
export function parseModuleReference(reference: string): ModuleReference {
  const colon = reference.lastIndexOf(':');
  const suffix = colon >= 0 ? reference.slice(colon + 1) : '';
  if (colon > 0 && EXPORT_NAME.test(suffix)) {
    return { module: reference.slice(0, colon), exportName: suffix };
  }
  return { module: reference, exportName: undefined };
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The file a module path names: as written, with a known extension added, or its `index` file. */
async function resolveModuleFile(module: string, cwd: string): Promise<string | undefined> {
  const base = path.resolve(cwd, module);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => `${base}${ext}`),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/**
 * Imports the module a reference names and reads one export.
 *
 * @param option the option the reference came from, for messages (`--app`)
 * @param defaultExports export names tried in order when the reference names none
 * @throws {AuthzToolError} `module_unloadable`: no such file, the module fails to load, or no such export
 */
export async function loadModuleReference(
  reference: string,
  option: string,
  cwd: string,
  defaultExports: readonly string[],
): Promise<LoadedReference> {
  const { module, exportName } = parseModuleReference(reference);
  if (module.trim() === '') {
    throw new AuthzToolError('usage', `${option} needs a value such as ./src/app.ts:app`);
  }
  const file = await resolveModuleFile(module, cwd);
  if (!file) {
    throw new AuthzToolError(
      'module_unloadable',
      `${option} ${reference}: no such module ${path.resolve(cwd, module)} (also tried ${EXTENSIONS.join(', ')} and index files)`,
    );
  }
  let exports: Record<string, unknown>;
  try {
    exports = (await withinLoadTimeout(importModule(file), `${option} ${reference}`)) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (error instanceof AuthzToolError) throw error;
    throw new AuthzToolError(
      'module_unloadable',
      `${option} ${reference}: the module failed to load: ${message(error)}`,
      { cause: error },
    );
  }
  const names = exportName ? [exportName] : defaultExports;
  const found = names.find((name) => exports[name] !== undefined);
  if (found === undefined) {
    const available = Object.keys(exports).sort().join(', ') || 'none';
    throw new AuthzToolError(
      'module_unloadable',
      `${option} ${reference}: the module has no export ${names.map((n) => `"${n}"`).join(' or ')} (its exports: ${available})`,
    );
  }
  return { file, exports, exportName: found, value: exports[found] };
}

/** How long a module may take to load before the tool gives up on it (an import that never settles). */
export const MODULE_LOAD_TIMEOUT_MS = 30_000;

/** `loading`, or a `module_unloadable` error once {@link MODULE_LOAD_TIMEOUT_MS} has passed. */
async function withinLoadTimeout<T>(loading: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AuthzToolError(
            'module_unloadable',
            `${what}: the module did not finish loading within ${MODULE_LOAD_TIMEOUT_MS / 1000} s (does it wait for something when imported?)`,
          ),
        ),
      MODULE_LOAD_TIMEOUT_MS,
    );
    timer.unref?.();
  });
  try {
    return await Promise.race([loading, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let typeScriptLoader: Promise<unknown> | undefined;

/**
 * Imports a module file. The tool itself is JavaScript: tsx's loader is registered (once) only
 * when a TypeScript module is to be imported, and globally, so the module and what it imports are
 * the same instances as for any other importer.
 */
async function importModule(file: string): Promise<unknown> {
  if (TYPESCRIPT.test(file)) {
    typeScriptLoader ??= loadOptionalPeer(
      'tsx',
      `loading the TypeScript module ${file}`,
      () => import('tsx/esm/api'),
    ).then(({ register }) => register());
    await typeScriptLoader;
  }
  return import(pathToFileURL(file).href);
}
