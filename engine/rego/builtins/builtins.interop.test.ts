/**
 * The built-ins added for OPA parity, evaluated on edge-case arguments by the engine and by the
 * real OPA: results and error kinds must agree. The cases run against both releases the engine
 * follows (v1.15.2, the OPA Topaz 0.33.16 embeds, and v1.22.2); the built-ins v1.22 adds or
 * changes have their own cases, run against v1.22.2 (`since-v1.22/interop-cases.ts`).
 */
import { defineBuiltinComparison } from '../../../test/support/opa-builtin-comparison.ts';
import { expressions, input } from './builtins-interop-cases.ts';
import { sinceV1_22Expressions, sinceV1_22Input } from './since-v1.22/interop-cases.ts';

/** Where the cases' answers under OPA v1.22.2 are known to differ from the engine's, and why. */
const JWK_WORDING =
  'OPA v1.22.2 reads JWKs with a newer jwx whose failures are worded otherwise ("failed to probe data: …", "failed to parse sole key: jwk.ParseKey: …"); the engine words them as v1.15.2 does; the error kind agrees';
const v1_22Divergences = Object.fromEntries(
  expressions
    .filter((e) => e.includes('"not a key"') || e.includes('"cert": "{}"'))
    .map((e) => [e, JWK_WORDING]),
);

for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
  defineBuiltinComparison({
    title: `added built-ins agree with OPA ${opaVersion}`,
    opaVersion,
    expressions,
    input,
    ...(opaVersion === 'v1.22.2' ? { knownDivergences: v1_22Divergences } : {}),
  });
}

defineBuiltinComparison({
  title: 'built-ins OPA v1.22 adds or changes agree with OPA v1.22.2',
  opaVersion: 'v1.22.2',
  expressions: sinceV1_22Expressions,
  input: sinceV1_22Input,
});
