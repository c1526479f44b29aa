/**
 * `strings.render_template` against the real OPA, v1.15.2 (the version Topaz 0.33.16 embeds) and
 * v1.22.2 (the latest pinned, whose copy of `text/template` drops method calls, so calls of
 * `json.Number`'s methods are compared with v1.15.2 only): outputs, error kinds and Go's error
 * texts must agree. Besides the hand-written cases, 300 templates generated from a fixed seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOutcomes, type OpaOracle, startOpaOracle } from '../../../test/support/opa-oracle.ts';
import { generatedTemplateExpressions } from './render-template-fuzz-cases.ts';
import { numberMethodExpressions, renderTemplateExpressions } from './render-template-interop-cases.ts';

/** A fixed-seed batch of generated templates. */
const generated = generatedTemplateExpressions(2026, 300);

const SUITES = [
  {
    version: 'v1.15.2',
    expressions: [...renderTemplateExpressions, ...numberMethodExpressions, ...generated],
  },
  { version: 'v1.22.2', expressions: [...renderTemplateExpressions, ...generated] },
];

for (const { version, expressions } of SUITES) {
  const engine = engineOutcomes(expressions);
  describe(`strings.render_template agrees with OPA ${version}`, () => {
    let oracle: OpaOracle | undefined;
    beforeAll(async () => {
      oracle = await startOpaOracle(version, expressions);
    });
    afterAll(() => oracle?.close());

    it.each(expressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
      const reference = await (oracle as OpaOracle).outcome(i);
      const mine = engine(i);
      if ('error' in reference && 'error' in mine) {
        expect(mine.error).toBe(reference.error);
        expect(mine.message).toContain(reference.message);
      } else expect(mine).toEqual(reference);
    });
  });
}
