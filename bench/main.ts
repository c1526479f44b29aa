/**
 * `npm run bench [-- <name>…]`: runs every `bench/*.bench.ts` (or `<name>.bench.ts` when it
 * exists, else those whose file name contains one of the given names), each in a process of its own so that one benchmark's heap,
 * servers and JIT state never skew the next one's figures; each prints its own figures.
 */
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What every benchmark file exports. */
export interface BenchmarkModule {
  /** Runs the benchmark and prints its figures. */
  run(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const [first, second] = process.argv.slice(2);

if (first === '--one' && second) {
  const mod = (await import(pathToFileURL(path.join(here, second)).href)) as BenchmarkModule;
  await mod.run();
} else {
  const filters = process.argv.slice(2);
  const files = (await readdir(here))
    .filter((f) => f.endsWith('.bench.ts'))
    // A name that is a whole benchmark's name selects just it (`opa` is not also `topaz`).
    .filter(
      (f, _, all) =>
        filters.length === 0 ||
        filters.some((name) =>
          all.includes(`${name}.bench.ts`) ? f === `${name}.bench.ts` : f.includes(name),
        ),
    )
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches ${filters.join(', ')}`);
    process.exit(2);
  }
  console.log(`# Gatehouse benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
  let failed = 0;
  for (const file of files) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--one', file],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) {
      failed++;
      console.error(`\n${file} failed (exit ${child.status ?? child.signal})`);
    }
  }
  process.exitCode = failed === 0 ? 0 : 1;
}
