/**
 * `crypto.x509.parse_and_verify_certificates` and `…_with_options` against the real OPA v1.15.2
 * (the version Topaz 0.33.16 embeds): verdicts, returned chains and option errors must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOutcomes, type OpaOracle, startOpaOracle } from '../../../test/support/opa-oracle.ts';
import { expressions, input } from './verify-interop-cases.ts';

const engine = engineOutcomes(expressions, input);

describe('certificate chain verification agrees with OPA v1.15.2', () => {
  let oracle: OpaOracle | undefined;
  beforeAll(async () => {
    oracle = await startOpaOracle('v1.15.2', expressions);
  });
  afterAll(() => oracle?.close());

  it.each(expressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
    const reference = await (oracle as OpaOracle).outcome(i, input);
    const mine = engine(i);
    if ('error' in reference && 'error' in mine) {
      expect(mine.error).toBe(reference.error);
      expect(mine.message).toContain(reference.message);
    } else expect(mine).toEqual(reference);
  });
});
