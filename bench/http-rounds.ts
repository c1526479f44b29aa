/**
 * Side-by-side HTTP throughput of server variants, each alone in a process of its own
 * (`http-server.ts`), loaded from another process (`http-load-client.ts`): every round runs every
 * variant back to back (rotating which goes first), so that a change of machine speed between
 * rounds — a shared host — cancels out of the per-round ratios. Per sample: requests per second,
 * and the CPU per request of that server's process alone (every thread of it: the main one, the
 * garbage collector's, libuv's), read to the nanosecond from the scheduler (`processCpuNs`).
 * Separate processes keep one variant's heap, garbage and JIT feedback (the inline caches of
 * core's functions, shared by every adapter) out of another's figures.
 *
 * The verdict on a target is taken on the **CPU ratio** (the baseline's CPU per request over the
 * variant's): on a CPU-bound server it is the throughput ratio the variant reaches with the same
 * share of a processor, and it hardly moves when other processes take the processor away, which
 * the throughput of a shared machine does from one second to the next. The throughput ratio is
 * printed beside it, with its own verdict, so neither figure is hidden.
 */
import type { ChildProcess } from 'node:child_process';
import type { LoadOrder, LoadResult } from './http-load-client.ts';
import { processCpuNs } from './process-cpu.ts';
import { loadNow, median, range } from './rounds.ts';
import { type ServerProcess, startLoadClient, startServer, stopServer } from './server-process.ts';

/** What one variant did in one round. */
export interface HttpSample {
  readonly perSecond: number;
  /** CPU microseconds of the variant's server process per request. */
  readonly cpuMicros: number;
}

/** Options of {@link httpRounds}. */
export interface HttpRoundsOptions {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly rounds: number;
  /** Requests per variant and round. */
  readonly requests: number;
  /** Requests per variant before the rounds (the JIT warms each process up on its own). */
  readonly warmup: number;
  readonly connections: number;
}

/** Samples by variant name, and the load average seen at each round. */
export interface HttpRoundsResult {
  readonly samples: ReadonlyMap<string, readonly HttpSample[]>;
  readonly loads: readonly number[];
}

export function order(client: ChildProcess, load: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    client.once('message', (answer: LoadResult | { error: string }) =>
      'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    client.send(load);
  });
}

/**
 * Starts each variant (`http-variants.ts`) in its own process and loads it in interleaved
 * rounds from another one; stops them all before it returns.
 *
 * @example
 * const { samples } = await httpRounds(['hono', 'hono + authzGate'], { path: '/api/documents/42', headers: {}, rounds: 5, requests: 4_000, warmup: 20_000, connections: 16 });
 */
export async function httpRounds(
  variants: readonly string[],
  options: HttpRoundsOptions,
): Promise<HttpRoundsResult> {
  const servers: ServerProcess[] = [];
  const client = startLoadClient();
  const samples = new Map<string, HttpSample[]>(variants.map((name) => [name, []]));
  const loads: number[] = [];
  const { path, headers, connections } = options;
  const run = async (server: ServerProcess, requests: number): Promise<HttpSample> => {
    const cpu = processCpuNs(server.pid);
    const result = await order(client, { path, headers, connections, port: server.port, requests });
    const usedNs = processCpuNs(server.pid) - cpu;
    if (result.failed > 0) throw new Error(`${server.name}: ${result.failed} responses were not 200`);
    return { perSecond: requests / result.seconds, cpuMicros: usedNs / 1000 / requests };
  };
  try {
    for (const name of variants) servers.push(await startServer(name));
    for (const server of servers) await run(server, options.warmup);
    for (let round = 0; round < options.rounds; round++) {
      loads.push(loadNow());
      for (let k = 0; k < servers.length; k++) {
        const server = servers[(round + k) % servers.length]!;
        samples.get(server.name)!.push(await run(server, options.requests));
      }
    }
  } finally {
    client.disconnect();
    await Promise.all(servers.map(stopServer));
  }
  return { samples, loads };
}

/**
 * One printed row: `variant` against `baseline`, medians of per-round ratios with their ranges;
 * the target's verdict on the CPU ratio, and on the throughput ratio beside it.
 */
export function comparisonRow(
  result: HttpRoundsResult,
  variant: string,
  baseline: string,
  target?: number,
): Record<string, string> {
  const a = result.samples.get(variant)!;
  const b = result.samples.get(baseline)!;
  const ratios = a.map((x, i) => x.perSecond / b[i]!.perSecond);
  const cpuRatios = a.map((x, i) => b[i]!.cpuMicros / x.cpuMicros);
  const extra = a.map((x, i) => x.cpuMicros - b[i]!.cpuMicros);
  const ratio = median(ratios);
  const cpuRatio = median(cpuRatios);
  const verdict = (x: number) => (target === undefined ? '' : x >= target ? 'met' : 'MISSED');
  return {
    variant: `${variant} vs ${baseline}`,
    'req/s (variant / baseline)': `${Math.round(median(a.map((x) => x.perSecond)))} / ${Math.round(median(b.map((x) => x.perSecond)))}`,
    'server CPU/request': `${median(a.map((x) => x.cpuMicros)).toFixed(1)} / ${median(b.map((x) => x.cpuMicros)).toFixed(1)} µs`,
    'CPU ratio': `${cpuRatio.toFixed(3)} (${range(cpuRatios, (x) => x.toFixed(2))})`,
    target: target === undefined ? '—' : `≥ ${target}: ${verdict(cpuRatio)}`,
    'throughput ratio':
      `${ratio.toFixed(3)} (${range(ratios, (x) => x.toFixed(2))}) ${verdict(ratio)}`.trim(),
    'added CPU/request': `${median(extra).toFixed(2)} µs (${range(extra, (x) => x.toFixed(1))})`,
  };
}

/** One printed row per variant: its own throughput and server CPU per request, medians and ranges. */
export function variantRow(result: HttpRoundsResult, variant: string): Record<string, string> {
  const samples = result.samples.get(variant)!;
  const perSecond = samples.map((x) => x.perSecond);
  const cpu = samples.map((x) => x.cpuMicros);
  return {
    variant,
    'req/s': `${Math.round(median(perSecond))} (${range(perSecond, (x) => String(Math.round(x)))})`,
    'server CPU/request': `${median(cpu).toFixed(1)} µs (${range(cpu, (x) => x.toFixed(1))})`,
  };
}
