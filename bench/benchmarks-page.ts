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
    "The instructions a request runs through the Hono gate, the middleware and the minimal check, against the bare route, counted by valgrind's cachegrind in process: the same figures from run to run, where times on these machines move twice over between processes.",
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
    the machine weighs on them alike; its faster swings remain, and on the 2-core virtual machines
    of these figures one run resolves differences of about ±2.5–11 % (the A/A line says how much in
    each run).

    **Why not all at once.** These benchmarks used to load every server at the same time, on one
    processor: whatever slowed the machine down in a window then fell on every server alike, and
    intervals were a few percent wide. But the servers then take turns on that processor many times
    a second, and each turn costs a server in proportion to the code and data its requests touch,
    so the method penalizes whichever variant does more, and the more servers share the processor,
    the more. \`HTTP_BENCH_TOGETHER=1 npm run bench -- hono\` still measures that way; on a 2 × AMD
    EPYC machine it put the bare route at 191 µs of CPU per request and a middleware doing nothing
    (about 1 µs in process) at 0.82 of it, adding 44 µs; in two runs in turns, on the same machine
    and the same day, the bare route took 65 and 70 µs and the same middleware kept 0.95 and 0.89
    of it, adding 3 and 10 µs. The gate's ratio went from 0.66 at once to 0.85 and 0.87 in turns.
    The figures below were all taken in turns.

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

    **What the figures say.** Over HTTP, a cache hit costs the server several times what the same
    steps cost in a loop in process: on the 2 × AMD EPYC machine of the figures below, Fastify's
    hook takes 0.63 µs in process and adds 5.8 µs of CPU per request over HTTP (10.6 µs in the
    recording before); Hono's gate 2.0 and 9.8 µs (1.3 and 14.4 µs before). In a server, between two authorizations each request runs through the
    kernel's network stack, the HTTP parser, the streams and the framework, which leave little of
    the authorization's code and data in the processor's caches. The *minimal check* rows show what
    the least authorization costs there: the caller's header, the method and the URL looked up in
    a map, read from Node's request as it was parsed (Hono's \`env.incoming\`, Fastify's
    \`request.headers\`); no route, policy path, resource context or record. On Hono it kept
    1.03 [0.96–1.05] of the bare route in the recorded run (0.94, 0.99, 1.04, 0.93 and 1.00 in the
    five before, 0.94–0.98 in three more runs), so Hono's target, 0.92, lies above the machine's
    floor and most of what the gate adds is its own; on Fastify it kept 0.99 [0.91–1.01] in the
    recorded run (0.91, 1.01, 0.92 and 0.98 in four earlier runs), around Fastify's target, 0.95.
    Taken apart on Hono (runs in turns of 30 and 36 blocks, the gate beside the same gate stopped
    after each step of its decision, in the same blocks), the gate's own steps — the path, the route match, the request its providers
    read, the hand-over to Hono — kept 0.99 of the bare route (about 1 µs); the identity and
    resource context providers with their checks took about 4 µs more, the cache key's walk about
    3, the lookup less than a run resolves, the decision's record about 1.5. Core's decision on a
    cache hit, about 1.1 µs in a loop in process, takes 8–9 µs of server CPU per request there (8.6,
    9.4 and 9.1 µs in three shorter runs), and no single step of it dominates. The same minimal
    check reading the header through the Fetch API (\`request.headers.get()\`, which builds
    \`@hono/node-server\`'s \`Headers\`) added 8.5 µs in an earlier run. On that machine a system
    call is dear (the write of each response alone takes about 45 µs of the
    bare route's 65–75), so the ratios say less about the code than they would on a faster
    machine, and they move from run to run more than one run's interval says. Hono's benchmark also
    times each request in process right after touching 1 MiB of memory (a core's L2 cache there;
    \`bench/evicted-caches.ts\`), which brings back the server's order of magnitude in seconds: the
    gate added 3.0 µs there against 2.0 µs in the loop, the middleware 5.4 µs, the minimal check
    1.7 µs — what a request pays for is what it brings back into the caches. Each row of Hono's
    in-process tables is measured in 5 fresh processes (\`bench/process-samples.ts\`), its figure
    the median of theirs and its range the spread between them: the same code measured 1.0–2.2 µs
    per request from one process to the next, more than the rounds of any one process vary (see
    *Instructions, counted* below). The loop runs again in Bun and
    Deno (the project's peers, \`bench/other-runtimes.ts\`), whose Fetch \`Request\` is native where
    Node's is undici's, in JavaScript: in the recorded run the gate added 1.64 µs there in Bun 1.4.4
    and 1.56 µs in Deno 2.9.6, against 2.01 µs in Node through the Fetch request (the minimal check
    0.52, 0.86 and 1.39 µs; the gate 0.87, 0.86 and 1.27 µs in the recording before, whose
    processes ran faster). The in-process tables and the
    step breakdowns tell where the time goes; the HTTP ratios tell what a server keeps.

    **What code costs there.** \`npx tsx bench/http-code-footprint.ts\` puts the same arithmetic in
    front of the bare Hono route twice, spread over 100 small functions (about 30 KB of compiled
    code) and looped through one function, and loads both over HTTP in the same blocks (about 4
    minutes). On the machine of the figures below both took about 3 µs in a loop; over HTTP the
    first added 11.5 µs of server CPU per request and the second 5.0 µs (ratios 0.863
    [0.805–0.877] and 0.935 [0.877–0.981], the A/A pair resolving ±4.6 %). A server pays for the
    size of the code a request runs as much as for its instructions, and a cache hit through the
    gate and core runs code of about that size: the optimized code of the functions on its path
    adds up to about 37 KB (\`node --log-code\`), against a core's 32 KB instruction cache. The
    way to the HTTP targets is a hit that runs much less code, not fewer steps of the same code.

    **Instructions, counted.** On the virtual machines of these figures, a process's speed is set
    when it starts and sometimes changes while it runs: the bare Hono route took 0.64 µs per
    request in a loop in one process and 1.3 µs in the next, the same code, and whatever a
    request through the gate adds moves with it (about 0.9 µs in the fast processes, 1.8 µs in
    the slow ones). Arithmetic alone does not move; reading memory does (a loop over a few
    hundred kilobytes of objects took 4.7 ns per step in one process, 8–9 ns in others). The
    in-process tables take the median over 5 processes, so their figure depends on how many of
    them were fast. \`npm run bench -- hono-instructions\` counts instead of timing: valgrind's
    cachegrind runs the same loop with V8 made deterministic and counts the instructions and the
    first-level cache misses per request, the same figures in every run to within a few
    instructions (about 18 minutes). A
    change too small for the timed tables to tell apart (a few percent) shows there; what it
    is worth in time, the timed tables say. Its cache misses bear out the reading above: in the
    loop, the bare route misses the simulated 32 KB instruction cache 15 times per request, a
    request through the gate 466 times and through the middleware 719 — the code of a hit does
    not fit beside Hono's, even with nothing else running. Its second table counts each request
    with the first-level caches emptied before it (\`bench/first-level-flush.ts\`), as a server's
    request finds them: what a request adds there is the lines of code and data it brings back,
    and it ranks the applications as the HTTP rounds do (the minimal check, then a no-op async
    middleware, the gate, the middleware) — a deterministic stand-in for the HTTP figures, where
    a change's effect on the hot loop's count can differ from its effect on a server.

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
