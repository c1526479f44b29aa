/**
 * Side-by-side HTTP measurements of server variants, each alone in a process of its own
 * (`http-server.ts`), loaded from another process (`http-load-client.ts`), in **blocks**: each
 * block runs every variant in an order and then its mirror (`BDAC CADB`; over a cycle of blocks
 * every variant follows every other one equally often, `block-order.ts`), as many times over as
 * `passes` says, each run a segment of a fixed duration — a warm-up, then a measured window. Every
 * variant has the same mean position in a block, so a change of the machine's speed that is linear
 * over the block cancels out of the ratio of any two variants' figures in that block; the
 * statistics are then taken over the per-block ratios (`paired-ratios.ts`, `http-comparison.ts`).
 *
 * What is measured per segment: the responses completed in the window and the CPU of the server's
 * process over exactly that window (every thread of it: the main one, the garbage collector's,
 * libuv's), read to the nanosecond from the scheduler by the load generator at the window's ends.
 * Separate processes keep one variant's heap, garbage and JIT feedback (the inline caches of
 * core's functions, shared by every adapter) out of another's figures; with `taskset`, the servers
 * and the load generator are pinned to different processors (`cpu-pinning.ts`).
 */
import type { ChildProcess } from 'node:child_process';
import { blockOrder, startOrder } from './block-order.ts';
import { machinePinningPlan, type PinningPlan, pinProcess } from './cpu-pinning.ts';
import type { LoadOrder, LoadResult } from './http-load-client.ts';
import { loadNow } from './rounds.ts';
import { type ServerProcess, startLoadClient, startServer, stopServer } from './server-process.ts';

/** What one measured window saw. */
export interface SegmentSample {
  readonly requests: number;
  readonly seconds: number;
  /** CPU nanoseconds of the variant's server process in the measured window. */
  readonly serverCpuNs: number;
}

/** What one variant did in one block: its segments' measured windows together, and each of them. */
export interface BlockSample extends SegmentSample {
  readonly segments: readonly SegmentSample[];
}

/** Options of {@link httpRounds}. */
export interface HttpRoundsOptions {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  /** Number of blocks (each runs every variant twice per pass). */
  readonly blocks: number;
  /** How many times a block runs its order and the mirror of it (default 1: two segments per variant). */
  readonly passes?: number;
  /** Measured seconds of each segment. */
  readonly segmentSeconds: number;
  /** Seconds of load before each segment's measured window. */
  readonly warmupSeconds: number;
  /** Seconds of load of each server process before its first block (its JIT warms up on its own). */
  readonly processWarmupSeconds: number;
  /**
   * Blocks one set of server processes serves before fresh processes replace them (default: all),
   * so whatever one process's life brings (the JIT's decisions, the heap's layout) varies from
   * block to block and shows in the interval instead of shifting the median.
   */
  readonly blocksPerProcess?: number;
  /**
   * Pinning with `taskset` (`cpu-pinning.ts`): by default where it can on a quiet machine; `true`
   * pins a busy machine too, `false` never pins (to compare).
   */
  readonly pin?: boolean;
  /**
   * Seed of the block orders and of the processes' start order (`block-order.ts`); default
   * `HTTP_BENCH_SEED` from the environment, else a new one per run (printed with the figures), so
   * that no order, and no bias an order may carry, repeats from run to run.
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

/** Sends one load order to the load generator and waits for its answer. */
export function order(client: ChildProcess, load: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    client.once('message', (answer: LoadResult | { error: string }) =>
      'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    client.send(load);
  });
}

/**
 * Starts each variant (`http-variants.ts`; {@link secondProcess} for a second process of one) in
 * its own process and loads it in mirrored blocks from another one; stops them all before it returns.
 *
 * @example
 * const result = await httpRounds(['hono', 'hono + authzGate', secondProcess('hono')], { path: '/api/documents/42', headers: {}, connections: 16, blocks: 8, segmentSeconds: 1, warmupSeconds: 0.2, processWarmupSeconds: 2 });
 */
export async function httpRounds(
  labels: readonly string[],
  options: HttpRoundsOptions,
): Promise<HttpRoundsResult> {
  const pinning: PinningPlan =
    options.pin === false
      ? { pinned: false, reason: 'pinning switched off' }
      : machinePinningPlan(options.pin);
  const seed = options.seed ?? runSeed();
  const servers: ServerProcess[] = [];
  const client = startLoadClient();
  const samples = new Map<string, BlockSample[]>(labels.map((label) => [label, []]));
  const loads: number[] = [];
  const { path, headers, connections } = options;
  const segment = (server: ServerProcess, warmupSeconds: number, seconds: number) =>
    order(client, {
      path,
      headers,
      connections,
      port: server.port,
      serverPid: server.pid,
      warmupSeconds,
      seconds,
    });
  const freshServers = async (set: number) => {
    await Promise.all(servers.splice(0).map(stopServer));
    const started = startOrder(labels.length, set, seed);
    for (const index of started) {
      const server = await startServer(variantOf(labels[index]!));
      if (pinning.pinned) pinProcess(server.pid, pinning.serverCpu);
      servers[index] = server;
    }
    for (const index of started) await segment(servers[index]!, 0, options.processWarmupSeconds);
  };
  const blocksPerProcess = options.blocksPerProcess ?? options.blocks;
  try {
    if (pinning.pinned) pinProcess(client.pid!, pinning.clientCpu);
    for (let block = 0; block < options.blocks; block++) {
      if (block % blocksPerProcess === 0) await freshServers(block / blocksPerProcess);
      loads.push(loadNow());
      const segments = labels.map((): SegmentSample[] => []);
      const sequence = blockOrder(labels.length, block, seed);
      for (let pass = 0; pass < (options.passes ?? 1); pass++) {
        for (const index of sequence) {
          const result = await segment(servers[index]!, options.warmupSeconds, options.segmentSeconds);
          if (result.failed > 0) throw new Error(`${labels[index]}: ${result.failed} responses were not 200`);
          const { requests, seconds, serverCpuNs } = result;
          segments[index]!.push({ requests, seconds, serverCpuNs });
        }
      }
      for (const [i, label] of labels.entries()) samples.get(label)!.push(blockSample(segments[i]!));
    }
  } finally {
    client.disconnect();
    await Promise.all(servers.map(stopServer));
  }
  return { samples, loads, pinning, options, seed };
}

/** A variant's segments in a block, and their sums. */
function blockSample(segments: readonly SegmentSample[]): BlockSample {
  const sum = (key: keyof SegmentSample) => segments.reduce((total, segment) => total + segment[key], 0);
  return { requests: sum('requests'), seconds: sum('seconds'), serverCpuNs: sum('serverCpuNs'), segments };
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

/** The duration of a run of {@link httpRounds} with `variants` variants, in seconds (process start-up aside). */
export function plannedSeconds(variants: number, options: HttpRoundsOptions): number {
  const segments = options.blocks * variants * 2 * (options.passes ?? 1);
  const processSets = Math.ceil(options.blocks / (options.blocksPerProcess ?? options.blocks));
  return (
    processSets * variants * options.processWarmupSeconds +
    segments * (options.warmupSeconds + options.segmentSeconds)
  );
}
