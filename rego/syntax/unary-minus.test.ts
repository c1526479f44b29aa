/**
 * `-` before a variable, reference or call: a parse error in OPA v1.15.2, `minus(0, term)` in
 * OPA v1.22.2. Each expectation is what `opa eval` of that release answers.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError } from '../index.ts';
import { toJson } from '../value/index.ts';

function evaluate(body: string, opaVersion: OpaVersion, version: 'v0' | 'v1' = 'v1'): unknown {
  const source = `package t\n${version === 'v0' ? 'import future.keywords\n' : ''}${body}\n`;
  const policies = compilePolicies([{ file: 'p.rego', source, version }], {
    builtins: createStandardBuiltins({ opaVersion }),
    opaVersion,
  });
  const v = policies.evaluate('data.t', { a: 3, z: [1, 5] });
  return v === undefined ? undefined : toJson(v);
}

function parseError(body: string, opaVersion: OpaVersion): string {
  try {
    evaluate(body, opaVersion);
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('unary minus on terms', () => {
  it('negates variables, references and calls in OPA v1.22.2', () => {
    expect(evaluate('r := -input.a', 'v1.22.2')).toEqual({ r: -3 });
    expect(evaluate('r := - input.z[1]', 'v1.22.2')).toEqual({ r: -5 });
    expect(evaluate('r := -input.a * 2', 'v1.22.2')).toEqual({ r: -6 });
    expect(evaluate('r := 1 - -input.a', 'v1.22.2')).toEqual({ r: 4 });
    expect(evaluate('r := -count(input.z)', 'v1.22.2')).toEqual({ r: -2 });
    expect(evaluate('f(x) := -x\nr := f(2)', 'v1.22.2')).toEqual({ r: -2 });
    expect(evaluate('r := {-x: x | some x in [1, 2]}', 'v1.22.2')).toEqual({ r: { '-1': 1, '-2': 2 } });
    expect(evaluate('r := [-x | x := input.a]', 'v1.22.2', 'v0')).toEqual({ r: [-3] });
  });

  it('keeps true, false, null, strings and collections after `-` a parse error', () => {
    for (const bad of ['-true', '-null', '-"a"', '-[1]', '-(1 + input.a)', '--input.a'])
      expect(parseError(`r := ${bad}`, 'v1.22.2')).toMatch(
        /^rego_parse_error: unexpected .*: expected number$/,
      );
  });

  it('is a parse error before OPA v1.22', () => {
    expect(parseError('r := -input.a', 'v1.15.2')).toBe(
      'rego_parse_error: unexpected input token: expected number',
    );
    expect(parseError('r := {-x: x | some x in [1, 2]}', 'v1.15.2')).toMatch(/expected number$/);
  });
});
