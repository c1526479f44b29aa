import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError, toJson } from '../index.ts';
import type { Value } from '../value/index.ts';

// Measured with `opa eval --strict-builtin-errors` of OPA v1.15.2 and v1.22.2, input {"v": 5, "w": [5]}.
const RULES = `
complete if startswith(input.v, "a")
partial contains 1 if startswith(input.v, "a")
g(x) if startswith(input.v, "a")
fcall if g(1)
elsed := 1 if startswith(input.v, "a") else := 2
ends if endswith(input.v, "a")
anyp if strings.any_prefix_match(input.v, ["a", "b"])
earlier if { to_number("x"); startswith(input.v, "a") }
idx if startswith(input.w[0], "a")
imp if startswith(iv, "a")
neg if not startswith(input.v, "a")
cmp := [1 | startswith(input.v, "a")]
`;
const V1_22_RULES = `anded if { to_number("x") and startswith(input.v, "a") }
orx if { to_number("x"); startswith(input.v, "a") or input.w[0] == 6 }
ory if { to_number("x"); input.w[0] == 6 or input.w[0] == 7 }
orz if { to_number("x"); startswith(input.v, "a") or input.w[0] == 5 }
orq if { to_number("x"); startswith(input.v, "a") or count(input.w) > 0 }
orc if { startswith(input.v, "a") or endswith(input.v, "b") or input.w[0] == "c" }
andeq if count(input.v) > 1 and input.w[0] == 1
inor if input.w[0] in {1, "a"} and count(input.v) > 1 or startswith(input.v, "a")
inok if input.w[0] in [5] and count(input.v) > 1 or startswith(input.v, "a")
sameref if input.w[0] == 5 and input.w[0] == 6 or startswith(input.v, "a")
sameno if input.w[0] == 7 and input.w[0] == 6 or startswith(input.v, "a")
local if { startswith(y, "a"); to_number("x"); z = y; y = x; x = input.v }
localref if { startswith(y, "a"); to_number("x"); y = x[0]; x = input.w }
`;

function source(opaVersion: OpaVersion): string {
  return opaVersion === 'v1.22.2'
    ? `package t\nimport future.keywords.and\nimport future.keywords.or\nimport input.v as iv\n${RULES}${V1_22_RULES}`
    : `package t\nimport input.v as iv\n${RULES}`;
}
const INPUT = { v: 5, w: [5] };

function outcome(opaVersion: OpaVersion, rule: string, input: unknown = INPUT): unknown {
  const policies = compilePolicies([{ file: 'p.rego', source: source(opaVersion), version: 'v1' }], {
    builtins: createStandardBuiltins({ opaVersion }),
    opaVersion,
  });
  try {
    const v = policies.evaluate(`data.t.${rule}`, input, { strict: true });
    return v === undefined ? undefined : toJson(v as Value);
  } catch (e) {
    if (e instanceof RegoError) return e.code;
    throw e;
  }
}

describe("OPA v1.22.2's prefix and suffix index (and its ways through or)", () => {
  it.each([
    ['complete', undefined],
    ['partial', []],
    ['fcall', undefined],
    ['elsed', 2],
    ['ends', undefined],
    ['anyp', undefined],
    ['earlier', undefined],
    ['idx', undefined],
    ['imp', undefined],
    ['neg', 'eval_type_error'],
    ['cmp', 'eval_type_error'],
    ['anded', undefined],
    ['orx', undefined],
    ['ory', undefined],
    ['orz', 'eval_builtin_error'],
    ['orq', 'eval_builtin_error'],
    ['orc', undefined],
    ['andeq', undefined],
    // `input.… in` a constant keys a way through an `or` as equalities do; comparisons of one
    // path in one way are alternatives (OPA's index keys the path on each).
    ['inor', undefined],
    ['inok', 'eval_type_error'],
    ['sameref', 'eval_type_error'],
    ['sameno', undefined],
    ['local', undefined],
    ['localref', undefined],
  ])('skips a rule body whose input is not a string with the affix (%s)', (rule, want) => {
    expect(outcome('v1.22.2', rule)).toEqual(want);
  });

  it.each(['complete', 'earlier', 'elsed'])('is not in v1.15.2, which evaluates the body (%s)', (rule) => {
    expect(outcome('v1.15.2', rule)).toBe(rule === 'earlier' ? 'eval_builtin_error' : 'eval_type_error');
  });

  it('reads a local bound to the input path (through other locals) as that path', () => {
    // What OPA v1.22.2 answers: the rule runs when the path holds a string with the affix.
    expect(outcome('v1.22.2', 'local', { v: 'abc', w: [5] })).toBe('eval_builtin_error');
    // A selection below such a local (`y = x[0]`, `x = input.w`) is read as `input.w[0]`.
    expect(outcome('v1.22.2', 'localref', { v: 5, w: ['abc'] })).toBe('eval_builtin_error');
  });

  it('still evaluates the rule when the input matches', () => {
    expect(outcome('v1.22.2', 'complete', { v: 'abc' })).toBe(true);
    expect(outcome('v1.22.2', 'earlier', { v: 'abc' })).toBe('eval_builtin_error');
  });

  it('evaluates it when a member of an array or object there (not deeper) has the affix', () => {
    expect(outcome('v1.22.2', 'elsed', { v: ['abc', 1] })).toBe('eval_type_error');
    expect(outcome('v1.22.2', 'elsed', { v: { x: 'abc', y: false } })).toBe('eval_type_error');
    expect(outcome('v1.22.2', 'ends', { v: { k: 'ba' } })).toBe('eval_type_error');
    expect(outcome('v1.22.2', 'elsed', { v: ['b'] })).toBe(2);
    expect(outcome('v1.22.2', 'elsed', { v: { a: ['abc'] } })).toBe(2);
    expect(outcome('v1.22.2', 'elsed', { v: { a: 0.5 } })).toBe(2);
  });
});
