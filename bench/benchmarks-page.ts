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
  hono: 'The Hono gate and middleware on a decision-cache hit, over HTTP (each server in its own process, the load from another one, with an A/A check), beside the least any authorization does (a minimal check), in process in Node, Bun and Deno, and where their time goes step by step.',
  fastify:
    'The Fastify plugin on a decision-cache hit, over HTTP (each server in its own process, the load from another one, with an A/A check), beside the least any authorization does (a minimal check), and where its hook spends its time step by step.',
  'hono-instructions':
    "The instructions a request runs through the Hono gate, the middleware and the minimal check, against the bare route, counted by valgrind's cachegrind in process: the instructions nearly the same from run to run (the cache misses move by 15 to 20 with where the code lands in memory), where times on these machines move twice over between processes.",
  'fastify-instructions':
    "What the Fastify plugin's hook adds to a request on a cache hit, beside the minimal check's, with the processor's first-level caches emptied before each call, counted by valgrind's cachegrind: the lines of code and data a server's request brings back, which move by 15 to 20 between two builds of the same code.",
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
    \`taskset\`, the servers run on one processor and the load generator on another.

    **In turns.** In every measured window each variant's server is loaded alone, one after the
    other, in a new order each window (none is always the first), as a server runs where it is
    deployed: with a processor to itself. The load generator counts each server's responses and
    reads its process's CPU time (every thread, to the nanosecond, from
    \`/proc/<pid>/task/*/schedstat\`) at both ends of its window — CPU time, not wall time. The
    windows are short, so a window's variants follow each other within seconds and a slow drift of
    the machine weighs on them alike; its faster swings remain, and the A/A line of each run says
    what they leave it able to resolve.

    **Why not all at once.** These benchmarks used to load every server at the same time, on one
    processor. The servers then take turns on that processor many times a second, and each turn
    costs a server in proportion to the code and data its requests touch: the method penalizes
    whichever variant does more, and the more servers share the processor, the more (it once put
    a middleware doing nothing at 0.82 of the bare route, where loading in turns gave 0.89–0.95).
    \`HTTP_BENCH_TOGETHER=1 npm run bench -- hono\` still measures that way.

    **Blocks of fresh processes.** A block is a set of fresh server processes, started in a random
    order (a process's place in the start-up sequence may bring something of its own) and warmed
    up together for 2 s, then 6 windows of 0.1 s of warm-up and 0.5 s measured; the next block starts fresh
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
    all at once; among every other server variant, in turns and all at once), about 15 minutes a pass.

    **Reading the HTTP figures.** Over HTTP, a cache hit costs the server several times what the
    same steps cost in a loop in process. In a server, between two authorizations each request runs
    through the kernel's network stack, the HTTP parser, the streams and the framework, which leave
    little of the authorization's code and data in the processor's caches: a request pays for the
    code it runs and the data it reads more than for its instructions. The *minimal check* rows show
    what the least authorization costs there: the caller's header, the method and the URL looked up
    in a map, read from Node's request as it was parsed (Hono's \`env.incoming\`, Fastify's
    \`request.headers\`), with no route, policy path, resource context or record. The in-process
    tables and the step breakdowns tell where the time goes; the HTTP ratios tell what a server
    keeps. Two runs of the same code can differ by more than either's interval says, so a change is
    judged with both builds in the same blocks.

    **In process.** Each row of Hono's in-process tables is measured in 5 fresh processes
    (\`bench/process-samples.ts\`), its figure the median of theirs and its range the spread between
    them: on these virtual machines a process's speed is set when it starts, and the same code
    measures up to twice as fast in one process as in the next. One table times each request right
    after touching 1 MiB of memory (a core's L2 cache; \`bench/evicted-caches.ts\`), which brings
    back the server's order of magnitude in seconds. The loop runs again in Bun and Deno (the
    project's peers, \`bench/other-runtimes.ts\`), whose Fetch \`Request\` is native where Node's is
    undici's, in JavaScript.

    **What code costs there.** \`npx tsx bench/http-code-footprint.ts\` puts the same arithmetic in
    front of the bare Hono route twice, spread over 100 small functions (about 30 KB of compiled
    code) and looped through one function, and loads both over HTTP in the same blocks (about 4
    minutes). Both take about 3 µs in a loop; over HTTP, on the machine it was run on, the first
    added 11.5 µs of server CPU per request and the second 5.0 µs. A server pays for the size of
    the code a request runs as much as for its instructions.

    **Instructions, counted.** \`npm run bench -- hono-instructions\` counts instead of timing:
    valgrind's cachegrind runs the in-process loop with V8 made deterministic and counts the
    instructions and the first-level cache misses per request (about 5 minutes): the instructions
    the same in every run to within a few tens, the misses to within 15 to 20, which move with
    where the code lands in memory. A change too small for the timed tables to tell
    apart (a few percent) shows there; what it is worth in time, the timed tables say. Its second
    table counts each request with the first-level caches emptied before it
    (\`bench/first-level-flush.ts\`), as a server's request finds them: what a request adds there is
    the lines of code and data it brings back, and it ranks the applications as the HTTP rounds do.
    \`npm run bench -- fastify-instructions\` counts the Fastify plugin's hook the same way, with the
    caches emptied before each call (about 2 minutes). Neither count sees what the process runs
    between requests (a timer, a collection), which only the HTTP rounds do.

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
