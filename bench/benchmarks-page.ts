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
  hono: 'The Hono gate and middleware on a decision-cache hit, over HTTP (each server in its own process, the load from another one, with an A/A check), and where their time goes step by step.',
  fastify:
    'The Fastify plugin on a decision-cache hit, over HTTP (each server in its own process, the load from another one, with an A/A check), and where its hook spends its time step by step.',
  'engine-batch': 'The per-document cost of authorizing a 1,000-document list with the embedded engine.',
  'directory-scale':
    'The PostgreSQL relation store from 1,000 to 10,000,000 relations generated with SQL, loaded whole (`snapshot`) and on demand. A cold check is the first check of a document the process has never read, after the first checks since its start (printed apart); beside it, a bare round trip to PostgreSQL taken between the cold checks, and the CPU and disk reads per check ([what the figures mean](../guides/directory-model.md)).',
  'directory-search':
    "PostgreSQL's search for the documents a user can read (what a list pages through), at 1,000 and 10,000 readable documents per user, beside the previous query and index on the same rows ([how it works](../guides/directory-model.md)).",
  'app-start': '`npm start` to `/health` 200, cold and warm, and the idle memory of the application.',
  'access-log-store':
    "PostgreSQL's CPU for the access log (writing a list's decisions, reading pages of one document's log) before migration 15 and now, side by side.",
  'rego-numbers':
    "The cost of OPA's number model in the embedded engine: integer and float arithmetic on the fast path beside the same operations through the `big.Float` emulation, and a policy rule computing a ratio.",
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

!!! note "HTTP benchmarks: how \`hono\` and \`fastify\` measure"
    **Processes.** Each server variant runs alone in a process of its own (so that no variant's heap,
    garbage collection or JIT feedback weighs on another's), loaded from a separate process, each
    server on 8 keep-alive connections of its own with one request in flight on each. With
    \`taskset\`, the servers share one processor and the load generator has another.

    **All at once.** Every measured window loads every variant's server at the same time, taking
    them in a new order each window (none is always the first the load generator serves). Within
    the window the load generator counts each server's responses and reads its process's CPU time
    (every thread, to the nanosecond, from \`/proc/<pid>/task/*/schedstat\`) at both ends — CPU time,
    not wall time. On the 2-core virtual machine of the figures below, the speed of the machine
    swings from one second to the next: the same server process, loaded in turns with others, took
    39 µs of CPU per request in one quarter of a second and 21 µs a few seconds later. Loaded in turns, each
    variant met those swings at other moments, and one run could not resolve differences under
    ±10 % (Hono) to ±30 % (Fastify). Loaded at once, on one processor, every server in a window
    meets the same swings, and the ratio of two servers' CPU per request taken in that window is
    free of them: the interval of one run's A/A pair is now a few percent wide or less. Two
    processes of the same server can still differ by about 1 % (an A/A check with fewer, longer
    windows gave 0.992 [0.989–0.995]), so a difference under about 2 % is not to be read from one
    run, whatever its interval. The more servers share the processor, the wider the interval: with
    the eight servers of every variant at once, the A/A pair's came out 0.95 [0.91–0.99], and
    1.04 [0.95–1.08] once the servers' order changed in each window; so each benchmark loads
    four or five.

    **Blocks of fresh processes.** A block is a set of fresh server processes, started in a random
    order (a process's place in the start-up sequence may bring something of its own) and warmed
    up for 2 s, then 6 windows of 0.1 s of warm-up and 0.5 s measured; the next block starts fresh
    processes again, so whatever one process's life brings (the JIT's decisions, the heap's layout)
    varies from block to block and widens the interval instead of shifting the median. The seed of
    these orders is new for each run and printed with its figures (\`HTTP_BENCH_SEED\` repeats
    it).

    **Statistics.** Each comparison gives one ratio per block: the baseline's CPU per request over
    the variant's, over the block's windows together (the throughput a CPU-bound server keeps with
    the same share of a processor), with the throughput ratio beside it, and the median of the
    block's per-window ratios (which leaves out a window one server's own hiccup spoiled, and so
    would flatter a variant whose hiccups are its own cost: it is printed, not judged on). Ratios
    outside Tukey's fences (1.5 × the interquartile range beyond the quartiles, on their logarithms)
    are dropped, and the column \`kept\` says how many remain. The median of the rest is printed with
    its 95% bootstrap interval (2,000 resamples, fixed seed, so the same samples print the same
    interval) and the interquartile range. A target such as "≥ 0.95 of the throughput without
    authorization" is **met** when the whole interval is at or above it, **MISSED** when it is
    wholly below, and **too close to call** when the interval holds it.

    **A/A check.** Each run also loads the bare server twice, in two processes, and compares them like
    any other pair: the ratio should be 1.00, and its interval, widened by the 1 % two processes of
    one server may differ by anyway, is the resolution of that run. If 1 lies farther from it, the
    run says so and its verdicts are not to be trusted. To check the method on a
    given machine, \`npx tsx bench/http-aa-check.ts [variant] [passes]\` runs only A/A comparisons,
    with the benchmarks' settings and with variations of them (unpinned; fewer and longer windows;
    among every other server variant), about 10 minutes a pass.

    **What the figures say.** Over HTTP, a cache hit costs the server several times what the same
    steps cost in a loop in process: Fastify's hook takes 0.31 µs in process and adds 1.7 µs of
    CPU per request over HTTP in the run below (2.8 and 3.2 µs in two others); Hono's gate 1.16 µs
    and 5.4 µs. In a server, each request
    runs through the HTTP parser, the streams and the framework in between, which leave little of
    the authorization's code and data in the processor's caches from one request to the next, and
    a CPU profile of the server puts the added time in the authorization's own functions — the
    decision-cache key's walk first. And that cost moves with the
    machine's state from run to run, more than the interval of one run says: four runs of
    \`npm run bench -- hono\` on the machine below put the gate's CPU ratio at 0.75 [0.72–0.79], 0.83
    [0.77–0.84], 0.82 [0.79–0.86] and 0.82 [0.76–0.84], with the A/A pair at 1 in each.
    The in-process tables and the step breakdowns tell where the time goes; the HTTP ratios tell
    what a server keeps.

!!! tip "Where a server's CPU goes"
    \`npx tsx bench/http-profile.ts '<variant>' [seconds]\` (a variant of \`bench/http-variants.ts\`, such
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
