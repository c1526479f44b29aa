import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../../builtins/index.ts';
import { compilePolicies } from '../../index.ts';
import { decide } from './index-outcome.fixture.ts';

const ROUTES = `package routes

default allow := false

allow { print("GET"); input.method == "GET"; input.path == "/docs" }
allow { print("POST"); input.method = "POST"; input.user.admin }
allow { print("ANY"); input.user.root }
allow { print("DELETE"); "DELETE" == input.method; input.user.owner } else { print("else"); input.user.delegate }
`;

function run(input: unknown): { allow: unknown; printed: string[] } {
  const printed: string[] = [];
  const policies = compilePolicies([{ file: 'routes.rego', source: ROUTES }], { builtins: standardBuiltins });
  const allow = policies.evaluate('routes.allow', input, { print: (m) => printed.push(m) });
  return { allow, printed: printed.sort() };
}

describe('rule indexing', () => {
  it('decides as without indexing, for matching, other and missing values', () => {
    expect(run({ method: 'GET', path: '/docs', user: {} }).allow).toBe(true);
    expect(run({ method: 'POST', path: '/docs', user: { admin: true } }).allow).toBe(true);
    expect(run({ method: 'PUT', user: { root: true } }).allow).toBe(true);
    expect(run({ method: 'PUT', user: {} }).allow).toBe(false);
    expect(run({ user: {} }).allow).toBe(false);
    expect(run({ method: 'GET', user: { delegate: true } }).allow).toBe(true);
  });

  it('indexes no definition that prints, as OPA', () => {
    expect(run({ method: 'PUT', user: {} }).printed).toEqual(['ANY', 'DELETE', 'GET', 'POST', 'else']);
  });

  it("runs definitions in OPA's index order and stops at the first success when all yield one constant", () => {
    const input = { v: [[], '10Mi', 'a'] };
    const plus = 'r1 := 2 if { input.v[2] + 1 > 0 }';
    const count = 'r1 := 2 if { count(input.v[1]) > 0 }';
    // What OPA v1.15.2 and v1.22.2 answer: the definition reading the later path runs first.
    expect(decide(`${plus}\n${count}`, input)).toBe(2);
    expect(decide(`${count}\n${plus}`, input)).toBe('eval_type_error');
    // Different values: every definition runs, in source order here.
    expect(decide(`${plus}\nr1 := 3 if { count(input.v[1]) > 0 }`, input)).toBe('eval_type_error');
    // A definition reading an undefined path is skipped, so the others may exit early.
    expect(decide(`${plus}\n${count}\nr1 := 1 if { true; input.missing }`, input)).toBe(2);
    // A definition the index cannot place runs first.
    expect(decide(`${plus}\nr1 := 2 if { 1 / 0 }\n${count}`, input)).toBe('eval_builtin_error');
    expect(decide(`${plus}\nr1 := 2 if { false }\n${count}`, input)).toBe(2);
  });

  it('orders the index levels as OPA v1.15.2 does: every use counts, the counts read by first use', () => {
    // Each program is one OPA v1.15.2 answers with this error in most compilations (its order of
    // levels depends on Go's map iteration; see level-order.ts).
    const s = { v: [{ a: {} }, 1.5, 'b', 'v1'], s: ' pad ' };
    const twice = 'r1 := 2 if { input.missing; input.missing }';
    const rules = (a: string, b: string) => `r1 := 1 if { ${a} }\nr1 := 1 if { ${b} }`;
    expect(
      decide(
        `${rules('to_number(input.s) > 0; object.get(input.v[3], "a", 1) > 0', 'input.v[2] + 1 > 0')}\n${twice}`,
        s,
      ),
    ).toBe('eval_type_error');
    // `to_number(input.s)` twice: input.s counts two, its level comes first, the plus runs first.
    expect(
      decide(
        'r1 := 2 if { input.v[2] + 1 > 0 }\nr1 := 2 if { to_number(input.s) > 0; to_number(input.s) > 0 }',
        { v: [0, 0, 0], s: '' },
      ),
    ).toBe(2);
    // The body's own order decides the first use, not the reads the engine hoists.
    const v = { v: [0, { a: 1 }, { a: 1 }], s: '1.5h' };
    expect(
      decide(
        'r1 := 1 if { to_number(input.s) > 0 }\nr1 := 1 if { input.missing; input.v[2] + 1 > 0 }\nr1 := 2 if { count(input.v[1]) > 0; input.v[2] + 1 > 0 }',
        v,
      ),
    ).toBe('eval_type_error');
  });

  it('indexes a parameter the body binds to another variable as needing a value', () => {
    // What OPA v1.15.2 answers: `y := x` puts the first definition on the parameter's "any value"
    // branch, after the second, which the index cannot place; both yield true, so the first
    // success decides.
    const rules = 'f(x) if { y := x; upper(y) }\nf(x) if { x + 1 }\nr1 := f(input.v[0])';
    expect(decide(rules, { v: [-1] })).toBe(true);
    expect(decide('f(x) if { upper(x) }\nf(x) if { x + 1 }\nr1 := f(input.v[0])', { v: [-1] })).toBe(
      'eval_type_error',
    );
  });

  it('indexes `input.… in` a constant collection by its scalar members, as so many equalities', () => {
    // What OPA v1.15.2 and v1.22.2 answer: the division's error only when the rule is a candidate.
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
      const at = (rules: string, n: unknown) =>
        decide(`r1 if { 1 / input.o; ${rules} }`, { o: {}, n }, opaVersion);
      expect(at('input.n in {2, 3}', 1), opaVersion).toBeUndefined();
      expect(at('input.n in {2, 3}', 2), opaVersion).toBe('eval_type_error');
      expect(at('input.n in [2, 3]', 3), opaVersion).toBe('eval_type_error');
      expect(at('input.n in {"a": 2}', 1), opaVersion).toBeUndefined();
      expect(at('input.n in {"a": 2}', 2), opaVersion).toBe('eval_type_error');
      // Members that are not scalars are not keys; an empty collection is not indexed.
      expect(at('input.n in {2, [1]}', 1), opaVersion).toBeUndefined();
      expect(at('input.n in set()', 1), opaVersion).toBe('eval_type_error');
      // Through a variable bound to the path, or a collection bound to a variable.
      expect(at('x := input.n; x in {2}', 1), opaVersion).toBeUndefined();
      expect(at('y := {2}; input.n in y', 1), opaVersion).toBeUndefined();
      // Not under a negation, nor a collection read from input.
      expect(at('not input.n in {2}', 1), opaVersion).toBe('eval_type_error');
      expect(decide('r1 if { 1 / input.o; input.n in input.xs }', { o: {}, n: 1, xs: [2] }, opaVersion)).toBe(
        'eval_type_error',
      );
    }
  });

  it('skips only a rule body on an undefined input path: an every body or comprehension runs in order', () => {
    // What OPA v1.15.2 and v1.22.2 answer: the index needs the rule body's own reads, while a
    // nested body evaluates its expressions as written, so the built-in error comes first there.
    const input = { obj: { a: { b: 1 } } };
    for (const opaVersion of ['v1.15.2', 'v1.22.2'] as const) {
      const at = (rules: string) => decide(rules, input, opaVersion);
      expect(at('r1 if { startswith(input.obj, "a"); 1 != input.nope }'), opaVersion).toBeUndefined();
      expect(
        at('r1 if { every k, v in input.obj { startswith(v, "a"); k != input.obj.b } }'),
        opaVersion,
      ).toBe('eval_type_error');
      expect(
        at('r1 if { every k, v in input.obj { k != input.obj.b; startswith(v, "a") } }'),
        opaVersion,
      ).toBe(undefined);
      expect(at('r1 := [1 | startswith(input.obj, "a"); 1 != input.nope]'), opaVersion).toBe(
        'eval_type_error',
      );
    }
  });

  it("indexes an else branch's uses of the parameters as the main body's", () => {
    // What OPA v1.15.2 answers: the else branch's `y := x` (or `x == "j"`) takes the first
    // definition off the "does not care" branch, so the second runs first (its `plus` error);
    // v1.22.2 runs the first first (its `to_number` error).
    const first = 'f(x) := 1 if { x == "k"; to_number("abc") }';
    const second = 'f(x) := 3 if { x + 1 > 0 }\nr1 := f("k")';
    for (const branch of ['else := 2 if { y := x; y }', 'else := 2 if { x == "j" }']) {
      expect(decide(`${first} ${branch}\n${second}`, {})).toBe('eval_type_error');
      expect(decide(`${first} ${branch}\n${second}`, {}, 'v1.22.2')).toBe('eval_builtin_error');
    }
  });

  it("puts a parameter's level after the input paths used as often, as OPA v1.15.2 (an argument has no location)", () => {
    // What OPA v1.15.2 answers in every compilation: the levels are input.v[1], input.s,
    // input.v[2], then the parameter (used by the else branch's `x == "k"`), so the second
    // definition's else (which the index cannot place) and its main body run first, then the
    // first definition: their conflict, not the third definition's `count` error.
    const first = 'f(x) := [1] if input.v[1] > 0 else := 1 if { x == "k" }';
    const rest =
      'f(x) := [1] if { input.s == "a"; x } else := 1\nf(x) := 1 if { count(input.v[2]) > 0; x }\nr1 := f("k")';
    const input = { v: [0, 0, 3], s: 'a' };
    expect(decide(`${first}\n${rest}`, input)).toBe('eval_conflict_error');
    // Without the parameter's level: the same order, so the same conflict.
    expect(decide(`f(x) := [1] if input.v[1] > 0 else := 1\n${rest}`, input)).toBe('eval_conflict_error');
  });

  it("counts a parameter's first use where the expression comparing it is, not where the head names it", () => {
    // What OPA v1.15.2 answers in every compilation: input.a is met before the parameter, so the
    // levels are input.a (used twice), input.b, then the parameter; the first definition runs
    // first and, both yielding 1, ends the search before the second's `count` error.
    const rules =
      'f(x) := 1 if { input.a == 1; x == "k" }\nf(x) := 1 if { input.a == 1; count(input.b) > 0 }\nr1 := f("k")';
    expect(decide(rules, { a: 1, b: 5 })).toBe(1);
  });

  it("meets a body's comparisons and reads of one path in the order written, as OPA v1.15.2", () => {
    // What the real OPA v1.15.2 answers: a read after the comparison needs the path to have a
    // value again; a comparison after a read keys the path on its constant.
    const body = (rest: string) => `r1 if { to_number(input.s) > 0; ${rest} }`;
    const at = (x: number) => ({ s: 'a', x });
    expect(decide(body('input.x == 1; count(input.x) > 0'), at(2))).toBe('eval_builtin_error');
    expect(decide(body('count(input.x) > 0; input.x == 1'), at(2))).toBeUndefined();
    expect(decide(body('input.x in {1, 2}; count(input.x) > 0'), at(3))).toBe('eval_builtin_error');
    // The read is replaced by a later constant; the earlier constant stays an alternative.
    const between = body('input.x == 1; count(input.x) > 0; input.x == 2');
    expect([1, 2, 3].map((x) => decide(between, at(x)))).toEqual([
      'eval_builtin_error',
      'eval_builtin_error',
      undefined,
    ]);
    // OPA v1.22.2's index keys the path on its constant wherever the read is.
    expect(decide(body('input.x == 1; count(input.x) > 0'), at(2), 'v1.22.2')).toBeUndefined();
  });

  it('reads a reference through a local bound to an input path from OPA v1.22', () => {
    const input = { s: 'abc', o: { a: 1 } };
    // What OPA answers: v1.22.2 skips the rule, whose `x.b` (`input.o.b`) is undefined, before
    // `to_number` raises; v1.15.2 runs it. Also `y = x[0]` on a string, `y := x` then `y.b`.
    for (const body of [
      'x := input.o; to_number("z"); x.b',
      'x = input.s; to_number(x); y = x[0]',
      'x = input.o; y = x; to_number("z"); y.b == 1',
    ]) {
      expect(decide(`r1 if { ${body} }`, input, 'v1.22.2')).toBeUndefined();
      expect(decide(`r1 if { ${body} }`, input)).toBe('eval_builtin_error');
    }
    // A defined path: the rule runs.
    expect(decide('r1 if { x := input.o; to_number("z"); x.a }', input, 'v1.22.2')).toBe(
      'eval_builtin_error',
    );
  });

  it('runs the definitions the index selects in source order from OPA v1.22', () => {
    const input = { v: [[], '10Mi', 'a'] };
    const plus = 'r1 := 2 if { input.v[2] + 1 > 0 }';
    const count = 'r1 := 2 if { count(input.v[1]) > 0 }';
    // What OPA v1.22.2 answers.
    expect(decide(`${plus}\n${count}`, input, 'v1.22.2')).toBe('eval_type_error');
    expect(decide(`${count}\n${plus}`, input, 'v1.22.2')).toBe(2);
    expect(decide(`${count}\nr1 := 1 if { true; input.missing }\n${plus}`, input, 'v1.22.2')).toBe(2);
    expect(decide(`r1 := 2 if { input.v[2] == "b"; 1 / 0 }\n${count}`, input, 'v1.22.2')).toBe(2);
  });

  it('selects function definitions by constant arguments', () => {
    const printed: string[] = [];
    const p = compilePolicies(
      [
        {
          file: 'f.rego',
          source:
            'package f\nimport future.keywords.in\nlevel("admin") = 3 { print("admin") }\nlevel("user") = 1 { print("user") }\nlevel(x) = 0 { print("any"); not x in {"admin", "user"} }',
        },
      ],
      { builtins: standardBuiltins },
    );
    expect(p.evaluate('f.level', undefined)).toBeUndefined();
    expect(p.query('x := data.f.level("user")', { print: (m) => printed.push(m) })).toEqual([{ x: 1 }]);
    expect(printed.sort()).toEqual(['any', 'user']);
  });
});
