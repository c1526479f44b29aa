/**
 * Emptying the processor's first-level caches between two requests, so that a request counted
 * under cachegrind finds none of its code or data there — as a server's request does after the
 * kernel, the HTTP parser and the streams have run in between. `evicted-caches.ts` touches a
 * megabyte of data for timing; here the simulated caches are 32 KB each, and counting makes a
 * smaller, cheaper flush enough: twice their size of data read and written, and of code run.
 */
import { generatedSteps, stepRunner } from './code-footprint.ts';

/** Bytes of data touched: twice the simulated 32 KB data cache. */
const DATA_BYTES = 64 * 1024;
/** One touch per 64-byte line. */
const LINE = 64;
/** Distinct small functions run once each: more compiled code than the 32 KB instruction cache holds. */
const FUNCTIONS = 400;

/**
 * A function that, each time it is called, reads and writes every line of {@link DATA_BYTES}
 * and runs {@link FUNCTIONS} distinct functions; it returns what it computed, so that no
 * compiler drops the work.
 */
export function firstLevelFlush(): () => number {
  const data = new Uint8Array(DATA_BYTES);
  const runCode = stepRunner(generatedSteps(FUNCTIONS, 4), FUNCTIONS);
  let kept = 0;
  return () => {
    let sum = 0;
    for (let i = 0; i < data.length; i += LINE) {
      const byte = (data[i]! + 1) & 255;
      data[i] = byte;
      sum += byte;
    }
    kept = (kept + sum + runCode()) | 0;
    return kept;
  };
}
