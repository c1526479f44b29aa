/**
 * `npm run bench [-- [--record] <name>…]`: runs every `bench/*.bench.ts` (or `<name>.bench.ts` when it
 * exists, else those whose file name contains one of the given names), each in a process of its own so that one benchmark's heap,
 * servers and JIT state never skew the next one's figures; each prints its own figures. With
 * `--record`, each benchmark's output is also kept in `bench/results/<name>.md` (with the date,
 * machine and load), from which `npm run bench:docs` writes the benchmarks page of the docs.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadNow, machineLine } from './rounds.ts';

/** What every benchmark file exports. */
export interface BenchmarkModule {
  /** Runs the benchmark and prints its figures. */
  run(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const [first, second] = process.argv.slice(2);

/** Runs one benchmark file in a child process, its output shown as it comes (and returned). */
function runChild(file: string): Promise<{ status: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--one', file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

/** Keeps a benchmark's output with when, where and under what load it ran. */
async function record(file: string, output: string, startedAt: Date, loadBefore: number): Promise<void> {
  const name = file.replace(/\.bench\.ts$/, '');
  const header = [
    `<!-- npm run bench -- --record ${name} -->`,
    `- Command: \`npm run bench -- ${name}\``,
    `- Date: ${startedAt.toISOString()}`,
    `- ${machineLine().replace(/, load average.*$/, '')}`,
    `- Load average (1 min): ${loadBefore.toFixed(1)} at the start, ${loadNow().toFixed(1)} at the end`,
    `- Duration: ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`,
    '',
    '',
  ];
  await mkdir(path.join(here, 'results'), { recursive: true });
  await writeFile(path.join(here, 'results', `${name}.md`), `${header.join('\n')}${output.trim()}\n`);
}

if (first === '--one' && second) {
  const mod = (await import(pathToFileURL(path.join(here, second)).href)) as BenchmarkModule;
  await mod.run();
} else {
  const recording = process.argv.includes('--record');
  const filters = process.argv.slice(2).filter((a) => a !== '--record');
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
  const began = Date.now();
  for (const file of files) {
    const startedAt = new Date();
    const loadBefore = loadNow();
    const child = await runChild(file);
    if (child.status !== 0) {
      failed++;
      console.error(`\n${file} failed (exit ${child.status})`);
    } else if (recording) {
      await record(file, child.output, startedAt, loadBefore);
    }
    console.log(`\n(${file}: ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s)`);
  }
  const minutes = (Date.now() - began) / 60_000;
  console.log(`\n${files.length} benchmark(s) in ${minutes.toFixed(1)} min, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}
