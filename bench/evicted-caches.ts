/**
 * Requests in process with the processor's caches evicted before each one: what a server's request
 * finds of the authorization's code and data. On a server, each request runs through the kernel's
 * network stack, the HTTP parser and the streams between two authorizations, which leave little
 * of them in the caches; a loop of requests keeps everything hot and shows a fraction of that cost.
 * Touching a buffer the size of a core's L2 cache before each request reproduces the server's
 * order of magnitude in process, and resolves differences of about a microsecond in seconds,
 * where the HTTP rounds resolve about 2 µs in minutes.
 */
import { median } from './rounds.ts';

/** Bytes touched before each request: a core's L2 cache on the benchmarks' machine (1 MiB). */
export const EVICTED_BYTES = 1 << 20;
/** One touch per cache line. */
const LINE = 64;

const buffer = new Uint8Array(EVICTED_BYTES);
/** What the touches read, kept so that no compiler drops them. */
let touched = 0;

/** Writes and reads one byte of every cache line of {@link EVICTED_BYTES}. */
export function evictCaches(): number {
  let sum = 0;
  for (let i = 0; i < buffer.length; i += LINE) {
    const byte = (buffer[i]! + 1) & 255;
    buffer[i] = byte;
    sum += byte;
  }
  touched = (touched + sum) | 0;
  return touched;
}

/** One request to time: it answers (or resolves to) its response. */
export type Send = () => Response | Promise<Response>;

/** Nanoseconds of one request sent right after the caches were evicted; throws unless it answers 200. */
async function evictedNanos(send: Send): Promise<number> {
  evictCaches();
  const start = process.hrtime.bigint();
  const answer = send();
  const res = answer instanceof Promise ? await answer : answer;
  const nanos = Number(process.hrtime.bigint() - start);
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return nanos;
}

/** How {@link addedWithEvictedCaches} samples. */
export interface EvictedRounds {
  readonly rounds: number;
  /** Request pairs per round (one to each side, in random order, each after an eviction). */
  readonly pairs: number;
  /** Pairs sent before the first round and not counted. */
  readonly warmup: number;
}

/**
 * Microseconds `send` adds to `bare` per request, one sample per round: the median time of its
 * requests minus the median of the bare requests sent in the same round, interleaved pair by pair
 * (in random order within a pair), the caches evicted before every request.
 */
export async function addedWithEvictedCaches(send: Send, bare: Send, o: EvictedRounds): Promise<number[]> {
  const added: number[] = [];
  for (let i = 0; i < o.warmup; i++) {
    await evictedNanos(send);
    await evictedNanos(bare);
  }
  for (let round = 0; round < o.rounds; round++) {
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < o.pairs; i++) {
      if (Math.random() < 0.5) {
        mine.push(await evictedNanos(send));
        theirs.push(await evictedNanos(bare));
      } else {
        theirs.push(await evictedNanos(bare));
        mine.push(await evictedNanos(send));
      }
    }
    added.push((median(mine) - median(theirs)) / 1000);
  }
  return added;
}
