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
    garbage collection or JIT feedback weighs on another's), loaded from a separate process over 16
    keep-alive connections, one request in flight on each. On a quiet machine with \`taskset\`, the
    servers are pinned to one processor and the load generator to another; on a busy one (load average
    at or above the processor count) nothing is pinned — a pinned server would share its processor
    with whatever runs there — and the output says which.

    **Timed segments in mirrored blocks.** A block runs every variant in an order and then in its
    mirror (\`BCA ACB\`), twice over, so four times each; each run is a segment of 0.1 s of warm-up
    followed by 0.25 s measured. Within the measured window the load generator counts the responses
    and reads the server process's CPU time (every thread, to the nanosecond, from
    \`/proc/<pid>/task/*/schedstat\`) at both ends — CPU time, not wall time, so the time other work
    takes the processor away is not counted. Every variant has the same mean position in the block,
    so a change of the machine's speed that is linear over the block cancels out of every ratio
    taken in that block.

    **The least disturbed segment.** What else runs on the machine (another process on the same core
    or on its sibling, the hypervisor's own work) only ever adds CPU time to a window, in bursts that
    fall on one segment and not on its neighbours: in a segment hit by one, the same server's CPU per
    request comes out 30–100 % higher than in the segments around it. So a variant's figure in a
    block is its least disturbed segment — the lowest CPU per request of its four — the same
    estimator for every variant; the ratios of whole blocks (every segment summed) are printed
    beside it.

    **Balanced orders.** A segment leaves something behind for the next one (caches and branch
    predictors warmed by another server, the idle work of the process that ran just before), and a
    process's place in the start-up sequence may bring something of its own. So the orders of the
    blocks form a Williams design: over every cycle of as many blocks as there are variants, each
    variant follows each other one exactly twice; the variants are relabelled at random from one
    cycle to the next, and every fresh set of server processes starts in a random order. The seed
    is new for each run and printed with its figures (\`HTTP_BENCH_SEED\` repeats a run's orders), so
    that no order, and no bias an order may carry, repeats from run to run.

    **Statistics.** Each comparison gives one ratio per block: the baseline's CPU per request over the
    variant's (the throughput a CPU-bound server keeps with the same share of a processor), with the
    whole blocks' ratio and the throughput ratio beside it. Ratios outside Tukey's fences (1.5 × the interquartile range beyond the
    quartiles, on their logarithms) are dropped, and the column \`kept\` says how many remain. The
    median of the rest is printed with its 95% bootstrap interval (2,000 resamples, fixed seed, so the
    same samples print the same interval) and the interquartile range. A target such as "≥ 0.95 of
    the throughput without authorization" is **met** when the whole interval is at or above it,
    **MISSED** when it is wholly below, and **too close to call** when the interval holds it.

    **Fresh processes.** Every few blocks all server processes are stopped and fresh ones started
    and warmed up, so whatever one process's life brings (the JIT's decisions, the heap's layout)
    varies from block to block and widens the interval instead of shifting the median.

    **A/A check.** Each run also loads the bare server twice, in two processes, and compares them like
    any other pair: the ratio should be 1.00, and its interval is the resolution of that run. If 1 is
    outside it, the run says so and its verdicts are not to be trusted. With fixed orders (a rotation,
    or a shuffle drawn from the same seeds in every run) and the processes started in the variants'
    order, the A/A pair of the seven-server run came out at 0.75–0.78 in every quiet run on the
    2-core machine of the figures below; the same servers in orders drawn from another seed gave
    0.99. Whatever a segment leaves to the next one, or a process's place in the start-up sequence,
    fell on the same variant every time. With the balanced orders and random start-up orders it
    holds 1 (1.15 for Fastify and 1.07 for Hono in the runs below, 1.01 and 1.05 in two other Fastify
    runs), but the resolution of one run there is wide: about ±10 % for Hono's
    five servers and ±30 % for the seven of the Fastify run, whose blocks vary from 0.8 to 1.3 for
    the same server. So on that machine the HTTP verdicts of the gate, the middleware and the plugin
    (targets 0.92 and 0.95) come out "too close to call" (the middleware at times "MISSED"); the
    in-process figures and the step
    breakdowns are what tell their cost. To check the method on a given machine,
    \`npx tsx bench/http-aa-check.ts [variant] [passes]\` runs only A/A comparisons, with the
    benchmarks' settings and with variations of them (pinned, unpinned, shorter and longer segments,
    and among every other server variant), about 8 minutes a pass.

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
