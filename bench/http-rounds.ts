/**
 * Side-by-side HTTP measurements of server variants, each alone in a process of its own
 * (`http-server.ts`), loaded from another process (`http-load-client.ts`) **in turns**: in every
 * measured window each variant's server is loaded alone, one after the other in a new order each
 * window, on a processor of its own (pinned with `taskset`, `cpu-pinning.ts`), the load generator
 * on another — as a server runs where it is deployed. The windows are short and a window's
 * variants follow each other within a few seconds, so that a slow drift of the machine weighs on
 * them alike; and the windows of a **block** all run on one set of server processes, after which
 * fresh processes replace them, so that what one process's life brings (the JIT's decisions, the
 * heap's layout) varies from block to block. The statistics are taken over the blocks
 * (`http-comparison.ts`, `paired-ratios.ts`).
 *
 * Loading every server at once on one processor (`together`) cancels the machine's swings within
 * a window, but the servers then take turns on that processor many times a second, and each turn
 * costs a server in proportion to how much code and data its requests touch: with five servers, a
 * no-op middleware that adds about 1 µs in process added 30–45 µs of CPU per request. That
 * measures the sharing, not the variant; it stays as an option to show it (`http-aa-check.ts`).
 *
 * What is measured per window and server: the responses completed in it and the CPU of the
 * server's process over exactly that window (every thread of it: the main one, the garbage
 * collector's, libuv's), read to the nanosecond from the scheduler by the load generator at the
 * window's ends. Separate processes keep one variant's heap, garbage and JIT feedback (the inline
 * caches of core's functions, shared by every adapter) out of another's figures.
 */
import type { ChildProcess } from 'node:child_process';
import { machinePinningPlan, type PinningPlan, pinProcess } from './cpu-pinning.ts';
import type { LoadOrder, LoadResult } from './http-load-client.ts';
import { seededRandom } from './paired-ratios.ts';
import { loadNow } from './rounds.ts';
import { type ServerProcess, startLoadClient, startServer, stopServer } from './server-process.ts';
import { shuffled, startOrder } from './start-order.ts';

/** What one server did in one measured window. */
export interface WindowSample {
  readonly requests: number;
  readonly seconds: number;
  /** CPU nanoseconds of the variant's server process in the window. */
  readonly serverCpuNs: number;
}

/** What one variant did in one block: its windows together, and each of them. */
export interface BlockSample extends WindowSample {
  readonly windows: readonly WindowSample[];
}

/** Options of {@link httpRounds}. */
export interface HttpRoundsOptions {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Keep-alive connections to each server, one request in flight on each. */
  readonly connections: number;
  /** Number of blocks: sets of fresh server processes. */
  readonly blocks: number;
  /** Measured windows in each block. */
  readonly windows: number;
  /** Measured seconds of each window. */
  readonly windowSeconds: number;
  /** Seconds of load before each window's measurement. */
  readonly warmupSeconds: number;
  /** Seconds of load of each set of fresh server processes before its first window (their JIT warms up). */
  readonly processWarmupSeconds: number;
  /**
   * Pinning with `taskset` (`cpu-pinning.ts`): by default the servers run on one processor and the
   * load generator on another, whatever the load; `false` never pins (to compare).
   */
  readonly pin?: boolean;
  /**
   * Load every server at once in each window instead of in turns (default `false`): their ratios
   * are then free of the machine's swings, but biased against the variant whose requests touch
   * more code and data (see the module's comment); `http-aa-check.ts` shows it.
   */
  readonly together?: boolean;
  /**
   * Seed of the processes' start orders and of the servers' order in each window (`start-order.ts`); default `HTTP_BENCH_SEED` from the
   * environment, else a new one per run (printed with the figures), so that no order, and no bias
   * an order may carry, repeats from run to run.
   */
  readonly seed?: number;
}

/** Samples by variant label, the load average at each block, and where the processes ran. */
export interface HttpRoundsResult {
  readonly samples: ReadonlyMap<string, readonly BlockSample[]>;
  readonly loads: readonly number[];
  readonly pinning: PinningPlan;
  readonly options: HttpRoundsOptions;
  /** The seed the orders were drawn from. */
  readonly seed: number;
}

const SECOND_PROCESS = ' (second process)';

/**
 * The label of a second process of the same server variant: compared with the first, it is an
 * A/A check, whose ratio shows the spread of a difference that is not there.
 */
export function secondProcess(variant: string): string {
  return `${variant}${SECOND_PROCESS}`;
}

const variantOf = (label: string) =>
  label.endsWith(SECOND_PROCESS) ? label.slice(0, -SECOND_PROCESS.length) : label;

/** Sends one load order (or several at once) to the load generator and waits for its answer. */
export function order(client: ChildProcess, load: LoadOrder): Promise<LoadResult>;
export function order(client: ChildProcess, load: { all: readonly LoadOrder[] }): Promise<LoadResult[]>;
export function order(
  client: ChildProcess,
  load: LoadOrder | { all: readonly LoadOrder[] },
): Promise<LoadResult | LoadResult[]> {
  return new Promise((resolve, reject) => {
    client.once('message', (answer: LoadResult | LoadResult[] | { error: string }) =>
      'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    client.send(load);
  });
}

/**
 * Starts each variant (`http-variants.ts`; {@link secondProcess} for a second process of one) in
 * its own process and loads them in turns (or all at once: `together`) from another one, block
 * after block of measured windows, each block on fresh processes; stops them all before it returns.
 *
 * @example
 * const result = await httpRounds(['hono', 'hono + authzGate', secondProcess('hono')], { path: '/api/documents/42', headers: {}, connections: 8, blocks: 16, windows: 6, windowSeconds: 0.5, warmupSeconds: 0.1, processWarmupSeconds: 2 });
 */
export async function httpRounds(
  labels: readonly string[],
  options: HttpRoundsOptions,
): Promise<HttpRoundsResult> {
  const pinning: PinningPlan =
    options.pin === false ? { pinned: false, reason: 'pinning switched off' } : machinePinningPlan();
  const seed = options.seed ?? runSeed();
  const servers: ServerProcess[] = [];
  const client = startLoadClient();
  const samples = new Map<string, BlockSample[]>(labels.map((label) => [label, []]));
  const loads: number[] = [];
  const { path, headers, connections } = options;
  const random = seededRandom(seed);
  // The servers in a new order each window, so that none is always first or last.
  const loadAll = async (warmupSeconds: number, seconds: number, together: boolean) => {
    const sequence = shuffled(servers.length, random);
    const orders = sequence.map(
      (index): LoadOrder => ({
        path,
        headers,
        connections,
        port: servers[index]!.port,
        serverPid: servers[index]!.pid,
        warmupSeconds,
        seconds,
      }),
    );
    const results: LoadResult[] = [];
    if (together) results.push(...(await order(client, { all: orders })));
    else for (const each of orders) results.push(await order(client, each));
    const byServer: LoadResult[] = [];
    for (const [at, index] of sequence.entries()) byServer[index] = results[at]!;
    return byServer;
  };
  try {
    if (pinning.pinned) pinProcess(client.pid!, pinning.clientCpu);
    for (let block = 0; block < options.blocks; block++) {
      await Promise.all(servers.splice(0).map(stopServer));
      for (const index of startOrder(labels.length, block, seed)) {
        const server = await startServer(variantOf(labels[index]!));
        if (pinning.pinned) pinProcess(server.pid, pinning.serverCpu);
        servers[index] = server;
      }
      // The warm-up loads every server at once: it is not measured.
      await loadAll(0, options.processWarmupSeconds, true);
      loads.push(loadNow());
      const windows = labels.map((): WindowSample[] => []);
      for (let w = 0; w < options.windows; w++) {
        const results = await loadAll(
          options.warmupSeconds,
          options.windowSeconds,
          options.together === true,
        );
        for (const [index, { requests, seconds, serverCpuNs, failed }] of results.entries()) {
          if (failed > 0) throw new Error(`${labels[index]}: ${failed} responses were not 200`);
          windows[index]!.push({ requests, seconds, serverCpuNs });
        }
      }
      for (const [i, label] of labels.entries()) samples.get(label)!.push(blockSample(windows[i]!));
    }
  } finally {
    client.disconnect();
    await Promise.all(servers.map(stopServer));
  }
  return { samples, loads, pinning, options, seed };
}

/** A variant's windows in a block, and their sums. */
function blockSample(windows: readonly WindowSample[]): BlockSample {
  const sum = (key: keyof WindowSample) => windows.reduce((total, window) => total + window[key], 0);
  return { requests: sum('requests'), seconds: sum('seconds'), serverCpuNs: sum('serverCpuNs'), windows };
}

/** `HTTP_BENCH_SEED` when set (to repeat a run's orders), else a new seed. */
function runSeed(): number {
  const given = process.env.HTTP_BENCH_SEED;
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new Error(`HTTP_BENCH_SEED must be an integer from 0 to 2^32 − 1, not "${given}"`);
  }
  return seed;
}

/** The duration of a run of {@link httpRounds} over `servers` servers, in seconds (process start-up aside). */
export function plannedSeconds(options: HttpRoundsOptions, servers: number): number {
  const turns = options.together ? 1 : servers;
  const perBlock =
    options.processWarmupSeconds + options.windows * turns * (options.warmupSeconds + options.windowSeconds);
  return options.blocks * perBlock;
}
