/**
 * A benchmark's child script bundled into plain JavaScript. Run through tsx, each run would
 * compile (or find in tsx's cache) the sources anew, and the start-ups of two runs whose
 * difference is counted (`instruction-counts.ts`) would differ.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');

/**
 * Bundles `bench/<name>.ts` into `node_modules/.cache/gatehouse-bench/<name>.mjs` and resolves to
 * that file's path. The frameworks and the load generator stay imports, resolved from the
 * project's `node_modules` when the bundle runs, as the benchmark's own imports are.
 */
export async function bundledChild(name: string): Promise<string> {
  const outdir = path.join(root, 'node_modules', '.cache', 'gatehouse-bench');
  await mkdir(outdir, { recursive: true });
  const outfile = path.join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [path.join(here, `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    tsconfig: path.join(root, 'tsconfig.json'),
    outfile,
    external: ['hono', 'hono/*', '@hono/*', 'fastify', '@fastify/*', 'autocannon', 'undici'],
    logLevel: 'warning',
  });
  return outfile;
}
