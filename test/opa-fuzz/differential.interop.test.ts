/**
 * The differential fuzzer's CI batch: for each OPA release, a fixed seed's generated programs
 * (the classic shapes, then every widened family), evaluated by the engine and by the real OPA
 * of that release, must agree on every document and error kind — apart from answers that are
 * OPA's own documented bugs (`opa-bugs.ts`) and programs OPA stalls on (not compared).
 * Longer batches: `npm run fuzz:opa -- --seed N --count M`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPA_VERSIONS } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence } from './batch-report.ts';
import { type Divergence, runDifferentialBatch } from './differential.ts';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

/** The classic shapes (built-in calls and operators on edge-case input values), under both releases. */
const CLASSIC = { seed: 14, count: 1000 } as const;
/** Every widened shape family, under both releases. */
const WIDE = { seed: 25, count: 2000 } as const;

/** The divergences that are not OPA's own documented bugs, as text ('' when there are none). */
const engineDivergences = (divergences: readonly Divergence[]) =>
  divergences
    .filter((d) => !d.opaBug)
    .map(describeDivergence)
    .join('\n\n');

describe.each(OPA_VERSIONS)('engine against OPA %s on the classic shapes', (opaVersion) => {
  let oracle: OpaOracle;
  beforeAll(async () => {
    oracle = await startOpaOracle(ensurePeer('opa', [opaVersion]));
  });
  afterAll(() => oracle?.stop());

  it(`agrees on ${CLASSIC.count} classic programs of seed ${CLASSIC.seed}`, {
    timeout: 300_000,
  }, async () => {
    const { divergences } = await runDifferentialBatch({ ...CLASSIC, oracle, opaVersion, shapes: 'classic' });
    expect(engineDivergences(divergences)).toBe('');
  });
});

describe.each(OPA_VERSIONS)('engine against OPA %s on the widened shapes', (opaVersion) => {
  let oracle: OpaOracle;
  beforeAll(async () => {
    oracle = await startOpaOracle(ensurePeer('opa', [opaVersion]));
  });
  afterAll(() => oracle?.stop());

  it(`agrees on ${WIDE.count} widened programs of seed ${WIDE.seed}`, { timeout: 300_000 }, async () => {
    const { divergences } = await runDifferentialBatch({ ...WIDE, oracle, opaVersion, shapes: 'wide' });
    expect(engineDivergences(divergences)).toBe('');
  });
});
