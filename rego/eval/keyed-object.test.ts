/**
 * Key-directed evaluation of partial-object and ref-head rules: querying one key evaluates only
 * the definitions whose head can produce it. Each expectation is what `opa eval
 * --strict-builtin-errors` (v1.15.2 and v1.22.2) answers.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins, standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../index.ts';
import { toJson } from '../value/index.ts';

const SOURCE = [
  'package t',
  'o[k] := 1 if { some k in ["a", "b"] }',
  'o[k] := 2 if { some k in ["b"] }',
  'p[k] := true if { k := "c"; 1 / input.x > 0 }',
  'p.a := 5',
  'r if { not o.a }',
  's := o[input.k]',
  'q[k].n := 1 if { some k in ["a"] }',
  'q[k].m := 1 / 0 if { some k in ["a"] }',
].join('\n');

const policies = compilePolicies([{ file: 'p.rego', source: SOURCE }], {
  builtins: standardBuiltins,
  version: 'v1',
});

function answer(ref: string): unknown {
  try {
    const v = policies.evaluate(ref, { x: 'str', k: 'a' }, { strict: true });
    return v === undefined ? 'undefined' : toJson(v);
  } catch (e) {
    return (e as { code: string }).code;
  }
}

describe('querying one key of a partial object', () => {
  it('does not surface a conflict of another key', () => {
    expect(answer('t.o.a')).toBe(1);
    expect(answer('t.o.b')).toBe('eval_conflict_error');
    expect(answer('t.o')).toBe('eval_conflict_error');
  });

  it('does not run a body whose head key cannot match (no built-in error in strict mode)', () => {
    expect(answer('t.p.a')).toBe(5);
    expect(answer('t.p.d')).toBe('undefined');
    expect(answer('t.p.c')).toBe('eval_type_error');
    expect(answer('t.p')).toBe('eval_type_error');
  });

  it('holds through rule references, with constant and input-computed keys', () => {
    expect(answer('t.r')).toBe('undefined');
    expect(answer('t.s')).toBe(1);
  });

  it('matches every known key of a ref head, and builds the whole value of a shorter query', () => {
    expect(answer('t.q.a.n')).toBe(1);
    expect(answer('t.q.a')).toBe('eval_builtin_error');
  });
});

describe("the order of an object's definitions", () => {
  const input = { v: [2, 3, '10', {}, [[1]]], obj: { c: 'x', b: '1e3' } };
  function decide(source: string, ref: string, opaVersion: 'v1.15.2' | 'v1.22.2'): unknown {
    const p = compilePolicies([{ file: 'p.rego', source: `package t\n${source}` }], {
      builtins: createStandardBuiltins({ opaVersion }),
      version: 'v1',
      opaVersion,
    });
    try {
      return toJson(p.evaluate(ref, input, { strict: true }) ?? null);
    } catch (e) {
      return (e as { code: string }).code;
    }
  }

  it("follows the rule index for one key: another definition's error before a conflict", () => {
    const source = [
      'o[k] := v if { some k, v in input.obj }',
      'o[k] := [1, 2] if { some k in ["d", "c"]; input.v[2] > 0 }',
      'o[k] := 1 if { k := "c"; 1 / input.v[4] > 0 }',
    ].join('\n');
    // What OPA answers: v1.15.2 runs the last definition first, v1.22.2 in source order.
    expect(decide(source, 't.o.c', 'v1.15.2')).toBe('eval_type_error');
    expect(decide(source, 't.o.c', 'v1.22.2')).toBe('eval_conflict_error');
  });

  it('runs each rule of a complete node below the object as one of its rules before v1.22', () => {
    const source = [
      'o["b"] := object.get(input.obj, "b", 0) if true',
      'o[k] := [1, 2] if { k := "a"; 1 / input.v[4] > 0 }',
      'o["b"] := 1 if { input.v[2] > 0 }',
      'r := [v | some v in o]',
    ].join('\n');
    // What OPA v1.15.2 and v1.22.2 answer: the second definition's error before the conflict of
    // the first and third.
    expect(decide(source, 't.r', 'v1.15.2')).toBe('eval_type_error');
    expect(decide(source, 't.r', 'v1.22.2')).toBe('eval_type_error');
    expect(decide(source, 't.o.b', 'v1.15.2')).toBe('eval_conflict_error');
  });

  it("runs the rules below the object one by one on v1.22 too, after the object's own, in key order", () => {
    const input = { s: 'abc', v: [0, 'z'] };
    const decideWith = (source: string, ref: string) => {
      const p = compilePolicies([{ file: 'p.rego', source: `package t\n${source}` }], {
        builtins: createStandardBuiltins({ opaVersion: 'v1.22.2' }),
        version: 'v1',
        opaVersion: 'v1.22.2',
      });
      try {
        return toJson(p.evaluate(ref, input, { strict: true }) ?? null);
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    // What OPA v1.22.2 answers: `o[k]` first, then `o["a"] := count(…)` conflicts with its "x"
    // before the division's type error of the other definition of "a".
    const conflict = [
      'o["a"] := count(input.s)',
      'o["a"] := 1 / input.v[1]',
      'o[k] := "x" if { some k in ["a"] }',
    ];
    expect(decideWith(conflict.join('\n'), 't.o')).toBe('eval_conflict_error');
    expect(decideWith(conflict.join('\n'), 't.o.a')).toBe('eval_conflict_error');
    // The division first: its error.
    expect(decideWith([conflict[1], conflict[0], conflict[2]].join('\n'), 't.o')).toBe('eval_type_error');
    // Keys below in their order, not the source's: "a" (the division) before "b" (the conflict).
    const keys = [
      'o[k] := "x" if { some k in ["a", "b"] }',
      'o["b"] := count(input.s)',
      'o["a"] := 1 / input.v[1]',
    ];
    expect(decideWith(keys.join('\n'), 't.o')).toBe('eval_type_error');
  });
});

describe('a default rule below a partial object', () => {
  it('gives nothing, whole or by key, as OPA (both releases) answers', () => {
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
      const source =
        'package t\no[k] := 1 if { some k in ["a"] }\ndefault o.b := 0\no.b := 2 if input.nope\n';
      const p = compilePolicies([{ file: 'p.rego', source }], {
        builtins: createStandardBuiltins({ opaVersion }),
        version: 'v1',
        opaVersion,
      });
      expect(toJson(p.evaluate('t.o', {}) ?? null)).toEqual({ a: 1 });
      expect(p.evaluate('t.o.b', {})).toBeUndefined();
    }
  });
});
