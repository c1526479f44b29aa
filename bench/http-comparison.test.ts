import { describe, expect, it } from 'vitest';
import { comparisonRow, cpuRatios } from './http-comparison.ts';
import type { BlockSample, HttpRoundsResult, SegmentSample } from './http-rounds.ts';

/** A segment of 10,000 requests in 0.25 s at `micros` of server CPU per request. */
const segment = (micros: number): SegmentSample => ({
  requests: 10_000,
  seconds: 0.25,
  serverCpuNs: micros * 10_000 * 1000,
});

function block(...micros: number[]): BlockSample {
  const segments = micros.map(segment);
  const sum = (key: keyof SegmentSample) => segments.reduce((total, s) => total + s[key], 0);
  return { requests: sum('requests'), seconds: sum('seconds'), serverCpuNs: sum('serverCpuNs'), segments };
}

function result(samples: Record<string, BlockSample[]>): HttpRoundsResult {
  return {
    samples: new Map(Object.entries(samples)),
    loads: [0.5],
    pinning: { pinned: false, reason: 'test' },
    options: {
      path: '/',
      headers: {},
      connections: 16,
      blocks: 2,
      passes: 2,
      segmentSeconds: 0.25,
      warmupSeconds: 0.1,
      processWarmupSeconds: 1,
    },
    seed: 1,
  };
}

describe('cpuRatios', () => {
  // The variant costs 25 µs a request against the baseline's 20; one segment of each block is
  // disturbed (another process took the core's cache, the CPU time of the window doubled).
  const run = result({
    base: [block(20, 20, 40, 20), block(20, 20, 20, 20)],
    variant: [block(25, 25, 25, 25), block(25, 50, 25, 25)],
  });

  it("takes each block's least disturbed segment of either side, so that a burst on one segment does not move the ratio", () => {
    expect(cpuRatios(run, 'variant', 'base')).toEqual([0.8, 0.8]);
  });

  it('sums every segment of the block with wholeBlocks, where the burst shows', () => {
    const [first, second] = cpuRatios(run, 'variant', 'base', true);
    expect(first).toBeCloseTo(100 / 100, 6);
    expect(second).toBeCloseTo(80 / 125, 6);
  });

  it('prints both in a comparison row, the target judged on the least disturbed segments', () => {
    const row = comparisonRow(run, 'variant', 'base', 0.75);
    expect(row['CPU ratio [95% CI]']).toBe('0.800 [0.800–0.800]');
    expect(row.target).toBe('≥ 0.75: met');
    expect(row['whole blocks: CPU ratio [95% CI]']).toMatch(/^0\.820 /);
    expect(row['added CPU/request (IQR)']).toMatch(/^5\.00 µs/);
  });
});
