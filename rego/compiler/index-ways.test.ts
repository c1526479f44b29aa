import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError, toJson } from '../index.ts';
import type { Value } from '../value/index.ts';

// Each expectation is what `opa eval --strict-builtin-errors` of the release answered.
const BOTH = `
arr if { count(input.n) > 1; input.xs == [] }
pair if { to_number(input.s) > 0; input.xs == [1, 2] }
local if { to_number(input.s) > 0; x := [1]; input.xs == x }
inarr if { to_number(input.s) > 0; input.xs in {[1, 2], 5} }
scalarlevel if { to_number(input.s) > 0; input.x == 1 }
converging if { to_number(input.s) > 0; input.x in {1, 2}; input.y == 3 }
shadow := y if { x := 1; y := [w | [x] := [count([x])]; w := x] }
`;
const V1_22 = `
orinand if { to_number(input.s) > 0 and (input.v[0] in {1, "a"} or startswith(input.obj, "a")) }
andarr if { count(input.n) > 1 and input.xs == [] }
andinor if { startswith(input.v[1], "a") or input.obj["b"] != input.v[7] and input.v[7] == [] }
affixoreq if { startswith(input.v[0], "a") and count(input.obj) > 1 and input.v[0] == 1 }
nestedreq if { input.s and (1 / input.obj > 0 and input.s and input.nope) }
operandorder if { input.n == 1 or to_number(input.s) + count(input.m) > 0 }
deep if { to_number(input.s) > 0; input.n == 1 or (input.m == 2 and (input.k == 3 or input.j == 4)) }
inobj if { to_number(input.s) > 0; input.xs in {{"a": 1}, 5} }
sameref if { to_number(input.s) > 0; input.n == 1; input.n == 2 or input.k == 3 }
`;

function outcome(opaVersion: OpaVersion, rule: string, input: unknown): unknown {
  const head = opaVersion === 'v1.22.2' ? 'import future.keywords.and\nimport future.keywords.or\n' : '';
  const source = `package t\n${head}${BOTH}${opaVersion === 'v1.22.2' ? V1_22 : ''}`;
  const policies = compilePolicies([{ file: 'p.rego', source, version: 'v1' }], {
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

const TYPE = 'eval_type_error';
const BUILTIN = 'eval_builtin_error';

describe("OPA's rule index keys a path on an array written in place (both releases)", () => {
  it.each([
    ['arr', { n: 5, xs: [1] }, undefined],
    ['arr', { n: 5, xs: [] }, TYPE],
    ['pair', { s: 'x', xs: [1, 3] }, undefined],
    ['pair', { s: 'x', xs: { a: 1 } }, undefined],
    ['pair', { s: 'x', xs: [1, 2] }, BUILTIN],
    ['local', { s: 'x', xs: [2] }, undefined],
    ['inarr', { s: 'x', xs: [1, 2] }, BUILTIN],
    ['inarr', { s: 'x', xs: [1, 3] }, undefined],
    // reading the body for the index declares nothing: the comprehension's `x` is its own
    ['shadow', {}, [1]],
  ])('%s with %j', (rule, input, want) => {
    for (const v of ['v1.15.2', 'v1.22.2'] as const) expect(outcome(v, rule, input)).toEqual(want);
  });
});

describe("OPA v1.22.2's index through and/or", () => {
  it.each([
    // an `or` inside an `and`: one of its ways must hold
    ['orinand', { s: 'x', v: [2], obj: 'b' }, undefined],
    ['orinand', { s: 'x', v: [1], obj: 'b' }, BUILTIN],
    ['orinand', { s: 'x', v: [2], obj: 'ab' }, BUILTIN],
    ['andarr', { n: 5, xs: [1] }, undefined],
    ['andarr', { n: 5, xs: [] }, TYPE],
    // an `and` inside an `or`: what `!=` reads is keyed on nowhere, so only the array decides
    ['andinor', { v: [1, 2], obj: { b: 1 } }, undefined],
    ['andinor', { v: [1, 2, 3, 4, 5, 6, 7, []], obj: { b: 1 } }, TYPE],
    // an affix beside an equality of the same path: either admits the rule
    ['affixoreq', { v: [['a']], obj: { b: 1 } }, TYPE],
    ['affixoreq', { v: [1], obj: { b: 1 } }, TYPE],
    ['affixoreq', { v: [2], obj: { b: 1 } }, undefined],
    // what a nested `and` reads, the rule needs
    ['nestedreq', { s: true, obj: {} }, undefined],
    ['nestedreq', { s: true, obj: {}, nope: 1 }, TYPE],
    // an `or` operand runs in its order: no read is required by an operand alone
    ['operandorder', { s: 'x', n: 2 }, BUILTIN],
    ['deep', { s: 'x', n: 2, m: 2, k: 1, j: 1 }, undefined],
    ['deep', { s: 'x', n: 2, m: 2, k: 1, j: 4 }, BUILTIN],
    ['deep', { s: 'x', n: 1 }, BUILTIN],
    // an object among the members of `in` admits any value
    ['inobj', { s: 'x', xs: [1, 2] }, BUILTIN],
    ['inobj', { s: 'x' }, undefined],
    // the body's constant for a path is an alternative to a way's
    ['sameref', { s: 'x', n: 2, k: 1 }, BUILTIN],
    ['sameref', { s: 'x', n: 1, k: 3 }, BUILTIN],
    ['sameref', { s: 'x', n: 3, k: 3 }, undefined],
    ['sameref', { s: 'x', n: 3, k: 1 }, undefined],
  ])('%s with %j', (rule, input, want) => {
    expect(outcome('v1.22.2', rule, input)).toBe(want);
  });
});

describe('a path keyed on constants, release by release', () => {
  it.each([
    // v1.15.2 matches a collection's members against the constants; v1.22.2 the value itself
    ['scalarlevel', { s: 'x', x: [1] }, BUILTIN, undefined],
    // v1.15.2 stops the path at a path of several constants; v1.22.2 goes on from them
    ['converging', { s: 'x', x: 1, y: 4 }, BUILTIN, undefined],
    ['converging', { s: 'x', x: 2, y: 3 }, BUILTIN, BUILTIN],
  ])('%s with %j', (rule, input, v15, v22) => {
    expect(outcome('v1.15.2', rule, input)).toBe(v15);
    expect(outcome('v1.22.2', rule, input)).toBe(v22);
  });
});
