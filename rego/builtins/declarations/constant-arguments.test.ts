import { describe, expect, it } from 'vitest';
import { compilePolicies } from '../../policy-set.ts';
import { createStandardBuiltins } from '../index.ts';

const builtins = createStandardBuiltins();

/** The error code compiling `rules` gives, or `ok`. */
function compileCode(rules: string, version: 'v0' | 'v1' = 'v1'): string {
  const imports = version === 'v0' ? 'import future.keywords\n' : '';
  try {
    compilePolicies([{ file: 'a.rego', source: `package a\n${imports}\n${rules}` }], { builtins, version });
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
}

describe("OPA's type checker on arguments known before evaluation", () => {
  it.each([
    'r := concat(1, ["a"])',
    'r := sum(["a"])',
    'r := object.union_n([1])',
    'r := [[1] & [2]]',
    'r := split("a", 1)',
    'r := to_number([1])',
    'r := [object.get([], "a", 1)]',
    'r := upper(count(input.x))',
    'r := sprintf("%d", 1)',
    'r := net.cidr_contains_matches({1}, "1.2.3.4")',
    'r := json.remove({}, {1})',
    'r := 1 + "a"',
    'r if { x := input.y; abs("1") > x }',
    'f(x) := lower(true) if x',
  ])('refuses %s as rego_type_error, queried or not', (rules) => {
    expect(compileCode(rules)).toBe('rego_type_error');
    expect(compileCode(rules.replace(/ if /, ' if '), 'v0')).toBe('rego_type_error');
  });

  it("leaves negations alone once `not` is OPA v1.22's operator", () => {
    const compile = (imports: string, opaVersion: 'v1.15.2' | 'v1.22.2') => {
      try {
        compilePolicies(
          [{ file: 'a.rego', source: `package a\n${imports}\nr := "f" if { not object.union_n([1]) }` }],
          {
            builtins: createStandardBuiltins({ opaVersion }),
            version: 'v1',
            opaVersion,
          },
        );
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    // What OPA v1.22.2 answers: "f" with the import, a type error without it.
    expect(compile('import future.keywords.not', 'v1.22.2')).toBe('ok');
    expect(compile('import future.keywords.and', 'v1.22.2')).toBe('rego_type_error');
    expect(compile('', 'v1.15.2')).toBe('rego_type_error');
  });

  it.each([
    'r := concat(",", {"x", "y"})',
    'r := count(input.items)',
    'r := sprintf("%v", [1])',
    'r := count([x | some x in input.xs])',
    'r := sum([1, 2.5])',
    'r := object.union_n([{"a": 1}, {}])',
    'r := json.patch({}, [{"op": "add", "path": "/a", "value": 1}])',
    'r := json.remove({}, {"a", ["b", 1]})',
    'r := time.add_date(0, 1, 0, 0)',
    'r := net.cidr_contains_matches({"a": "10.0.0.0/8"}, [["1.2.3.4", 1]])',
    'r := upper(x) if x := "a"',
    'r := sum(input.xs) + count(input.s)',
    'upper(x) := x\nr := upper(1)',
  ])('accepts %s', (rules) => {
    expect(compileCode(rules)).toBe('ok');
  });
});
