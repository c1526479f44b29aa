/**
 * Which error a policy with several problems gets: the one OPA's compiler stages report first
 * (local variables → rule conflicts → undefined functions → safety → recursion → types →
 * deprecated built-ins), per release. Each expectation is the first error `opa eval` of that
 * release reports.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';
import type { OpaVersion } from '../opa-version.ts';

function firstError(rules: string, opaVersion: OpaVersion = 'v1.15.2'): string {
  try {
    compilePolicies([{ file: 'p.rego', source: `package t\n${rules}\n` }], {
      builtins: createStandardBuiltins({ opaVersion }),
      version: 'v1',
      opaVersion,
    });
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
  return 'compiled';
}

const both = (rules: string) => [firstError(rules, 'v1.15.2'), firstError(rules, 'v1.22.2')];

describe('the order of the compiler stages', () => {
  it('checks safety before recursion, and both before types', () => {
    expect(both('r if { r; z }')).toEqual(Array(2).fill('rego_unsafe_var_error: var z is unsafe'));
    expect(both('r := 1 if { count(1, 2); z }')).toEqual(
      Array(2).fill('rego_unsafe_var_error: var z is unsafe'),
    );
    expect(both('r := 1 if { y := 1 + "a"; z }')).toEqual(
      Array(2).fill('rego_unsafe_var_error: var z is unsafe'),
    );
    expect(firstError('r if { r; count(1, 2) }')).toBe(
      'rego_recursion_error: rule data.t.r is recursive: data.t.r -> data.t.r',
    );
  });

  it('reports undefined functions before unsafe variables, after local variables and conflicts', () => {
    expect(both('r := 1 if { nofn(1); z }')).toEqual(
      Array(2).fill('rego_type_error: undefined function nofn'),
    );
    expect(both('r := 1 if { nofn(1); x := 1; x := 2 }')).toEqual(
      Array(2).fill('rego_compile_error: var x assigned above'),
    );
    expect(firstError('r := 1\nr[x] := 1 if { nofn(x) }')).toMatch(/^rego_type_error: conflicting rules/);
  });

  it('checks deprecated built-ins after types in v1.15.2, beside them in v1.22.2', () => {
    expect(both('r if { any([true]); z }')).toEqual(Array(2).fill('rego_unsafe_var_error: var z is unsafe'));
    expect(both('r if { any([true]); count(1, 2) }')).toEqual([
      'rego_type_error: count: invalid argument(s)',
      'rego_type_error: deprecated built-in function calls in expression: any',
    ]);
  });

  it('stops at an unused declared variable in v1.15.2; v1.22.2 reports it beside later errors, by location', () => {
    expect(both('r if { some x; true; z }')).toEqual([
      'rego_compile_error: declared var x unused',
      'rego_compile_error: declared var x unused',
    ]);
    expect(both('r if { z; some x; true }')).toEqual([
      'rego_compile_error: declared var x unused',
      'rego_unsafe_var_error: var z is unsafe',
    ]);
    expect(firstError('r if { y := 1 + "a"; some x; true }', 'v1.22.2')).toBe(
      'rego_type_error: plus: invalid argument(s)',
    );
    expect(firstError('r if { some x; true }', 'v1.22.2')).toBe('rego_compile_error: declared var x unused');
  });

  it('counts a declared variable the head uses as used', () => {
    expect(both('r := x if { some x; true }')).toEqual(
      Array(2).fill('rego_unsafe_var_error: var x is unsafe'),
    );
  });
});
