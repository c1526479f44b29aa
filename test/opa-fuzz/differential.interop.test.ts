/**
 * The differential fuzzer's CI batch: for each OPA release, a fixed seed's generated programs
 * (the classic shapes, then the widened ones: v0 and non-strict, base documents, keys below
 * partial rules, compile checks, parser edges, extremes, YAML, built-in errors), evaluated by
 * the engine and by the real OPA of that release, must agree on every document and error kind,
 * apart from the documented OPA bugs of `known-divergences.ts`. Longer batches:
 * `npm run fuzz:opa -- --seed N --count M`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPA_VERSIONS } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, runDifferentialBatch } from './differential.ts';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

const CLASSIC = { seed: 14, count: 1500 };
const WIDE = { seed: 25, count: 1000 };

describe.each(OPA_VERSIONS)('engine against OPA %s on generated programs', (opaVersion) => {
  let oracle: OpaOracle;
  beforeAll(async () => {
    oracle = await startOpaOracle(ensurePeer('opa', [opaVersion]));
  });
  afterAll(() => oracle?.stop());

  it(`agrees on ${CLASSIC.count} classic programs of seed ${CLASSIC.seed}`, {
    timeout: 300_000,
  }, async () => {
    const { divergences } = await runDifferentialBatch({ ...CLASSIC, oracle, opaVersion, shapes: 'classic' });
    expect(divergences.map(describeDivergence).join('\n\n')).toBe('');
  });

  it(`agrees on ${WIDE.count} widened programs of seed ${WIDE.seed}`, { timeout: 300_000 }, async () => {
    const { divergences } = await runDifferentialBatch({ ...WIDE, oracle, opaVersion, shapes: 'wide' });
    expect(divergences.map(describeDivergence).join('\n\n')).toBe('');
  });
});
