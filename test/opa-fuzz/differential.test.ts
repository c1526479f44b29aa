import { describe, expect, it } from 'vitest';
import { describeStall } from './batch-report.ts';
import { engineAnswers, runDifferentialBatch } from './differential.ts';
import type { OpaAnswer, OpaOracle } from './opa-server.ts';
import type { FuzzProgram } from './rego-program.ts';

const SEED = 7;

/**
 * An oracle that answers as the engine does, but stalls (as the real oracle reports a program
 * past its deadline) on the programs whose package is in `stallOn`; it records what it was asked.
 */
function fakeOracle(stallOn: readonly string[]): OpaOracle & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async evaluate(source, refs, input, run = {}) {
      const pkg = /package (\S+)/.exec(source)?.[1] ?? '';
      asked.push(pkg);
      if (stallOn.includes(pkg))
        return refs.map((): OpaAnswer => ({ kind: 'stalled', reason: 'no answer within 20 s' }));
      const program: FuzzProgram = {
        packagePath: pkg,
        source,
        rules: [],
        input: input as Record<string, unknown>,
        ...run,
      };
      return engineAnswers(program, refs, 'v1.22.2');
    },
    stop: async () => {},
  };
}

describe('a differential batch with programs OPA stalls on', () => {
  it('records each stalled program with its seed and index, compares the others, and finishes', async () => {
    const oracle = fakeOracle(['fuzz.p3', 'fuzz.p11']);
    const progress: number[] = [];
    const outcome = await runDifferentialBatch({
      seed: SEED,
      count: 20,
      oracle,
      opaVersion: 'v1.22.2',
      onProgress: (_checked, _found, stalls) => progress.push(stalls),
    });
    expect(outcome.checked).toBe(20);
    expect(outcome.divergences).toEqual([]);
    expect(outcome.stalls.map((s) => [s.seed, s.index, s.reason])).toEqual([
      [SEED, 3, 'no answer within 20 s'],
      [SEED, 11, 'no answer within 20 s'],
    ]);
    // Never compiled again to look for another order: a stall is not a divergence.
    expect(oracle.asked.filter((p) => p === 'fuzz.p3')).toHaveLength(1);
    expect(progress.at(-1)).toBe(2);
    const [first] = outcome.stalls;
    expect(first?.engine).toHaveLength(first?.refs.length ?? -1);
    expect(describeStall(first as NonNullable<typeof first>)).toMatch(
      /^# OPA stalled \(no answer within 20 s\), v[01].*, program 3 of seed 7\npackage fuzz\.p3/,
    );
  });

  it('replays one program of a batch by its index', async () => {
    const oracle = fakeOracle(['fuzz.p11']);
    const whole = await runDifferentialBatch({
      seed: SEED,
      count: 20,
      oracle: fakeOracle(['fuzz.p11']),
      opaVersion: 'v1.22.2',
    });
    const replay = await runDifferentialBatch({
      seed: SEED,
      count: 20,
      oracle,
      opaVersion: 'v1.22.2',
      only: [11],
    });
    expect(oracle.asked).toEqual(['fuzz.p11']);
    expect(replay.checked).toBe(1);
    expect(replay.stalls[0]?.program).toEqual(whole.stalls[0]?.program);
  });
});
