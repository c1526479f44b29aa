/**
 * `npm run bench:docs`: writes `docs/benchmarks/index.md` from the recorded outputs in
 * `bench/results/` (`npm run bench -- --record <name>…`): one section per benchmark with the
 * command, date, machine and load it ran under, then its own figures as printed. Nothing is
 * typed in by hand, so the page says exactly what the last recorded run measured.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(here, 'results');
const PAGE = path.join(here, '..', 'docs', 'benchmarks', 'index.md');

/** What each benchmark measures, for the page (the benchmark's own header says more). */
const ABOUT: Readonly<Record<string, string>> = {
  hono: 'The Hono gate and middleware on a decision-cache hit, over HTTP (each server in its own process, the load from another one), and where their time goes step by step.',
  fastify:
    'The Fastify plugin beside the Hono gate and middleware, over HTTP (each server in its own process, the load from another one).',
  'engine-batch': 'The per-document cost of authorizing a 1,000-document list with the embedded engine.',
  'directory-scale':
    'The PostgreSQL relation store from 1,000 to 10,000,000 relations generated with SQL, loaded whole (`snapshot`) and on demand. A cold check is the first check of a document the process has never read, after the first checks since its start (printed apart); beside it, a bare round trip to PostgreSQL taken between the cold checks, and the CPU and disk reads per check ([what the figures mean](../guides/directory-model.md)).',
  'app-start': '`npm start` to `/health` 200, cold and warm, and the idle memory of the application.',
  'access-log-store':
    "PostgreSQL's CPU for the access log (writing a list's decisions, reading pages of one document's log) before migration 15 and now, side by side.",
  app: "The document application over HTTP: one document and a 1,000-document list, authorization on and off, with PostgreSQL's CPU beside the application's.",
};

const INTRO = `# Benchmarks

Figures printed by \`npm run bench\` (see \`bench/\`), recorded with \`npm run bench -- --record <name>\` and
turned into this page by \`npm run bench:docs\`. Each section names the command, the date, the machine
and its load average while it ran. \`npm run bench -- --record\` runs and records every benchmark (every
target of the project) in one go; \`npm run bench:docs\` then rewrites this page.

!!! note "Reading the figures"
    Targets are stated for a quiet 2-core machine (load average below 2), and each section gives the
    load while it ran: a figure taken on a busy machine is not a verdict on its own. Absolute figures
    (requests per second, microseconds, seconds to start) move with the load; the **ratios** do not
    as much, because every benchmark runs its variants side by side in interleaved rounds, and
    reports medians with their ranges.

!!! note "HTTP benchmarks: verdicts on server CPU per request"
    \`hono\` and \`fastify\` run each server variant alone in a process of its own (so that no variant's
    heap, garbage collection or JIT feedback weighs on another's), load them from a separate process
    (16 keep-alive connections, one request in flight on each) in interleaved rounds, and read each
    server process's CPU to the nanosecond from the scheduler (\`/proc/<pid>/task/*/schedstat\`, every
    thread of the process). Each variant's requests per second and CPU per request are printed with
    their medians and ranges over the rounds. A target such as "≥ 0.95 of the throughput without
    authorization" is judged on the **CPU ratio** — the baseline's CPU per request over the variant's,
    the throughput ratio a CPU-bound server reaches with the same share of a processor — because on a
    shared machine the throughput of a short round follows whatever else runs; the throughput ratio is
    printed beside it with its own verdict.

!!! tip "Where a server's CPU goes"
    \`npx tsx bench/http-profile.ts '<variant>' [requests]\` (a variant of \`bench/http-variants.ts\`, such
    as \`'fastify + authzPlugin'\` or \`hono\`) runs that server alone with \`--cpu-prof\` under the same
    load and prints its functions by self and total time, each with its share of the measured CPU per
    request; run it for a variant and its baseline to compare them function by function.
`;

/** Writes the page; returns how many benchmarks it holds. */
export async function writeBenchmarksPage(): Promise<number> {
  const files = (await readdir(RESULTS).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort();
  const sections: string[] = [];
  for (const file of files) {
    const name = file.replace(/\.md$/, '');
    const text = await readFile(path.join(RESULTS, file), 'utf8');
    // The recorded header (command, date, machine, load) ends at the first blank line.
    const [header = '', ...rest] = text.replace(/^<!--.*-->\n/, '').split('\n\n');
    const body = rest
      .join('\n\n')
      .replace(/^# Gatehouse benchmarks.*\n?/m, '')
      .replace(/^## /gm, '### ')
      .trim();
    sections.push(`## ${name}\n\n${ABOUT[name] ?? ''}\n\n${header.trim()}\n\n${body}\n`);
  }
  await writeFile(PAGE, `${INTRO}\n${sections.join('\n')}`);
  return files.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = await writeBenchmarksPage();
  console.log(`Wrote ${path.relative(process.cwd(), PAGE)} from ${count} recorded benchmark(s)`);
}
