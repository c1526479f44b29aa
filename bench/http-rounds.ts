/**
 * Side-by-side HTTP throughput of server variants, loaded from another process
 * (`http-load-client.ts`): every round runs every variant back to back (rotating which goes
 * first), so that a change of machine speed between rounds — a shared host — cancels out of the
 * per-round ratios. Per sample: requests per second, and the servers' CPU per request (this
 * process holds only the servers; the load generator's CPU is its own), read to the nanosecond
 * from the scheduler (`processCpuNs`).
 *
 * The verdict on a target is taken on the **CPU ratio** (the baseline's CPU per request over the
 * variant's): on a CPU-bound server it is the throughput ratio the variant reaches with the same
 * share of a processor, and it hardly moves when other processes take the processor away, which
 * the throughput of a shared machine does from one second to the next. The throughput ratio is
 * printed beside it, with its own verdict, so neither figure is hidden.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadOrder, LoadResult } from './http-load-client.ts';
import { processCpuNs } from './process-cpu.ts';
import { loadNow, median, range } from './rounds.ts';

/** A server variant listening on 127.0.0.1. */
export interface HttpVariant {
  readonly name: string;
  readonly port: number;
}

/** What one variant did in one round. */
export interface HttpSample {
  readonly perSecond: number;
  /** CPU microseconds of this (server) process per request. */
  readonly cpuMicros: number;
}

/** Options of {@link httpRounds}. */
export interface HttpRoundsOptions {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly rounds: number;
  readonly requests: number;
  readonly connections: number;
}

/** Samples by variant name, and the load average seen at each round. */
export interface HttpRoundsResult {
  readonly samples: ReadonlyMap<string, readonly HttpSample[]>;
  readonly loads: readonly number[];
}

const CLIENT = fileURLToPath(new URL('./http-load-client.ts', import.meta.url));

function startClient(): ChildProcess {
  return fork(CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function order(client: ChildProcess, load: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    client.once('message', (answer: LoadResult | { error: string }) =>
      'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    client.send(load);
  });
}

/**
 * Loads each variant in interleaved rounds from a separate process.
 *
 * @example
 * const { samples } = await httpRounds([{ name: 'plain', port }], { path: '/', headers: {}, rounds: 5, requests: 2_000, connections: 16 });
 */
export async function httpRounds(
  variants: readonly HttpVariant[],
  options: HttpRoundsOptions,
): Promise<HttpRoundsResult> {
  const client = startClient();
  const samples = new Map<string, HttpSample[]>(variants.map((v) => [v.name, []]));
  const loads: number[] = [];
  const run = async (variant: HttpVariant, requests: number) => {
    const cpu = processCpuNs();
    const result = await order(client, { ...options, port: variant.port, requests });
    const usedNs = processCpuNs() - cpu;
    if (result.failed > 0) throw new Error(`${variant.name}: ${result.failed} responses were not 200`);
    return { perSecond: requests / result.seconds, cpuMicros: usedNs / 1000 / requests };
  };
  try {
    // Warm-up: JIT of every server and of the client.
    for (const variant of variants) await run(variant, Math.min(options.requests, 2_000));
    for (let round = 0; round < options.rounds; round++) {
      loads.push(loadNow());
      for (let k = 0; k < variants.length; k++) {
        const variant = variants[(round + k) % variants.length]!;
        samples.get(variant.name)!.push(await run(variant, options.requests));
      }
    }
  } finally {
    client.disconnect();
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
