import { describe, expect, it } from 'vitest';
import { aaLine, comparisonRow, cpuRatios } from './http-comparison.ts';
import type { BlockSample, HttpRoundsResult, WindowSample } from './http-rounds.ts';

/** A window of 10,000 requests in 0.5 s at `micros` of server CPU per request. */
const window = (micros: number): WindowSample => ({
  requests: 10_000,
  seconds: 0.5,
  serverCpuNs: micros * 10_000 * 1000,
});

function block(...micros: number[]): BlockSample {
  const windows = micros.map(window);
  const sum = (key: keyof WindowSample) => windows.reduce((total, w) => total + w[key], 0);
  return { requests: sum('requests'), seconds: sum('seconds'), serverCpuNs: sum('serverCpuNs'), windows };
}

function result(samples: Record<string, BlockSample[]>): HttpRoundsResult {
  return {
    samples: new Map(Object.entries(samples)),
    loads: [0.5],
    pinning: { pinned: true, serverCpu: 1, clientCpu: 0 },
    options: {
      path: '/',
      headers: {},
      connections: 8,
      blocks: 2,
      windows: 4,
      windowSeconds: 0.5,
      warmupSeconds: 0.1,
      processWarmupSeconds: 1,
    },
    seed: 1,
  };
}

describe('cpuRatios', () => {
  // The variant costs 25 µs a request against the baseline's 20. In the first block the machine
  // slowed down during the second window, for both servers alike; in the second, the variant's
  // third window met a hiccup of its own (a major garbage collection).
  const run = result({
    base: [block(20, 40, 20, 20), block(20, 20, 20, 20)],
    variant: [block(25, 50, 25, 25), block(25, 25, 60, 25)],
  });

  it("takes each block's windows together: a slowdown of the whole window cancels, a lone hiccup counts", () => {
    const [first, second] = cpuRatios(run, 'variant', 'base');
    expect(first).toBeCloseTo(100 / 125, 6);
    expect(second).toBeCloseTo(80 / 135, 6);
  });

  it("takes the median of each block's per-window ratios with windowMedians, which leaves the hiccup out", () => {
    expect(cpuRatios(run, 'variant', 'base', true)).toEqual([0.8, 0.8]);
  });

  it('prints both in a comparison row, the target judged on whole blocks', () => {
    const row = comparisonRow(run, 'variant', 'base', 0.75);
    expect(row['CPU ratio [95% CI]']).toMatch(/^0\.696 /);
    expect(row.target).toBe('≥ 0.75: too close to call');
    expect(row['window medians: CPU ratio [95% CI]']).toBe('0.800 [0.800–0.800]');
    expect(row['added CPU/request (IQR)']).toMatch(/^10\.00 µs/);
    expect(comparisonRow(run, 'variant', 'base', 0.85).target).toBe('≥ 0.85: MISSED');
  });
});

describe('aaLine', () => {
  const pair = (second: number[]) =>
    result({ first: [block(20, 20), block(20, 20)], second: [block(...second), block(...second)] });

  it('reads a pair within the spread two processes have anyway as as it should be', () => {
    expect(aaLine(pair([20, 20]), 'second', 'first')).toMatch(
      /as it should be, 1 within the interval; this run does not resolve differences under ±1\.0 %\.$/,
    );
    // 20 / 20.16: 0.992, its interval a point — 1 lies within 1 % of it.
    expect(aaLine(pair([20.16, 20.16]), 'second', 'first')).toMatch(/as it should be, 1 within 1 % of it;/);
  });

  it('calls a pair farther from 1 biased', () => {
    expect(aaLine(pair([21, 21]), 'second', 'first')).toMatch(/1 is OUTSIDE the interval/);
  });
});
