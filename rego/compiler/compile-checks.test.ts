/**
 * The compile-time checks of OPA's compiler stages the engine makes too: deprecated built-ins in
 * v1 modules, redeclared and unused declared variables, destructuring that can never match,
 * comprehension variables shadowing an outer binding (per OPA release). Each expectation is what
 * `opa eval` of that release answers.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';
import type { OpaVersion } from '../opa-version.ts';
import { toJson } from '../value/index.ts';

function answer(rule: string, version: 'v0' | 'v1' = 'v1', opaVersion: OpaVersion = 'v1.15.2'): unknown {
  const source = `package t\n${version === 'v0' ? 'import future.keywords\n' : ''}${rule}\n`;
  try {
    const policies = compilePolicies([{ file: 'p.rego', source }], {
      builtins: createStandardBuiltins({ opaVersion }),
      version,
      opaVersion,
    });
    const v = policies.evaluate('t.r', { a: [1, 2] });
    return v === undefined ? 'undefined' : toJson(v);
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
}

describe('deprecated built-ins (CheckDeprecatedBuiltins)', () => {
  it('are type errors in v1 modules and still evaluate in v0 modules', () => {
    for (const call of ['any([true])', 'all([true])', 're_match("a", "a")', 'set_diff({1}, {2})']) {
      const name = call.slice(0, call.indexOf('('));
      expect(answer(`r := ${call}`)).toBe(
        `rego_type_error: deprecated built-in function calls in expression: ${name}`,
      );
      expect(String(answer(`r := ${call}`, 'v0'))).not.toMatch(/error/);
    }
    expect(answer('r := cast_array({1})', 'v0')).toEqual([1]);
    expect(answer('r := net.cidr_overlap("10.0.0.0/8", "10.1.2.3")')).toMatch(/^rego_type_error/);
  });
});

describe('declared variables (RewriteLocalVars)', () => {
  it('refuses a name declared twice in one body, saying how it was declared first', () => {
    expect(answer('r if { x := 1; some x in [2] }')).toBe('rego_compile_error: var x assigned above');
    expect(answer('r := [y | x := 1; some x in [2]; y := x]')).toBe(
      'rego_compile_error: var x assigned above',
    );
    expect(answer('r if { some x in [1]; some x in [2] }')).toBe('rego_compile_error: var x declared above');
    expect(answer('r if { some x; x := 1 }')).toBe('rego_compile_error: var x declared above');
    expect(answer('r if every x, x in [1] { true }')).toBe('rego_compile_error: var x declared above');
  });

  it('refuses a `some` or `every` variable its body never uses', () => {
    expect(answer('r if { some x; true }')).toBe('rego_compile_error: declared var x unused');
    expect(answer('r := [1 | some x]')).toBe('rego_compile_error: declared var x unused');
    expect(answer('r if every x in [1] { true }')).toBe('rego_compile_error: declared var x unused');
    expect(answer('r if every k, v in [1] { v }')).toBe('rego_compile_error: declared var k unused');
    expect(answer('r if every _, v in [1] { v }')).toBe(true);
    expect(answer('r if some x in [1]')).toBe(true);
  });

  it('refuses an assignment whose value reads the variable it declares', () => {
    expect(answer('r := [x | x := x + 1] if { x := 1 }')).toBe('rego_compile_error: var x referenced above');
    expect(answer('r if { every y in [1] { x := x; y } }')).toBe(
      'rego_compile_error: var x referenced above',
    );
    expect(answer('r if { y := [z | x := x; z := x]; x = 1; y }')).toBe(
      'rego_compile_error: var x referenced above',
    );
    expect(answer('r if { x := 1; x := x }')).toBe('rego_compile_error: var x assigned above');
  });

  it("lets a nested body declare a name from the value of the enclosing body's variable", () => {
    expect(answer('r if { x := 1; every y in [1] { x := x; y } }')).toBe(true);
    expect(answer('r if { x := 1; every y in [1] { y; x := x + 1; x == 2 } }')).toBe(true);
    expect(answer('r := y if { x = 1; y := [z | x := x + 1; z := x] }')).toEqual([2]);
    expect(answer('r := y if { x := 1; y := [z | x := x + 1; z := x] }')).toEqual([2]);
    expect(answer('r := y if { x := 1; y := [z | z := [w | x := x; w := x]] }')).toEqual([[1]]);
    expect(answer('r := y if { x := 1; every y in [1] { [x, y] := [x, y] } }')).toBe(
      'rego_compile_error: var y declared above',
    );
  });

  it('rewrites head values, keys, else values and parameters apart from the body, as OPA does', () => {
    const referenced = 'rego_compile_error: var x referenced above';
    expect(answer('r contains [z | x := x; z := x] if x := 1')).toBe(referenced);
    expect(answer('r := 1 if false else := [z | x := x; z := x] if x := 1')).toBe(referenced);
    expect(answer('f([z | x := x; z := x]) := 1 if x := 1\nr := f([1])')).toBe(referenced);
    // A ref head's dynamic terms are part of the body's rewrite.
    expect(answer('r[[z | x := x; z := x]] := 1 if { x := 1 }')).toEqual({ '[1]': 1 });
  });
});

describe('destructuring that can never match (CheckSafety)', () => {
  it('leaves the pattern variables unbound: unsafe', () => {
    expect(answer('r := a if { [a, b] := [] }')).toBe('rego_unsafe_var_error: var a is unsafe');
    expect(answer('r := a if { {"k": a} := {} }')).toBe('rego_unsafe_var_error: var a is unsafe');
    expect(answer('r := a if { [a, [b]] := [1, 2] }')).toBe('rego_unsafe_var_error: var b is unsafe');
    expect(answer('r := b if { [a, b] := [1, 2] }')).toBe(2);
    expect(answer('r := b if { [a, b] := input.a }')).toBe(2);
  });
});

describe('a comprehension variable shadowing an outer binding', () => {
  it('is a membership test of the outer binding in OPA v1.15.2', () => {
    expect(answer('r := [x | some x in x] if { x := input.a }')).toEqual([]);
    expect(answer('r := [[k, x] | some k, x in x] if { x := input.a }')).toEqual([]);
    expect(answer('r := [x | some x in [x]] if { x := 1 }')).toEqual([1]);
    expect(answer('r := [x | some x in [x, 2]] if { x := 1 }')).toEqual([1]);
    expect(answer('r := [k | some k, x in [x, 2]] if { x := 2 }')).toEqual([0, 1]);
    expect(answer('r := [x | some x in x]')).toBe('rego_unsafe_var_error: var x is unsafe');
  });

  it("is checked with the outer binding's type in OPA v1.15.2", () => {
    // What OPA v1.15.2 answers: the variable's type against its own members'.
    expect(answer('r := [x | some x in x] if x := [1, 2]')).toBe('rego_type_error: match error');
    expect(answer('r := {x | some x in x} if x := {"a": 1}')).toBe('rego_type_error: match error');
    expect(answer('r if { x := [1]; some x in x }')).toBe('rego_type_error: match error');
    expect(answer('r := [x | some x in x] if x := "s"')).toBe('rego_type_error: undefined ref: x[_]');
    expect(answer('r := [x | some x in x] if x := {}')).toEqual([]);
    expect(answer('r := [x | some x in x] if x := set()')).toEqual([]);
  });

  it('is refused by OPA v1.22.2', () => {
    for (const rule of [
      'r := [x | some x in x] if { x := input.a }',
      'r := [x | some x in [x]] if { x := 1 }',
    ]) {
      expect(answer(rule, 'v1', 'v1.22.2')).toBe('rego_compile_error: var x assigned before');
    }
    expect(answer('r := [x | some x in input.a] if { x := input.a }', 'v1', 'v1.22.2')).toEqual([1, 2]);
  });
});

describe('a name an `every` body declares after the enclosing body bound it by unification', () => {
  it("is the body's own variable in the whole expression, as OPA rewrites it", () => {
    // What OPA v1.15.2 and v1.22.2 answer.
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
      expect(answer('r if { x = 1; every y in [1] { y == x; x := 3 } }', 'v1', opaVersion)).toBe('undefined');
      expect(answer('r if { x = 1; every y in [1] { y == x; x := 1 } }', 'v1', opaVersion)).toBe(true);
      expect(answer('r if { x = 1; every y in [1] { x := x + 1; y } }', 'v1', opaVersion)).toBe(
        'rego_unsafe_var_error: var x is unsafe',
      );
      expect(answer('r if { x = 1; every y in [x] { x := 2; y } }', 'v1', opaVersion)).toBe(
        'rego_unsafe_var_error: var x is unsafe',
      );
      // Declared with `:=` outside, the earlier use reads the outer variable.
      expect(answer('r if { x := 1; every y in [1] { y == x; x := 3 } }', 'v1', opaVersion)).toBe(true);
      expect(answer('r if { every y in [1] { y == x; x := 3 } }', 'v1', opaVersion)).toBe(
        'rego_compile_error: var x referenced above',
      );
      // `some x in` declares too.
      expect(answer('r if { x = 1; every y in [1] { y == x; some x in [3] } }', 'v1', opaVersion)).toBe(
        'undefined',
      );
      expect(answer('r if { every y in [1] { x.a; some x in [3]; y } }', 'v1', opaVersion)).toBe(
        'rego_compile_error: var x referenced above',
      );
      expect(answer('r if { x == 1; some x in [1] }', 'v1', opaVersion)).toBe(
        'rego_compile_error: var x referenced above',
      );
    }
  });
});

describe('root documents as local names (RewriteLocalVars)', () => {
  it('lets a v0 body assign `input` and `data`, which then name local variables', () => {
    expect(answer('r { input := 2 }', 'v0')).toBe(true);
    expect(answer('r = [input, x] { x := 1; input := 2 }', 'v0')).toEqual([2, 1]);
    expect(answer('r = x { data := {"a": 1}; x := data.a }', 'v0')).toBe(1);
    expect(answer('r = x { x := [input | input := 3] }', 'v0')).toEqual([3]);
    expect(answer('r { input := 2; input := 3 }', 'v0')).toBe('rego_compile_error: var input assigned above');
  });

  it('refuses assigning them in v1, and a function parameter named after one in both', () => {
    expect(answer('r if { input := 2 }')).toBe('rego_compile_error: cannot assign to input');
    const shadowing = 'rego_compile_error: args must not shadow input (use a different variable name)';
    expect(answer('f(input) := 1\nr := f(2)')).toBe(shadowing);
    expect(answer('f(input) = 1\nr = x { x := f(2) }', 'v0')).toBe(shadowing);
    expect(answer('f(data) := 1\nr := f(2)')).toBe(
      'rego_compile_error: args must not shadow data (use a different variable name)',
    );
  });
});

describe('root documents in `some … in` and `every`', () => {
  it('reads `some input in xs` as a membership test of the input document', () => {
    expect(answer('r if { some input in [1, 2] }')).toBe('undefined');
    expect(answer('r if { some input in [{"a": [1, 2]}] }')).toBe(true);
    expect(answer('r := [1 | some input in [1, 2]]')).toEqual([]);
    expect(answer('r if { some input, v in [1]; v }')).toBe('undefined');
    expect(answer('r { some input in [1, 2] }', 'v0')).toBe('undefined');
    expect(answer('r if { some data in [1] }')).toBe(
      'rego_recursion_error: rule data.t.r is recursive: data.t.r -> data.t.r',
    );
  });

  it('refuses them as `every` variables', () => {
    expect(answer('r if { every input in [1] { true } }')).toMatch(/^rego_parse_error/);
    expect(answer('r if { every data, v in [1] { v } }')).toMatch(/^rego_parse_error/);
  });
});
