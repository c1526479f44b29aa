// Replaces the compiled `dist/yaml-library.js` (the manifest reader's YAML) by a bundle of the same
// exports from the YAML library's Web build, with the library's licence on top, and removes its
// declaration file (no public type refers to it). Run by `npm run build` after tsc. The library's
// Node build reads two debugging variables from the environment on every parse, which needs
// `--allow-env` on Deno and fails where there is no `process`. (`@gatehousejs/rego` bundles its own
// copy for policies' metadata and the YAML built-ins, in the same way.)
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundles `<name>-library.ts` into `dist/`, from the library `library` in the root node_modules. */
async function bundle(name, library, description, define = {}) {
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
  await rm(path.join(here, 'dist', `${name}-library.d.ts`));
}

await bundle('yaml', 'yaml', 'Web build');
