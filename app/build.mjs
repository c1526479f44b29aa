// `npm run build -w app` (and `npm start`, when the sources changed): compiles the application
// into one ES module, `app/dist/main.js` (and the standalone location service into
// `app/dist/location-main.js`, as the container image runs it), so that starting it loads built JavaScript instead of
// compiling TypeScript at run time. The workspace packages are bundled from their sources
// (through tsconfig.json's `paths`, as tsx runs them); npm packages stay external and load from
// node_modules. `app/dist/inputs.json` lists what the bundle was built from, for `isBuildFresh`.
import { mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'app', 'dist');
/** The built location service (`app/location-main.ts`). */
export const BUILT_LOCATION = path.join(distDir, 'location-main.js');
/** The built application. */
export const BUILT_MAIN = path.join(distDir, 'main.js');
const INPUTS = path.join(distDir, 'inputs.json');
/** Files that shape the build without being bundled. */
const BUILD_FILES = ['app/build.mjs', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'];

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

/**
 * Builds `app/dist/main.js` from `app/main.ts` (and `app/dist/location-main.js`); returns the milliseconds it took. The bundle is
 * dated when the build began, so that a source saved during the build makes it stale.
 */
export async function buildApp() {
  const started = performance.now();
  const began = new Date();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['app/main.ts', 'app/location-main.ts'],
    outdir: distDir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    plugins: [ownFileUrls],
    logLevel: 'warning',
  });
  await mkdir(distDir, { recursive: true });
  const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_FILES];
  await writeAtomically(INPUTS, `${JSON.stringify(inputs)}\n`);
  // The bundle last: its presence and date say the build is complete.
  const bundle = result.outputFiles.find((f) => f.path === BUILT_MAIN);
  for (const f of result.outputFiles) if (f !== bundle) await writeAtomically(f.path, f.contents);
  await writeAtomically(BUILT_MAIN, bundle.contents, began);
  return performance.now() - started;
}

/** Whether `app/dist/main.js` exists and is newer than every file it was built from. */
export async function isBuildFresh() {
  let inputs;
  let builtAt;
  try {
    inputs = JSON.parse(await readFile(INPUTS, 'utf8'));
    builtAt = (await stat(BUILT_MAIN)).mtimeMs;
  } catch {
    return false;
  }
  const times = await Promise.all(
    inputs.map((file) =>
      stat(path.join(root, file)).then(
        (s) => s.mtimeMs,
        () => Number.POSITIVE_INFINITY,
      ),
    ),
  );
  return times.every((t) => t <= builtAt);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildApp();
  console.log(`Built ${path.relative(root, BUILT_MAIN)} in ${Math.round(ms)} ms`);
}
