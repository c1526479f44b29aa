/**
 * The differential fuzzer's CI batch: for each OPA release, a fixed seed's generated programs
 * (the classic shapes, then the widened families whose classes the engine decides as OPA does),
 * evaluated by the engine and by the real OPA of that release, must agree on every document and
 * error kind — apart from answers that are OPA's own documented bugs (`opa-bugs.ts`).
 * Longer batches and the other families: `npm run fuzz:opa -- --seed N --count M`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPA_VERSIONS } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence } from './batch-report.ts';
import { type Divergence, runDifferentialBatch } from './differential.ts';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

/**
 * The classic shapes (built-in calls and operators on edge-case input values) against the OPA
 * Topaz embeds. Under v1.22.2 they still meet open differences of `and`/`or` bodies and strict
 * errors, listed in docs/reference/opa-conformance.md (`npm run fuzz:opa -- --opa v1.22.2`).
 */
const CLASSIC = { seed: 14, count: 1000, opaVersion: 'v1.15.2' } as const;
/**
 * The widened families the engine agrees with OPA on, under both releases. The others (compile
 * checks, parser edges, built-in errors, which error wins among failing or conflicting
 * definitions) still have open differences, listed in docs/reference/opa-conformance.md.
 */
const WIDE = {
  seed: 25,
  count: 600,
  families: ['baseDocuments', 'yamlBuiltins', 'numbersText', 'numberValues', 'textValues'],
};

/** The divergences that are not OPA's own documented bugs, as text ('' when there are none). */
const engineDivergences = (divergences: readonly Divergence[]) =>
  divergences
    .filter((d) => !d.opaBug)
    .map(describeDivergence)
    .join('\n\n');

describe(`engine against OPA ${CLASSIC.opaVersion} on the classic shapes`, () => {
  let oracle: OpaOracle;
  beforeAll(async () => {
    oracle = await startOpaOracle(ensurePeer('opa', [CLASSIC.opaVersion]));
  });
  afterAll(() => oracle?.stop());

  it(`agrees on ${CLASSIC.count} classic programs of seed ${CLASSIC.seed}`, {
    timeout: 300_000,
  }, async () => {
    const { divergences } = await runDifferentialBatch({ ...CLASSIC, oracle, shapes: 'classic' });
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
