import { describe, expect, it } from 'vitest';
import {
  bootstrapMedianInterval,
  quantile,
  seededRandom,
  summarizeRatios,
  trimOutliers,
  verdict,
} from './paired-ratios.ts';

describe('quantile', () => {
  it('interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('trimOutliers', () => {
  it("drops ratios outside Tukey's fences on their logarithms, on both sides alike", () => {
    const ratios = [0.97, 0.98, 0.99, 1.0, 1.0, 1.01, 1.02, 1.03, 2.5, 0.4];
    const { kept, dropped } = trimOutliers(ratios);
    expect(dropped.sort()).toEqual([0.4, 2.5]);
    expect(kept).toHaveLength(8);
  });

  it('keeps everything when nothing stands out, or when there are too few to tell', () => {
    expect(trimOutliers([0.9, 1.0, 1.1, 1.05, 0.95]).dropped).toEqual([]);
    expect(trimOutliers([0.1, 1, 10]).kept).toEqual([0.1, 1, 10]);
  });
});

describe('bootstrapMedianInterval', () => {
  it('is reproducible for a seed and holds the median', () => {
    const xs = [0.91, 0.95, 0.97, 1.0, 1.02, 1.04, 1.08, 0.99, 1.01];
    const a = bootstrapMedianInterval(xs, seededRandom(7));
    const b = bootstrapMedianInterval(xs, seededRandom(7));
    expect(a).toEqual(b);
    expect(a[0]).toBeLessThanOrEqual(1.0);
    expect(a[1]).toBeGreaterThanOrEqual(1.0);
    expect(a[0]).toBeGreaterThanOrEqual(0.91);
    expect(a[1]).toBeLessThanOrEqual(1.08);
  });

  it('narrows as the samples agree', () => {
    const wide = bootstrapMedianInterval([0.6, 0.8, 1.0, 1.2, 1.4, 0.7, 1.3], seededRandom(1));
    const narrow = bootstrapMedianInterval([0.99, 1.0, 1.01, 1.0, 0.995, 1.005, 1.0], seededRandom(1));
    expect(narrow[1] - narrow[0]).toBeLessThan((wide[1] - wide[0]) / 10);
  });
});

describe('summarizeRatios and verdict', () => {
  it('summarizes what the trimming keeps, and says how much it kept', () => {
    const summary = summarizeRatios([0.98, 1.01, 1.0, 0.99, 1.02, 1.0, 3.5]);
    expect(summary.kept).toBe(6);
    expect(summary.total).toBe(7);
    expect(summary.median).toBeCloseTo(1.0, 5);
    expect(summary.q1).toBeLessThanOrEqual(summary.median);
    expect(summary.q3).toBeGreaterThanOrEqual(summary.median);
  });

  it('calls a target met or missed only when the whole interval is on one side of it', () => {
    const at = (low: number, high: number) => ({
      median: (low + high) / 2,
      q1: low,
      q3: high,
      interval: [low, high] as const,
      kept: 9,
      total: 9,
    });
    expect(verdict(at(0.93, 0.96), 0.92)).toBe('met');
    expect(verdict(at(0.85, 0.9), 0.92)).toBe('MISSED');
    expect(verdict(at(0.9, 0.94), 0.92)).toBe('too close to call');
  });
});
