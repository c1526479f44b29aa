/**
 * Built-in expressions evaluated by the engine and by the real OPA of a given release, results
 * and error kinds compared: one test per expression, over one OPA server for the whole set
 * (`opa-oracle.ts`), the engine compiled with the built-ins of the same release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpaVersion } from '../../rego/index.ts';
import { engineOutcomes, type OpaOracle, startOpaOracle } from './opa-oracle.ts';

/** A set of expressions to compare and the input they read. */
export interface BuiltinCaseSet {
  /** Title of the `describe` block. */
  readonly title: string;
  /** The OPA release both sides follow. */
  readonly opaVersion: OpaVersion;
  /** Rego expressions (Rego v1), each the value of one rule. */
  readonly expressions: readonly string[];
  /** The input document both sides evaluate with. */
  readonly input: unknown;
}

/**
 * Defines one test per expression comparing the engine with the real OPA of `cases.opaVersion`.
 * @example defineBuiltinComparison({ title: 'uri built-ins', opaVersion: 'v1.22.2', expressions: ['uri.parse("x:y")'], input: {} });
 */
export function defineBuiltinComparison(cases: BuiltinCaseSet): void {
  const { opaVersion, expressions, input } = cases;
  const engineOutcome = engineOutcomes(expressions, input, opaVersion);
  let oracle: OpaOracle | undefined;

  describe(cases.title, () => {
    beforeAll(async () => {
      oracle = await startOpaOracle(opaVersion, expressions);
    });

    afterAll(() => oracle?.close());

    it.each(expressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
      const engine = engineOutcome(i);
      const reference = await (oracle as OpaOracle).outcome(i, input);
      if ('error' in reference && 'error' in engine) {
        expect(engine.error).toBe(reference.error);
        expect(engine.message).toContain(reference.message);
      } else expect(engine).toEqual(reference);
    });
  });
}
