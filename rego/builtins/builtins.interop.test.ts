/**
 * The built-ins added for OPA parity, evaluated on edge-case arguments by the engine and by the
 * real OPA: results and error kinds must agree. The cases run against both releases the engine
 * follows (v1.15.2, the OPA Topaz 0.33.16 embeds, and v1.22.2); the built-ins v1.22 adds or
 * changes have their own cases, run against v1.22.2 (`since-v1.22/interop-cases.ts`).
 */
import { defineBuiltinComparison } from '../../test/support/opa-builtin-comparison.ts';
import { expressions, input } from './builtins-interop-cases.ts';
import { sinceV1_22Expressions, sinceV1_22Input } from './since-v1.22/interop-cases.ts';

for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
  defineBuiltinComparison({
    title: `added built-ins agree with OPA ${opaVersion}`,
    opaVersion,
    expressions,
    input,
  });
}

defineBuiltinComparison({
  title: 'built-ins OPA v1.22 adds or changes agree with OPA v1.22.2',
  opaVersion: 'v1.22.2',
  expressions: sinceV1_22Expressions,
  input: sinceV1_22Input,
});
