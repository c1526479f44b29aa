/**
 * Evaluation results where the engine disagreed with OPA v1.15.2 (found by OPA's conformance
 * suite and the differential fuzzer); each expectation is what the real `opa eval` answers.
 */
import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../index.ts';
import { toJson } from '../value/index.ts';

function evaluate(source: string, ref: string, input?: unknown, version: 'v0' | 'v1' = 'v1') {
  const policies = compilePolicies([{ file: 'p.rego', source }], { builtins: standardBuiltins, version });
  const v = policies.evaluate(ref, input);
  return v === undefined ? undefined : toJson(v);
}

describe('safety does not depend on operand order', () => {
  it('binds a variable from a later call operand (`foo == input.foos[foo]`)', () => {
    const source = 'package t\np := foo if { some foo; foo == input.foos[foo] }';
    expect(evaluate(source, 't.p', { foos: { a: 'b', c: 'c' } })).toBe('c');
  });

  it('binds it the same way inside collections and function arguments', () => {
    const source = [
      'package t',
      'p contains k if { [k, 1] == [k, input.xs[k]] }',
      'q contains k if { f(k, input.xs[k]) }',
      'f(a, b) if a == b',
    ].join('\n');
    expect(evaluate(source, 't.p', { xs: [0, 1, 1] })).toEqual([1, 2]);
    expect(evaluate(source, 't.q', { xs: [0, 1, 1] })).toEqual([0, 1]);
  });

  it('still refuses a variable nothing binds', () => {
    expect(() => evaluate('package t\np if { x == y }', 't.p')).toThrow('var x is unsafe');
  });
});

describe('functions without arguments', () => {
  it('appear in their package document with their value, as in OPA', () => {
    const source = 'package t\nf() := 1\ng(x) := x\nh := 2';
    expect(evaluate(source, 't')).toEqual({ f: 1, h: 2 });
    expect(evaluate(source, 't.f')).toBe(1);
  });

  it('leave the package document alone when undefined', () => {
    expect(evaluate('package t\nf() := 1 if false\nh := 2', 't')).toEqual({ h: 2 });
  });
});

describe('references into data with a bound variable key', () => {
  it('read only the addressed package, not the rule holding the reference', () => {
    const policies = compilePolicies(
      [
        { file: 'a.rego', source: 'package test\np := data[first].allow.see if first := "primary"' },
        { file: 'b.rego', source: 'package primary\nallow.see := true\nallow.other := false' },
      ],
      { builtins: standardBuiltins, version: 'v1' },
    );
    expect(policies.evaluate('test.p')).toBe(true);
  });

  it('fall back to base documents where no rule lives', () => {
    const policies = compilePolicies(
      [{ file: 'a.rego', source: 'package test\np := data[k].v if k := "base"' }],
      { builtins: standardBuiltins, version: 'v1', data: { base: { v: 3 } } },
    );
    expect(policies.evaluate('test.p')).toBe(3);
  });

  it('still report a rule that reads itself through such a key', () => {
    expect(() => evaluate('package test\nr := data[k] if k := "test"', 'test.r')).toThrow(/recursive/);
  });
});

describe('negated expressions evaluate call operands first, as OPA compiles them', () => {
  const source = [
    'package t',
    'ne if { not input.y != input.z }',
    'less if { not input.z < 1 }',
    'call if { not startswith(input.z, "a") }',
    'eq if { not input.y == input.z }',
    'plain if { not input.z }',
    'output if { not f("bar", true) }',
    'f(x) if x == "foo"',
  ].join('\n');

  it('is undefined when an operand of a call under `not` is undefined', () => {
    expect(evaluate(source, 't', { y: 1 })).toEqual({ eq: true, output: true, plain: true });
  });

  it('is true when the operands are defined and the call fails', () => {
    expect(evaluate(source, 't', { y: 1, z: 1 })).toEqual({ call: true, less: true, ne: true, output: true });
  });

  it('treats the element of a membership test as an operand, the collection reference not', () => {
    const source = 'package t\nnotin if { not input.x in {1, "a"} }\nin_ref if { "a", 1 in input.obj }';
    expect(evaluate(source, 't', { obj: { a: 1 } })).toEqual({ in_ref: true });
    expect(evaluate(source, 't', { x: 2, obj: { a: 1 } })).toEqual({ notin: true, in_ref: true });
  });

  it('refuses a wildcard under `not` as unsafe', () => {
    expect(() => evaluate('package t\np if { not input.xs[_] == 1 }', 't.p')).toThrow('var _ is unsafe');
    expect(() => evaluate('package t\np if { not startswith(input.xs[_], "a") }', 't.p')).toThrow(
      'var _ is unsafe',
    );
  });
});

describe('call operands are evaluated before the call, as OPA compiles them', () => {
  it('is undefined, not an error, when a later operand is undefined (strict errors)', () => {
    const policies = compilePolicies(
      [{ file: 'p.rego', source: 'package t\np := input.s % 2 - input.missing' }],
      {
        builtins: standardBuiltins,
        version: 'v1',
      },
    );
    expect(policies.evaluate('t.p', { s: 'x' }, { strict: true })).toBeUndefined();
    expect(() => policies.evaluate('t.p', { s: 'x', missing: 1 }, { strict: true })).toThrow(
      'rem: operand 1 must be number but got string',
    );
  });
});
