/**
 * `rego.parse_module` against the real OPA v1.15.2 (the version Topaz 0.33.16 embeds): the AST
 * JSON of each module must be OPA's, and a parse error OPA's text. (v1.22.2 also marks the bodies
 * it generates `"generated": true`; the engine answers as v1.15.2.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOutcomes, type OpaOracle, startOpaOracle } from '../../../test/support/opa-oracle.ts';
import { parseModuleExpressions } from './parse-module-interop-cases.ts';

const engine = engineOutcomes(parseModuleExpressions);

describe('rego.parse_module agrees with OPA v1.15.2', () => {
  let oracle: OpaOracle | undefined;
  beforeAll(async () => {
    oracle = await startOpaOracle('v1.15.2', parseModuleExpressions);
  });
  afterAll(() => oracle?.close());

  it.each(parseModuleExpressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
    const reference = await (oracle as OpaOracle).outcome(i);
    const mine = engine(i);
    if ('error' in reference && 'error' in mine) {
      expect(mine.error).toBe(reference.error);
      expect(mine.message).toContain(reference.message);
    } else expect(mine).toEqual(reference);
  });
});
