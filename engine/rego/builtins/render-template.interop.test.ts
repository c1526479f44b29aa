/**
 * `strings.render_template` against the real OPA, v1.15.2 (the version Topaz 0.33.16 embeds) and
 * v1.22.2 (the latest pinned, whose copy of `text/template` drops method calls): outputs, error
 * kinds and Go's error texts must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOutcomes, type OpaOracle, startOpaOracle } from '../../../test/support/opa-oracle.ts';
import { renderTemplateExpressions } from './render-template-interop-cases.ts';

const engine = engineOutcomes(renderTemplateExpressions);

for (const version of ['v1.15.2', 'v1.22.2']) {
  describe(`strings.render_template agrees with OPA ${version}`, () => {
    let oracle: OpaOracle | undefined;
    beforeAll(async () => {
      oracle = await startOpaOracle(version, renderTemplateExpressions);
    });
    afterAll(() => oracle?.close());

    it.each(renderTemplateExpressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
      const reference = await (oracle as OpaOracle).outcome(i);
      const mine = engine(i);
      if ('error' in reference && 'error' in mine) {
        expect(mine.error).toBe(reference.error);
        expect(mine.message).toContain(reference.message);
      } else expect(mine).toEqual(reference);
    });
  });
}
