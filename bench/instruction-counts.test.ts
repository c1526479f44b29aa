import { describe, expect, it } from 'vitest';
import { type CachegrindRun, countsPerUnit, parseCachegrindSummary } from './instruction-counts.ts';

/** Cachegrind's summary as it prints it, for given totals. */
const summary = (refs: number, i1: number, d1: number) =>
  [
    '==123== I refs:        ' + refs.toLocaleString('en-US'),
    '==123== I1  misses:    ' + i1.toLocaleString('en-US'),
    '==123== LLi misses:    17',
    '==123== D refs:        9,000 (6,000 rd + 3,000 wr)',
    '==123== D1  misses:    ' + `${d1.toLocaleString('en-US')} (  1 rd + 2 wr)`,
  ].join('\n');

describe('parseCachegrindSummary', () => {
  it("reads the totals of cachegrind's summary, thousands separators and all", () => {
    expect(parseCachegrindSummary(summary(1_881_610_996, 23_268_494, 14_759_226))).toEqual({
      instructions: 1_881_610_996,
      instructionMisses: 23_268_494,
      dataMisses: 14_759_226,
    });
  });

  it('refuses a summary without its totals, showing what was printed', () => {
    expect(() => parseCachegrindSummary('valgrind: command not found')).toThrow(
      /no "I refs" total:\n.*not found/s,
    );
  });
});

describe('countsPerUnit', () => {
  it('divides the difference of the two runs by the units between them, start-up left out', async () => {
    const runs: string[][] = [];
    const run: CachegrindRun = async (args) => {
      runs.push([...args]);
      const units = Number(args.at(-1));
      return summary(1_000_000 + 5_000 * units, 300 + 2 * units, 100 + units / 2);
    };
    await expect(countsPerUnit(['child.mjs', 'gate', 'node'], 20, 60, run)).resolves.toEqual({
      instructions: 5_000,
      instructionMisses: 2,
      dataMisses: 0.5,
    });
    expect(runs).toEqual([
      ['child.mjs', 'gate', 'node', '20'],
      ['child.mjs', 'gate', 'node', '60'],
    ]);
  });
});
