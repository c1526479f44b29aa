/**
 * The differential fuzzer's CI batch: for each OPA release, a fixed seed's generated programs
 * (the classic shapes, then the widened ones: v0 and non-strict, base documents, keys below
 * partial rules, compile checks, parser edges, extremes, YAML, built-in errors), evaluated by
 * the engine and by the real OPA of that release, must agree on every document and error kind.
 * Longer batches:
 * `npm run fuzz:opa -- --seed N --count M`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPA_VERSIONS } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, runDifferentialBatch } from './differential.ts';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

/**
 * The classic shapes against the OPA Topaz embeds. Under v1.22.2 they still meet the rule-index
 * emulation's open differences (bodies joined with `and`/`or` whose later operand raises a strict
 * error), listed in docs/reference/opa-conformance.md, and run with `npm run fuzz:opa -- --opa v1.22.2`.
 */
const CLASSIC = { seed: 14, count: 1000, opaVersion: 'v1.15.2' } as const;
/**
 * The widened batch runs the shape families the engine agrees with OPA on, under both releases; the
 * others (keys below partial rules and conflicting complete definitions — which error wins when a
 * conflict meets a built-in error of another definition — YAML, number and text extremes, built-in errors, failing definitions, parser edges) still have open
 * differences, listed in docs/reference/opa-conformance.md, and run with `npm run fuzz:opa`.
 */
const WIDE = {
  seed: 25,
  count: 400,
  families: ['baseDocuments'],
};

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
    expect(
      divergences
        .filter((d) => !d.opaBug)
        .map(describeDivergence)
        .join('\n\n'),
    ).toBe('');
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
    expect(
      divergences
        .filter((d) => !d.opaBug)
        .map(describeDivergence)
        .join('\n\n'),
    ).toBe('');
  });
});
