/**
 * `npm run bench [-- <name>…]`: runs every `bench/*.bench.ts` (or those whose file name
 * contains one of the given names) in turn; each prints its own figures.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What every benchmark file exports. */
export interface BenchmarkModule {
  /** Runs the benchmark and prints its figures. */
  run(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}`);
  process.exit(2);
}
console.log(`# Gatehouse benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as BenchmarkModule;
  await mod.run();
}
