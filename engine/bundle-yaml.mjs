// Replaces the compiled `dist/yaml-library.js` by a bundle of the same exports taken from the YAML
// library's Web build (no `process`, nothing read from the environment), with the library's
// licence on top; its declaration file goes (no public type refers to it). Run by `npm run build`
// after tsc.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const yamlDir = path.join(here, '..', 'node_modules', 'yaml');
const { version } = JSON.parse(await readFile(path.join(yamlDir, 'package.json'), 'utf8'));
const licence = (await readFile(path.join(yamlDir, 'LICENSE'), 'utf8')).trim();
await esbuild.build({
  entryPoints: [path.join(here, 'yaml-library.ts')],
  outfile: path.join(here, 'dist', 'yaml-library.js'),
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  legalComments: 'none',
  banner: { js: `/*\nyaml ${version}, Web build, bundled.\n\n${licence}\n*/` },
  logLevel: 'warning',
});
await rm(path.join(here, 'dist', 'yaml-library.d.ts'));
