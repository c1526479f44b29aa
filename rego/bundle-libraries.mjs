// Replaces two compiled modules by bundles of the same exports, each with its library's licence on
// top. Run by `npm run build` after tsc.
// - `dist/yaml-library.js`: from the YAML library's Web build (its Node build reads two debugging
//   variables from the environment on every parse). It is also the entry `@gatehousejs/rego/yaml`
//   (the engine reads its manifests with it, so an application carries the library once); its
//   declaration file, which re-exports the library's types, stays.
// - `dist/graphql-library.js`: from the GraphQL library, with `process.env.NODE_ENV` fixed to
//   `production` (the library reads it when it is loaded).
// Either read would need `--allow-env` on Deno and fails where there is no `process`. The GraphQL
// bundle's declaration file is removed (no public type refers to it).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundles `<name>-library.ts` into `dist/`, from the library `library` in the root node_modules. */
async function bundle(name, library, description, { define = {}, keepTypes = false } = {}) {
  const libraryDir = path.join(here, '..', 'node_modules', library);
  const { version } = JSON.parse(await readFile(path.join(libraryDir, 'package.json'), 'utf8'));
  const licence = (await readFile(path.join(libraryDir, 'LICENSE'), 'utf8')).trim();
  await esbuild.build({
    entryPoints: [path.join(here, `${name}-library.ts`)],
    outfile: path.join(here, 'dist', `${name}-library.js`),
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    define,
    legalComments: 'none',
    banner: { js: `/*\n${library} ${version}, ${description}, bundled.\n\n${licence}\n*/` },
    logLevel: 'warning',
  });
  if (!keepTypes) await rm(path.join(here, 'dist', `${name}-library.d.ts`));
}

await bundle('yaml', 'yaml', 'Web build', { keepTypes: true });
await bundle('graphql', 'graphql', 'NODE_ENV production', {
  define: { 'process.env.NODE_ENV': '"production"' },
});
