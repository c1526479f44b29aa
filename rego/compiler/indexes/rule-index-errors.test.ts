/**
 * Which of several failing definitions fails first: the index's order decides it, as in OPA —
 * what a head reads, partial objects, else branches and a package's keys.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins, standardBuiltins } from '../../builtins/index.ts';
import { compilePolicies } from '../../index.ts';
import { decide } from './index-outcome.fixture.ts';

describe('rule indexing: the first error of several', () => {
  it("meets what a head's value or member reads after the body's own reads, as OPA appends them to the body", () => {
    // What OPA v1.15.2 answers in most compilations (29 in 40): the levels are input.obj,
    // input.v[4], then input.s (the third rule's `count(input.s)` is met after its division, and
    // the set's member reads it too), so the set and the third rule run before the second: the
    // division's error, not the conflict of the set at "a" with the second rule's 0.
    const rules = [
      'o.a contains count(input.s)',
      'o[k] := object.get(input.obj, k, 0) if some k in ["a", "b"]',
      'o[k] := count(input.s) if {',
      '  k := "b"',
      '  1 / input.v[4] > 0',
      '}',
      'r1 := object.get(o, "zz", "none")',
    ].join('\n');
    const input = { v: [7, 0, '10', 'x', '%'], obj: { b: '[1,2' }, s: '-3.5' };
    expect(decide(rules, input)).toBe('eval_type_error');
    // Without the second rule's read of input.obj, nothing places it: it runs first, the conflict.
    expect(decide(rules.replace('object.get(input.obj, k, 0)', '0'), input)).toBe('eval_conflict_error');
  });

  it("builds partial objects in the index's order, so a key conflict can come before another definition's error", () => {
    const rules = [
      'o[k] := [1, 2] if {',
      '  k := "b"',
      '  1 / input.v[4] > 0',
      '}',
      'o["b"] := object.get(input.obj, "b", 0) if input.v[2] > 0',
      'o[k] := true if some k in ["b", "c", "a"]',
    ].join('\n');
    const decideObject = (opaVersion: 'v1.15.2' | 'v1.22.2') => {
      const p = compilePolicies([{ file: 'p.rego', source: `package p\n${rules}` }], {
        builtins: createStandardBuiltins({ opaVersion }),
        version: 'v1',
        opaVersion,
      });
      try {
        return p.evaluate('p.o', { v: [0, '', '  pad  ', [], ''], obj: { b: 'abc' } }, { strict: true });
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    // What OPA answers: v1.15.2 the conflict of the last two definitions, v1.22.2 the first one's error.
    expect(decideObject('v1.15.2')).toBe('eval_conflict_error');
    expect(decideObject('v1.22.2')).toBe('eval_type_error');
  });

  it('indexes each else branch on its own, so a conflict between else values can come before an error', () => {
    const input = { v: ['a', 'v1.0.0-rc.1', 0.5, 10], s: '2017' };
    const d1 = 'f(x) := 2 if input.s == "a" else := [1]';
    const d2 = 'f(x) := 1 if { input.s == "a"; x } else := input.v[0]';
    const y = 'f(x) := 1 if { input.v[3] / 0 }';
    const run = (defs: string[]) => decide(`${defs.join('\n')}\nr1 := f(false)`, input);
    // What OPA v1.15.2 answers for each order of the definitions.
    expect(run([d1, d2, y])).toBe('eval_builtin_error');
    expect(run([d1, y, d2])).toBe('eval_conflict_error');
    expect(run([y, d1, d2])).toBe('eval_conflict_error');
    expect(run([d1, d2, 'f(x) := 1 if count(input.v[2]) > 0 else := [1]'])).toBe('eval_type_error');
  });

  it('evaluates a package in key order, so the first error raised is that of the first key', () => {
    const rules = (name: string) =>
      `package p\n${name} := yaml.unmarshal("a: .nan")\no[k] := 1 if some k in ["b"]\no[k] := 2 if some k in ["b"]`;
    const code = (name: string) => {
      const p = compilePolicies([{ file: 'p.rego', source: rules(name) }], {
        builtins: standardBuiltins,
        version: 'v1',
      });
      try {
        return p.evaluate('p', undefined, { strict: true });
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    // What OPA v1.15.2 and v1.22.2 answer for `data.p`.
    expect(code('z0')).toBe('eval_conflict_error');
    expect(code('a0')).toBe('eval_builtin_error');
  });
});
