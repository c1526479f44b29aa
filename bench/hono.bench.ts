/**
 * `npm run bench -- hono`: requests per second of a Hono route (`@hono/node-server`) with
 * `authzGate` and with `authzMiddleware` answering from the decision cache, against the same route
 * without authorization, behind a no-op middleware and behind the least any authorization does (a
 * map lookup by the caller's header, method and URL), over HTTP on 127.0.0.1 — each server alone in
 * a process of its own, loaded in turns from another process (8 connections each), in blocks of
 * measured windows (`http-rounds.ts`), with an A/A check (the bare route in a second process); and
 * the middleware's own cost in process (`app.fetch`), in a loop and with the processor's caches
 * evicted before each request (`evicted-caches.ts`, closer to what a server pays), each row in
 * fresh processes of its own (`hono-in-process-child.ts`, `process-samples.ts`), and the loop
 * again in Bun and Deno, whose Fetch request is native (`other-runtimes.ts`). Targets: ≥ 0.92
 * of the bare route, judged on the interval of the ratio of server CPU per request (the throughput
 * ratio beside it; see `http-comparison.ts`), and added CPU ≤ 1.5 µs per request in the loop (the
 * gate; the middleware's figures beside it).
 *
 * `HONO_BENCH_PARTS=in-process npm run bench -- hono` runs only the in-process tables (about
 * 4 minutes); `HONO_BENCH_PARTS=http` only the HTTP rounds (default both).
 */
import { fileURLToPath } from 'node:url';
import { EVICTED_BYTES, type EvictedRounds } from './evicted-caches.ts';
import type { Environment, LoopRounds, Variant } from './hono-apps.ts';
import type { InProcessJob } from './hono-in-process-child.ts';
import { middlewareSteps } from './hono-steps.ts';
import { aaLine, comparisonRow, methodLines, variantRow } from './http-comparison.ts';
import { httpRounds, plannedSeconds, secondProcess } from './http-rounds.ts';
import { BENCHMARK_ROUNDS } from './http-variants.ts';
import { printTable } from './measure.ts';
import { bunRuntime, denoRuntime } from './other-runtimes.ts';
import { mediansOfProcesses, type Runtime } from './process-samples.ts';
import { machineLine, median, range } from './rounds.ts';

const TARGET_RATIO = 0.92;
const TARGET_ADDED_MICROS = 1.5;
/** Fresh processes per in-process row; each one's rounds (requests per application and round). */
const PROCESSES = 5;
const LOOP: LoopRounds = { rounds: 10, requests: 40_000 };
/** Each process's rounds with the caches evicted before each request. */
const EVICTED: EvictedRounds = { rounds: 10, pairs: 1_000, warmup: 2_000 };
const CHILD = fileURLToPath(new URL('./hono-in-process-child.ts', import.meta.url));
/** Over HTTP: the benchmarks' rounds (6 servers loaded in turns, about 570 s). */
const HTTP = BENCHMARK_ROUNDS;
/** Which parts run: `http`, `in-process` (comma-separated; default both). */
const PARTS = new Set((process.env.HONO_BENCH_PARTS ?? 'http,in-process').split(',').map((p) => p.trim()));

/** A row of the in-process table; `targeted` rows are judged against the target, the others are for scale. */
function addedCpuRow(name: string, added: number[], targeted = true): Record<string, string> {
  const cost = median(added);
  const verdict = cost <= TARGET_ADDED_MICROS ? 'met' : 'MISSED';
  return {
    authorization: name,
    'added CPU per request': `${cost.toFixed(2)} µs`,
    range: range(added, (x) => x.toFixed(2)),
    [`target ≤ ${TARGET_ADDED_MICROS} µs`]: targeted ? verdict : '—',
  };
}

const HONO_VARIANTS = [
  'hono + authzGate',
  'hono + authzMiddleware',
  'hono',
  'hono + no-op middleware',
  'hono + minimal check',
  secondProcess('hono'),
];

/** Runs the Hono benchmark and prints its figures. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  if (PARTS.has('http')) await overHttp();
  if (PARTS.has('in-process')) await inProcess();
}

/** The servers loaded over HTTP, side by side. */
async function overHttp(): Promise<void> {
  console.log(
    `Over HTTP: ${HONO_VARIANTS.length} servers, about ${Math.round(plannedSeconds(HTTP, HONO_VARIANTS.length))} s…`,
  );
  const result = await httpRounds(HONO_VARIANTS, HTTP);
  const title = `GET /api/documents/:id over HTTP, cache hit, each server in its own process, ${HTTP.together ? 'all loaded at once' : 'loaded in turns'} from another process (${HTTP.connections} conn. each), ${HTTP.blocks} blocks of ${HTTP.windows} windows of ${HTTP.windowSeconds} s (medians and ranges over the blocks)`;
  printTable(
    `hono: ${title}`,
    HONO_VARIANTS.map((name) => variantRow(result, name)),
  );
  printTable('hono: the same blocks side by side (per-block ratios: median, 95% interval, IQR)', [
    comparisonRow(result, 'hono + authzGate', 'hono', TARGET_RATIO),
    comparisonRow(result, 'hono + authzMiddleware', 'hono', TARGET_RATIO),
    comparisonRow(result, 'hono + no-op middleware', 'hono'),
    comparisonRow(result, 'hono + minimal check', 'hono'),
    comparisonRow(result, 'hono + authzGate', 'hono + minimal check'),
    comparisonRow(result, 'hono + authzMiddleware', 'hono + no-op middleware'),
    comparisonRow(result, 'hono + authzGate', 'hono + authzMiddleware'),
    comparisonRow(result, secondProcess('hono'), 'hono'),
  ]);
  console.log(`\n${aaLine(result, secondProcess('hono'), 'hono')}`);
  console.log(
    [
      '',
      methodLines(result),
      '"authzGate": `authzGate(app, config)`, deciding before Hono dispatches; "authzMiddleware":',
      '`app.use(\'*\', authzMiddleware(config))`; "no-op middleware": the route behind `async (c, next) => next()`',
      '(the cost of having any async middleware); "minimal check": `app.fetch` wrapped by a lookup of the caller\'s',
      'header, the method and the URL in a map (the least any authorization does: no route, policy path or context;',
      "over HTTP read from Node's request, `env.incoming`, as the gate's identity provider reads the header there).",
    ].join('\n'),
  );
}

/** A row of the in-process tables: `variant` against `baseline`, and what the row says. */
interface InProcessRow {
  readonly name: string;
  readonly variant: Variant;
  readonly baseline: Variant;
  readonly env: Environment;
  /** Judged against the target (the others are for scale). */
  readonly targeted?: boolean;
}

const LOOP_ROWS: readonly InProcessRow[] = [
  { name: 'authzGate', variant: 'gate', baseline: 'none', env: 'fetch', targeted: true },
  {
    name: "authzGate served by @hono/node-server (Node's request in the environment: its parsed headers read)",
    variant: 'gate',
    baseline: 'none',
    env: 'node',
  },
  { name: 'authzMiddleware', variant: 'authz', baseline: 'none', env: 'fetch', targeted: true },
  {
    name: "no-op async middleware (Hono's dispatch of any middleware)",
    variant: 'noop',
    baseline: 'none',
    env: 'fetch',
  },
  {
    name: 'a middleware returning next() (not async: the least any middleware costs)',
    variant: 'next',
    baseline: 'none',
    env: 'fetch',
  },
  {
    name: 'a middleware reading the identity header and resource context, 2 × c.set, returning next()',
    variant: 'inputs',
    baseline: 'none',
    env: 'fetch',
  },
  {
    name: 'a minimal check in front of app.fetch (caller header, method and URL looked up in a map)',
    variant: 'minimal',
    baseline: 'none',
    env: 'fetch',
  },
  {
    name: "the minimal check with Node's request in the environment (its parsed headers, method and URL read)",
    variant: 'minimal',
    baseline: 'none',
    env: 'node',
  },
  {
    name: 'authzMiddleware against the no-op middleware (its own work)',
    variant: 'authz',
    baseline: 'noop',
    env: 'fetch',
  },
  {
    name: 'authzMiddleware against the middleware returning next() (its own work)',
    variant: 'authz',
    baseline: 'next',
    env: 'fetch',
  },
  {
    name: 'authzMiddleware against the middleware reading its inputs (the authorization itself)',
    variant: 'authz',
    baseline: 'inputs',
    env: 'fetch',
  },
];

const EVICTED_ROWS: readonly InProcessRow[] = [
  { name: 'authzGate', variant: 'gate', baseline: 'none', env: 'node' },
  { name: 'authzMiddleware', variant: 'authz', baseline: 'none', env: 'node' },
  { name: 'a minimal check in front of app.fetch', variant: 'minimal', baseline: 'none', env: 'node' },
];

/** The loop's rows in the other runtimes, whose Fetch request is native (no environment there). */
const RUNTIME_ROWS: readonly InProcessRow[] = [
  { name: 'authzGate', variant: 'gate', baseline: 'none', env: 'fetch' },
  { name: 'authzMiddleware', variant: 'authz', baseline: 'none', env: 'fetch' },
  { name: 'a minimal check in front of app.fetch', variant: 'minimal', baseline: 'none', env: 'fetch' },
];

/**
 * The rows' figures: each row measured in {@link PROCESSES} fresh processes (`process-samples.ts`),
 * of this Node or of `runtime`.
 */
async function measuredRows(
  rows: readonly InProcessRow[],
  measurement: InProcessJob['measurement'],
  runtime?: Runtime,
): Promise<Record<string, string>[]> {
  const jobs = rows.map(
    ({ variant, baseline, env }): InProcessJob => ({ variant, baseline, env, measurement }),
  );
  const medians = await mediansOfProcesses(CHILD, jobs, PROCESSES, runtime);
  return rows.map((row, i) => addedCpuRow(row.name, medians[i]!, row.targeted === true));
}

/** The loop's rows in Bun and Deno, each named by its runtime; a runtime that cannot be had is said so. */
async function otherRuntimeRows(): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for (const [label, runtimeOf] of [
    ['Bun', bunRuntime],
    ['Deno', denoRuntime],
  ] as const) {
    let runtime: Runtime;
    try {
      runtime = runtimeOf();
    } catch (error) {
      console.log(`(${label} not measured: ${String(error)})`);
      continue;
    }
    const measured = await measuredRows(RUNTIME_ROWS, { kind: 'loop', ...LOOP }, runtime);
    for (const row of measured) rows.push({ runtime: runtime.name, ...row });
  }
  return rows;
}

/** The middleware's own cost in process, each way alone, and where its time goes. */
async function inProcess(): Promise<void> {
  printTable(
    `hono: CPU added per request in process (app.fetch in a loop, cache hit, prebuilt request and response), against the bare route — each row in ${PROCESSES} fresh processes (median; range over the processes)`,
    await measuredRows(LOOP_ROWS, { kind: 'loop', ...LOOP }),
  );
  printTable(
    `hono: the same loop in Bun and Deno, whose Fetch request is native (the request alone, no environment), against the bare route — each row in ${PROCESSES} fresh processes of the runtime`,
    await otherRuntimeRows(),
  );
  printTable(
    `hono: time added per request in process with the caches evicted before each request (${EVICTED_BYTES >> 20} MiB touched; Node's request in the environment, as served), against the bare route — each row in ${PROCESSES} fresh processes`,
    await measuredRows(EVICTED_ROWS, { kind: 'evicted', ...EVICTED }),
  );
  printTable(
    "hono: where the middleware's time goes on a cache hit (each step alone, in process, median)",
    await middlewareSteps(),
  );
}
