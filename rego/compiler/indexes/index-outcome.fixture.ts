/**
 * What the rule index tests evaluate: `data.p.r1` of a package of rules, or the code of the error
 * it raises (strict built-in errors), under an OPA release.
 */
import { createStandardBuiltins } from '../../builtins/index.ts';
import { compilePolicies } from '../../index.ts';

/** The value or error code of `data.p.r1` for `rules` (strict built-in errors). */
export function decide(
  rules: string,
  input: unknown,
  opaVersion: 'v1.15.2' | 'v1.22.2' = 'v1.15.2',
): unknown {
  const p = compilePolicies([{ file: 'p.rego', source: `package p\n${rules}` }], {
    builtins: createStandardBuiltins({ opaVersion }),
    version: 'v1',
    opaVersion,
  });
  try {
    return p.evaluate('p.r1', input, { strict: true });
  } catch (e) {
    return (e as { code: string }).code;
  }
}
