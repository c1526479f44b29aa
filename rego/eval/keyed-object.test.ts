/**
 * Key-directed evaluation of partial-object and ref-head rules: querying one key evaluates only
 * the definitions whose head can produce it. Each expectation is what `opa eval
 * --strict-builtin-errors` (v1.15.2 and v1.22.2) answers.
 */
import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
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
