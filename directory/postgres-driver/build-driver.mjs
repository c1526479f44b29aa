// Builds the PostgreSQL driver the engine and the application use: the `postgres` package's ES
// module build bundled into one file, with Gatehouse's closed-connection fix applied while
// bundling (the installed package is read, never rewritten), and the package's type declarations
// beside it. Run at the monorepo's `postinstall` (into `generated/`, for the sources, the tests and
// the application) and by the directory package's `npm run build` (into `dist/postgres-driver/generated/`).
//
// Usage: node directory/postgres-driver/build-driver.mjs [outDir]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CLOSED_CONNECTION_FIX, DRIVER_VERSION, FIX_MARKER } from './closed-connection-fix.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.argv[2] ?? path.join(here, 'generated'));

/** Stops the build with one line naming what is wrong. */
function fail(message) {
  console.error(`directory/postgres-driver/build-driver.mjs: ${message}`);
  process.exit(1);
}

const require = createRequire(import.meta.url);
// The package exports no package.json: its CommonJS entry is <root>/cjs/src/index.js.
const root = path.resolve(path.dirname(require.resolve('postgres')), '../..');
const { version, license, homepage } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
if (version !== DRIVER_VERSION) {
  fail(
    `postgres ${version} installed, the fix is for ${DRIVER_VERSION}: check it is still needed and update it`,
  );
}

/** Edits applied while bundling (the marker comments do not survive bundling). */
let applied = 0;
/** Applies the fix to the driver's connection module as esbuild loads it. */
const fixPlugin = {
  name: 'closed-connection-fix',
  setup(build) {
    build.onLoad({ filter: /[\\/]postgres[\\/]src[\\/]connection\.js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      // A copy edited in place by an earlier install of this repository already carries the fix.
      if (text.includes(FIX_MARKER)) {
        applied = CLOSED_CONNECTION_FIX.length;
        return { contents: text, loader: 'js' };
      }
      for (const [pattern, replacement] of CLOSED_CONNECTION_FIX) {
        if (!pattern.test(text)) fail(`${args.path} does not match the source the fix expects`);
        text = text.replace(pattern, replacement);
        applied += 1;
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const banner = `/*
postgres ${version} (${homepage}), ${license}, bundled by Gatehouse with its closed-connection fix
(directory/postgres-driver/closed-connection-fix.mjs: ${CLOSED_CONNECTION_FIX.length} edits of src/connection.js).
*/`;
await mkdir(outDir, { recursive: true });
const result = await esbuild.build({
  entryPoints: [path.join(root, 'src', 'index.js')],
  outfile: path.join(outDir, 'fixed-postgres.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  banner: { js: banner },
  plugins: [fixPlugin],
  logLevel: 'warning',
  metafile: true,
});
if (applied !== CLOSED_CONNECTION_FIX.length)
  fail(`${applied} of ${CLOSED_CONNECTION_FIX.length} fixes in the bundle`);
if (!Object.keys(result.metafile.inputs).some((input) => input.endsWith('connection.js'))) {
  fail('the bundle does not contain the connection module');
}
// The declarations are CommonJS-style (`export =`); beside an ES module they export a default.
const types = (await readFile(path.join(root, 'types', 'index.d.ts'), 'utf8')).replace(
  /^export = postgres;$/m,
  'export default postgres;',
);
if (!types.includes('export default postgres;'))
  fail('the type declarations do not end in `export = postgres`');
await writeFile(path.join(outDir, 'fixed-postgres.d.ts'), `${banner}\n${types}`);
