import { describe, expect, it } from 'vitest';
import { parseModule } from '../../syntax/index.ts';
import { admittedKinds, builtinArgumentProblems } from './argument-types.ts';

const problems = (source: string) =>
  builtinArgumentProblems(parseModule(`package a\n\n${source}`, 'a.rego', { version: 'v1' })).map(
    (p) => `${p.location.line}:${p.location.column}: ${p.message}`,
  );

describe('the arguments of built-in calls against the declarations', () => {
  it('refuses a constant of a kind the declared type does not admit, naming the argument', () => {
    expect(problems('n := count(5)')).toEqual([
      '3:12: count: argument 1 (collection) must be any<string, array[any], object[any: any], set[any]>, got number',
    ]);
    expect(problems('s := concat(",", "a")')).toEqual([
      '3:18: concat: argument 2 (collection) must be any<array[string], set[string]>, got string',
    ]);
    expect(problems('allow if startswith(input.path, 7)')).toEqual([
      '3:33: startswith: argument 2 (base) must be string, got number',
    ]);
  });

  it('finds calls anywhere: nested, in comprehensions, in else branches and function bodies', () => {
    expect(problems('xs := [upper(1) | some i in [1]]\nf(x) := lower(true) if x')).toHaveLength(2);
  });

  it('admits what the type admits and leaves computed arguments to evaluation', () => {
    expect(
      problems(
        [
          'a := count([1, 2])',
          'b := count({"k": 1})',
          'c := concat(",", {"x", "y"})',
          'd := count(input.items)',
          'e := sprintf("%v", [1])',
          'f := count([x | some x in input.xs])',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves alone a function the module defines under a built-in name', () => {
    expect(problems('upper(x) := x\ny := upper(1)')).toEqual([]);
  });

  it("reads OPA's type notation: unions, element types, any", () => {
    expect([...admittedKinds('any<string, array[any], object[any: any], set[any]>')].sort()).toEqual([
      'array',
      'object',
      'set',
      'string',
    ]);
    expect([...admittedKinds('array<object[string: any], any>')]).toEqual(['array']);
    expect(admittedKinds('any').size).toBe(7);
  });
});
