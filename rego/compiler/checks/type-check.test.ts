/**
 * The checks stage's types of variables and rules: each program and its verdict is what
 * `opa eval` of v1.15.2 and v1.22.2 answers (the same for both).
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../../builtins/index.ts';
import { RegoError } from '../../errors.ts';
import { compilePolicies } from '../../index.ts';
import type { OpaVersion } from '../../opa-version.ts';

function verdict(rules: string, opaVersion: OpaVersion = 'v1.15.2', version: 'v0' | 'v1' = 'v1'): string {
  try {
    compilePolicies([{ file: 'p.rego', source: `package t\n${rules}\n` }], {
      builtins: createStandardBuiltins({ opaVersion }),
      version,
      opaVersion,
    });
    return 'compiled';
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
}

function refusedByBoth(rules: string, detail: string, version: 'v0' | 'v1' = 'v1'): void {
  for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
    expect(verdict(rules, opaVersion, version), `${opaVersion}: ${rules}`).toBe(`rego_type_error: ${detail}`);
  }
}

describe('types of variables', () => {
  it('follow what binds them first: assignment, unification, a call, iteration, a comprehension', () => {
    refusedByBoth('r if { x := 1; upper(x) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x := 1; y := x; upper(y) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x = 1; upper(x) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x := count([]); upper(x) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { some x in [1, 2]; upper(x) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x := [y | y := 1]; upper(x[0]) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x := {"a": 1}; upper(x.a) }', 'upper: invalid argument(s)');
    refusedByBoth('r if { x := 1; not upper(x) }', 'upper: invalid argument(s)');
  });

  it('refuse unifying terms whose types cannot meet (`==` too), even after an unknown value', () => {
    refusedByBoth('r if { x := 1; x = "a" }', 'match error');
    refusedByBoth('r if { x := 1; x == "a" }', 'match error');
    refusedByBoth('r if { 1 == "a" }', 'match error');
    refusedByBoth('r if { x := 1; x = input.a; x = "a" }', 'match error');
    refusedByBoth('r := {x | x = 1} if { x := {"a": 1} }', 'match error');
  });

  it('refuse references no value of the type can have', () => {
    refusedByBoth('r if { x := 1; x.b }', 'undefined ref: x.b');
    refusedByBoth('r if { x := 1; x[0] }', 'undefined ref: x[0]');
    refusedByBoth('r if { x := {"a": 1}; x["b"] }', 'undefined ref: x.b');
    refusedByBoth('r if { x := [1]; x[3] }', 'undefined ref: x[3]');
    refusedByBoth('r := [y | some y in x] if x := "s"', 'undefined ref: x[_]');
    refusedByBoth('r = x { input := 2; x := input.a }', 'undefined ref: input.a', 'v0');
  });

  it('let any key of an empty array or object literal through on v1.15.2, and refuse it on v1.22.2', () => {
    for (const [rules, detail] of [
      ['r if { x := {}; not is_string(x.y) }', 'undefined ref: x.y'],
      ['r if { x := {}; x.y.z == 1 }', 'undefined ref: x.y.z'],
      ['r if { x := []; x[0] == 1 }', 'undefined ref: x[0]'],
      ['r if { x := {"a": {}}; x.a.b == 1 }', 'undefined ref: x.a.b'],
      ['r if { x := [{}]; x[0].b == 1 }', 'undefined ref: x[0].b'],
    ]) {
      expect(verdict(rules!, 'v1.15.2'), rules).toBe('compiled');
      expect(verdict(rules!, 'v1.22.2'), rules).toBe(`rego_type_error: ${detail}`);
    }
    // A composite key of `{}` passes both, of `[]` only v1.22.2.
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const)
      expect(verdict('r if { x := {}; x[[1]].b }', opaVersion)).toBe('compiled');
    expect(verdict('r if { x := []; x[[1]] }', 'v1.22.2')).toBe('compiled');
    expect(verdict('r if { x := []; x[[1]] }', 'v1.15.2')).toBe('rego_type_error: undefined ref: x[[1]]');
    // An empty array's keys are numbers on both: a string key is refused by v1.15.2 too.
    refusedByBoth('r if { x := []; y := x.a; y }', 'undefined ref: x.a');
    expect(verdict('r if { x = []; some x in x.a }')).toMatch(/^rego_type_error: undefined ref: x.a/);
    // A literal with members is checked on both; the message names the whole reference.
    refusedByBoth('r if { x := {"a": 1}; not is_string(x.y) }', 'undefined ref: x.y');
    refusedByBoth('r if { x := {"a": 1}; x.b.c == 1 }', 'undefined ref: x.b.c');
    refusedByBoth('r if { x := 1; x.b.c == 1 }', 'undefined ref: x.b.c');
  });

  it("type a set's member selected by a scalar key as the key's own type", () => {
    refusedByBoth('r if { x := {1, "a"}; x[1] == "a" }', 'match error');
    refusedByBoth('r if { x := {1, "a"}; x[1].b }', 'undefined ref: x[1].b');
    refusedByBoth('r if { x := {1} | {2}; x[1].b }', 'undefined ref: x[1].b');
    refusedByBoth('r if { x := set() | set(); x[true].b }', 'undefined ref: x[true].b');
    refusedByBoth('r if { x := object.keys({}); x[1].b }', 'undefined ref: x[1].b');
    // A composite key selects the members' type.
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const)
      expect(verdict('r if { x := {1} | {2}; x[[1]][5] }', opaVersion)).toBe('compiled');
  });

  it('type a constant key of `set()` as the key itself on v1.15.2, and refuse it on v1.22.2', () => {
    // OPA's checker gives the members of `set()` no type: v1.15.2 selects a scalar key as that
    // key's type, so selecting further or comparing it fails; v1.22.2 refuses the key itself.
    for (const [rules, v1_15, v1_22] of [
      ['r if { x := set(); x.a.b }', 'undefined ref: x.a.b', 'undefined ref: x.a.b'],
      ['r if { x := set(); x.a == 1 }', 'match error', 'undefined ref: x.a'],
      ['r if { x := set(); x[1] == "a" }', 'match error', 'undefined ref: x[1]'],
      ['r if { x := set(); some y in x.a }', 'undefined ref: x.a[_]', 'undefined ref: x.a'],
      ['r if { x := set(); abs(x.a) }', 'abs: invalid argument(s)', 'undefined ref: x.a'],
      ['r if { x := set(); y := x[true]; y.b }', 'undefined ref: y.b', 'undefined ref: x[true]'],
      ['r if { x := {"s": set()}; x.s.a.b }', 'undefined ref: x.s.a.b', 'undefined ref: x.s.a.b'],
      ['p := set()\nr if { p.a.b }', 'undefined ref: data.t.p.a.b', 'undefined ref: data.t.p.a.b'],
    ]) {
      expect(verdict(rules!, 'v1.15.2'), rules).toBe(`rego_type_error: ${v1_15}`);
      expect(verdict(rules!, 'v1.22.2'), rules).toBe(`rego_type_error: ${v1_22}`);
    }
    // In an `every` body the reference is checked, the comparison is not.
    expect(verdict('r if { x := set(); every w in [1] { x.a == 1; w } }', 'v1.15.2')).toBe('compiled');
    expect(verdict('r if { x := {"a": "s"}; every w in [1] { x.a == 1; w } }', 'v1.22.2')).toBe('compiled');
    // The key alone, or where any string goes, passes v1.15.2.
    for (const rules of ['r if { x := set(); x.a }', 'r if { x := set(); count(x.a) }']) {
      expect(verdict(rules, 'v1.15.2'), rules).toBe('compiled');
      expect(verdict(rules, 'v1.22.2'), rules).toBe('rego_type_error: undefined ref: x.a');
    }
    // A composite or variable key, and what iteration binds, are of any type on both.
    for (const rules of [
      'r if { x := set(); x[[1]][1] }',
      'r if { x := set(); x[_].b }',
      'r if { x := set(); some y in x; y.b }',
      'r if { x := set() | {1}; x.a }',
    ]) {
      expect(verdict(rules, 'v1.15.2'), rules).toBe('compiled');
      expect(verdict(rules, 'v1.22.2'), rules).toBe('compiled');
    }
    // v1.22.2 keeps the memberless type only in a composite written in place: a variable bound
    // to another variable, a reference or an element opens it (what OPA v1.22.2 answered).
    for (const rules of [
      'r if { x := set(); y := x; y.b }',
      'r if { x := {set()}; some y in x; y.b }',
      'r if { x := [set()]; y := x[0]; y == 1 }',
      'r if { x := [set()]; y := x; y[0].b }',
      'r if { y := {"s": set()}.s; y.b }',
      'p := {"s": set()}\nr if { some y in p; y.b }',
    ]) {
      expect(verdict(rules, 'v1.22.2'), rules).toBe('compiled');
    }
    expect(verdict('r if { x := [set()]; x[0].b }', 'v1.22.2')).toBe(
      'rego_type_error: undefined ref: x[0].b',
    );
    expect(verdict('r if { y = set(); y.b }', 'v1.22.2')).toBe('rego_type_error: undefined ref: y.b');
  });

  it('refuse iterating a scalar written in place on v1.15.2 (match error), and not on v1.22.2', () => {
    for (const rules of [
      'r if { some x in "s"; x }',
      'r if { some k, x in 1; x }',
      'r := [x | some x in null]',
      'r if { some x in -1; x }',
    ]) {
      expect(verdict(rules, 'v1.15.2'), rules).toBe('rego_type_error: match error');
      expect(verdict(rules, 'v1.22.2'), rules).toBe('compiled');
    }
    expect(verdict('r if { every x in "s" { x } }', 'v1.15.2')).toBe('compiled');
  });

  it('stay unknown where OPA cannot know them, and accept unions', () => {
    for (const rules of [
      'r if { x := input.a; upper(x) }',
      'r if { x := {1, "a"}; concat(",", x) }',
      'r if { x := [1, 2]; y := x[_]; y > 0 }',
      'r if { x := input.a; x = 1; x = "a" }',
      'f(x) := 1 if { x == "a" } else := 2 if { x == 1 }\nr := f(1)',
      'r if { x := [1, 2]; every y in [1] { x = 1; y } }',
      'r if { every y in [1] { x := 2; x.a; y } }',
      'r if { every y in [1] { x := 2; upper(x); y } }',
    ]) {
      expect(verdict(rules), rules).toBe('compiled');
    }
  });

  it('keep their enclosing types for references inside an `every` body, not for calls', () => {
    refusedByBoth('r if { x := 1; every y in [1] { x.a; y } }', 'undefined ref: x.a');
    refusedByBoth('r if { x := 1; every y in [1] { z := x.a; y } }', 'undefined ref: x.a');
    refusedByBoth('r if { some x in [1]; every y in [1] { x := x.a; y } }', 'undefined ref: x.a');
    refusedByBoth('r if { x := {"a": 1}; every y in [1] { x.a.b; y } }', 'undefined ref: x.a.b');
    // `some z in x` iterates through the reference `x[_]`, so it is read with `x`'s type too.
    refusedByBoth('r if { x := "s"; every y in [1] { some z in x; y } }', 'undefined ref: x[_]');
    refusedByBoth('r if { x := 1; every y in [1] { some z in x; y } }', 'undefined ref: x[_]');
    for (const rules of [
      'r if { x := 1; every y in [1] { upper(x); y } }',
      'r if { x := 1; every y in [1] { x == "a"; y } }',
      'r if { x := 1; every y in [1] { z := x; z.a; y } }',
      'r if { x := [1]; every y in [1] { some z in x; y } }',
      'r if { x := set(); every y in [1] { some z in x; y } }',
    ]) {
      expect(verdict(rules), rules).toBe('compiled');
    }
  });
});

describe('selections by a key not known before evaluation', () => {
  it("select the union of an object's values, refused where no value has the next key", () => {
    // What OPA v1.15.2 and v1.22.2 answer (`data.t.p[input.s].b` in OPA's message).
    refusedByBoth('p := {"s": 1, "t": "a"}\nr if { p[input.s].b }', 'undefined ref: data.t.p[$operand].b');
    refusedByBoth('p := {"s": {"a": 1}}\nr if { p[_].b }', 'undefined ref: data.t.p[$0].b');
    refusedByBoth('p := {"s": set()}\nr if { p[input.s].b.c }', 'undefined ref: data.t.p[$operand].b.c');
    for (const rules of [
      'p := {"s": {"b": 1}}\nr if { p[input.s].b }',
      'p := {"s": 1, "t": {"b": 2}}\nr if { p[input.s].b }',
    ]) {
      expect(verdict(rules, 'v1.15.2'), rules).toBe('compiled');
      expect(verdict(rules, 'v1.22.2'), rules).toBe('compiled');
    }
    // `set()`'s members: the key's own type on v1.15.2, none on v1.22.2.
    expect(verdict('p := {"s": set()}\nr if { p[input.s].b }', 'v1.15.2')).toBe('compiled');
    expect(verdict('p := {"s": set()}\nr if { p[input.s].b }', 'v1.22.2')).toBe(
      'rego_type_error: undefined ref: data.t.p[$operand].b',
    );
  });
});

describe("negations where `not` is OPA v1.22's operator", () => {
  it('check their references, not their calls and comparisons (a comprehension in full)', () => {
    // What OPA v1.22.2 answers with `import future.keywords`.
    const v122 = (body: string) => verdict(`import future.keywords\nr if { ${body} }`, 'v1.22.2');
    expect(v122('x := set(); not x.a.b')).toBe('rego_type_error: undefined ref: x.a.b');
    expect(v122('x := 1; not count(x.a)')).toBe('rego_type_error: undefined ref: x.a');
    expect(v122('x := [set()]; not x[0].a.b')).toBe('rego_type_error: undefined ref: x[0].a.b');
    expect(v122('not [1 | upper(1)]')).toBe('rego_type_error: upper: invalid argument(s)');
    for (const body of ['x := 1; not x == "a"', 'x := "s"; not upper(x) == 1', 'x := 1; not abs(x) == "a"']) {
      expect(v122(body), body).toBe('compiled');
    }
  });
});

describe('types of function parameters', () => {
  it("take the type of their first use as a call's argument, which callers must then meet", () => {
    refusedByBoth('f(x) := upper(x)\nr := f(1)', 'data.t.f: invalid argument(s)');
    refusedByBoth('f(x) := x + 1\nr := f("a")', 'data.t.f: invalid argument(s)');
    refusedByBoth('f(x, y) := concat(x, y)\nr := f(",", "a")', 'data.t.f: invalid argument(s)');
    refusedByBoth('f(x) := g(x)\ng(y) := upper(y)\nr := f(1)', 'data.t.f: invalid argument(s)');
    refusedByBoth('f(x) := upper(x)\nf(x) := x + 1\nr := f(true)', 'data.t.f: invalid argument(s)');
    refusedByBoth('f(x) if { x == 1; upper(x) }\nr if f("a")', 'upper: invalid argument(s)');
  });

  it('written as patterns, take the types their variables first uses give them', () => {
    refusedByBoth('f([x]) := upper(x)\nr := f([1])', 'data.t.f: invalid argument(s)');
    refusedByBoth('f([x, y]) := upper(x)\nr := f([1])', 'data.t.f: invalid argument(s)');
    refusedByBoth('f([x]) := upper(x)\nr := f({"a"})', 'data.t.f: invalid argument(s)');
    refusedByBoth('f({"k": v}) := upper(v)\nr := f({"k": 1})', 'data.t.f: invalid argument(s)');
    refusedByBoth('f([x]) := 1 if { x == 1 }\nr := f(["a"])', 'data.t.f: invalid argument(s)');
    // With `else`, the variables are of any type but the pattern keeps its shape.
    refusedByBoth('f([1, x]) if { x.a } else := 0\nr := f(["a"])', 'data.t.f: invalid argument(s)');
    refusedByBoth('f([x, y]) if { count(x) } else := 0\nr := f(null)', 'data.t.f: invalid argument(s)');
    for (const rules of [
      'f([x]) := upper(x)\nr := f(["a"])',
      'f([1, x]) := upper(x)\nr := f([1, "a"])',
      'f([x]) := y if { y := x }\nr := f([1])',
      'f([x]) := upper(x)\nr := f(input.a)',
      'f([x]) := upper(x) if true else := 1\nr := f([1])',
    ]) {
      expect(verdict(rules), rules).toBe('compiled');
    }
  });

  it('stay of any type after another first use, in else branches and for values of unknown type', () => {
    for (const rules of [
      'f(x) := upper(x)\nf(x) := x + 1\nr := f(1)',
      'f(x) if { y := x; upper(y) }\nr if f(1)',
      'f(x) if { is_string(x); upper(x) }\nr if f(1)',
      'f(x) := upper(x) if true else := 1\nr := f(1)',
      'f(x) := upper(x)\nr := f(input.a)',
      'f(x) := x.a\nr := f(1)',
    ]) {
      expect(verdict(rules, 'v1.15.2'), rules).toBe('compiled');
      expect(verdict(rules, 'v1.22.2'), rules).toBe('compiled');
    }
  });
});

describe('types of rules', () => {
  it('are the union of their values, a set of their members, an object for key rules', () => {
    refusedByBoth('p := 1\nr if upper(p)', 'upper: invalid argument(s)');
    refusedByBoth('s contains 1\nr if upper(s)', 'upper: invalid argument(s)');
    refusedByBoth('o[k] := 1 if { some k in ["a"] }\nr if upper(o)', 'upper: invalid argument(s)');
    refusedByBoth('r := y if { x := 1; y := x + 1 }\nq if upper(r)', 'upper: invalid argument(s)');
    refusedByBoth('p := 1\nr if p.a', 'undefined ref: data.t.p.a');
    refusedByBoth('s contains count([])\nr if s.a', 'undefined ref: data.t.s.a');
    expect(verdict('s contains count([])\nr if s[0]')).toBe('compiled');
    expect(verdict('p := 1 if input.a\np := "a" if input.b\nr if upper(p)')).toBe('compiled');
    expect(verdict('default p := false\np := "a" if input.a\nr if upper(p)')).toBe('compiled');
  });

  it('give a function the union of its results', () => {
    refusedByBoth('f(x) := 1\nr if upper(f(1))', 'upper: invalid argument(s)');
    expect(verdict('f(x) := 1 if x > 0\nf(x) := "a" if x <= 0\nr if upper(f(1))')).toBe('compiled');
  });
});
