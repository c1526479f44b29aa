import { describe, expect, it } from 'vitest';
import { generatedSteps, stepConstants, stepRunner } from './code-footprint.ts';

/** What function `fn` of `operations` operations does, written out. */
function expected(fn: number, operations: number, x: number): number {
  let value = x;
  for (let op = 0; op < operations; op++) {
    const [multiplier, addend] = stepConstants(fn, op);
    value = (value * multiplier + addend) | 0;
  }
  return value;
}

describe('work of a chosen code size', () => {
  it('generates distinct functions doing their own arithmetic', () => {
    const steps = generatedSteps(3, 4);
    expect(new Set(steps.map(String)).size).toBe(3);
    for (const [fn, step] of steps.entries()) expect(step(5)).toBe(expected(fn, 4, 5));
  });

  it('runs the steps in turn, from where the last run ended', () => {
    const run = stepRunner(generatedSteps(2, 3), 3);
    const first = expected(0, 3, expected(1, 3, expected(0, 3, 1)));
    expect(run()).toBe(first);
    expect(run()).toBe(expected(0, 3, expected(1, 3, expected(0, 3, first))));
  });
});
