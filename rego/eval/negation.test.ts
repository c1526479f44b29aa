import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';
import { toJson } from '../value/index.ts';

// Every expected value below was measured with OPA 1.15.2 (`opa eval -d p.rego --input in.json`).
const INPUT = { a: { b: 1 }, arr: ['xa', 'ya'] };

function rule(body: string, input: unknown = INPUT): unknown {
  const source = `package pkg\n\nh(x) := 1 if x == 2\n\np if {\n${body}\n}\n`;
  const p = compilePolicies([{ file: 'p.rego', source, version: 'v1' }], { builtins: standardBuiltins });
  const v = p.evaluate('data.pkg.p', input);
  return v === undefined ? undefined : toJson(v);
}

function query(text: string, input?: unknown): number {
  const p = compilePolicies([], { builtins: standardBuiltins });
  return p.query(text, { input }).length;
}

describe('not over an undefined operand (OPA hoists it out of the negation)', () => {
  it.each([
    ['not is_string(input.nothing)'],
    ['not count(input.nothing) > 0'],
    ['not startswith(input.nothing, "x")'],
    ['not input.nothing > 1'],
    ['not input.nothing != 1'],
    ['not [input.nothing] == [1]'],
    ['not {"k": input.nothing} == {"k": 1}'],
    ['not is_string({"k": input.nothing})'],
    ['not is_string({input.nothing})'],
    ['not is_string(lower(input.nothing))'],
    ['not is_number(h(1))'],
    ['not h(1) == 1'],
    ['not "a" in input.nothing'],
    ['not input.nothing in {1}'],
    ['not input.a[input.nothing]'],
    ['not input.a[input.nothing] == 1'],
    ['not input.a[h(1)]'],
    ['not [input.nothing][0]'],
    ['not count(input.nothing, 1)'],
    ['not is_string(1) with input as input.nothing'],
  ])('%s is undefined', (body) => {
    expect(rule(body)).toBeUndefined();
  });

  it.each([
    ['not input.nothing == 1'],
    ['not input.nothing = 1'],
    ['not input.nothing == input.nothing'],
    ['not input.nothing'],
    ['not input.nothing.deeper'],
    ['not is_string(input.a.b)'],
    ['not h(1)'],
    ['not is_string([y | y := input.nothing; y])'],
    ['not count([1 | input.nothing]) > 0'],
    ['not [input.a.b] == [2]'],
    ['not is_string(input.nothing) with input as {"nothing": 1}'],
    ['not is_string(input.nothing) with input.nothing as 1'],
    ['not is_string(input.a[x]); x = "b"'],
  ])('%s is true', (body) => {
    expect(rule(body)).toBe(true);
  });

  it('hoists inside comprehension and every bodies, and in else branches', () => {
    expect(rule('xs := [1 | not is_string(input.nothing)]; count(xs) == 0')).toBe(true);
    expect(rule('every x in [1] { x; not is_string(input.nothing) }')).toBeUndefined();
    expect(rule('[x | some x in [1, 2]; not x > input.nothing] == []')).toBe(true);
    const source =
      'package pkg\nf(x) := 1 if { x == 0 } else := 2 if { not is_string(input.nothing) }\nv := f(1)\n';
    const p = compilePolicies([{ file: 'p.rego', source, version: 'v1' }], { builtins: standardBuiltins });
    expect(p.evaluate('data.pkg.v', INPUT)).toBeUndefined();
  });

  it('in queries, == stays a call whose reference operands are hoisted', () => {
    expect(query('not input.nothing == 1', INPUT)).toBe(0);
    expect(query('not input.nothing = 1', INPUT)).toBe(1);
    expect(query('not input.nothing', INPUT)).toBe(1);
  });

  it('hoists input itself, undefined without an input', () => {
    expect(query('not is_string(input)')).toBe(0);
    expect(query('not is_string(input)', INPUT)).toBe(1);
  });

  it('refuses a wildcard in a hoisted operand as unsafe', () => {
    try {
      rule('not startswith(input.arr[_], "x")');
      expect.unreachable('expected an unsafe variable error');
    } catch (e) {
      expect(e).toBeInstanceOf(RegoError);
      expect([(e as RegoError).code, (e as RegoError).detail]).toEqual([
        'rego_unsafe_var_error',
        'var _ is unsafe',
      ]);
    }
  });
});
