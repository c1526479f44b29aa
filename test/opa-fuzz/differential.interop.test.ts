/**
 * The differential fuzzer's CI batch: a fixed seed's generated programs, evaluated by the engine
 * and by the real OPA, must agree on every document and error kind. Longer batches:
 * `npm run fuzz:opa -- --seed N --count M`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, runDifferentialBatch } from './differential.ts';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

const SEED = 14;
const COUNT = 3000;

describe('engine against OPA v1.15.2 on generated programs', () => {
  let oracle: OpaOracle;
  beforeAll(async () => {
    oracle = await startOpaOracle(ensurePeer('opa', ['v1.15.2']));
  });
  afterAll(() => oracle?.stop());

  it(`agrees on ${COUNT} programs of seed ${SEED}`, { timeout: 180_000 }, async () => {
    const { divergences } = await runDifferentialBatch({ seed: SEED, count: COUNT, oracle });
    expect(divergences.map(describeDivergence).join('\n\n')).toBe('');
  });
});
