/**
 * Negated expressions on the real OPA 1.15.2 and on the engine. OPA's compiler moves nested
 * calls (RewriteExprTerms) and the dynamic operands of calls (RewriteDynamicTerms) out of negated
 * expressions, so an undefined operand fails the body rather than making `not` succeed, while
 * unification (`=`, and `==` in modules) keeps its top-level references inline. One `opa eval`
 * evaluates a module with one rule per case and a query whose comprehensions hold the query cases
 * (the query compiler keeps `==` a call); the engine must agree on every one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../test/support/peers.ts';
import { standardBuiltins } from './builtins/index.ts';
import { compilePolicies, type PolicySet, toJson } from './index.ts';

const INPUT = { a: { b: 1 }, arr: ['xa', 'ya'], n: 0 };

const HELPERS = `package pkg

h(x) := 1 if x == 2
mock_true(_) := true
fn_not(x) if not is_string(x.y)
fn_else(x) := 1 if { x == 0 } else := 2 if { not is_string(input.nothing) }
s contains "k"
obj := {"k": 1}
`;

/** Rule bodies, each the body of rule `r<index>`. */
const BODIES: readonly string[] = [
  'not is_string(input.nothing)',
  'not count(input.nothing) > 0',
  'not startswith(input.nothing, "x")',
  'not input.nothing > 1',
  'not [input.nothing] == [1]',
  'not input.nothing == 1',
  'not input.nothing',
  'not input.nothing.deeper',
  'not is_string(input.a.b)',
  'not input.a[input.nothing]',
  'not input.a[input.nothing] == 1',
  'not input.a[input.nothing] = 1',
  'not is_string({"k": input.nothing})',
  'not is_string({input.nothing: 1})',
  'not is_string({input.nothing})',
  'not is_string([y | y := input.nothing; y])',
  'not is_array([y | y := input.nothing])',
  'not is_string(lower(input.nothing))',
  'not fn_not(input.nothing)',
  'not input.nothing = 1',
  'not input.nothing != 1',
  'not "a" in input.nothing',
  'not input.nothing in {1}',
  'not input.a.b in {2}',
  'not 0, "xa" in input.arr',
  'not 0, "ya" in input.arr',
  'not is_string(input.nothing) with input as {"nothing": 1}',
  'not is_string(input.nothing) with input.nothing as 1',
  'not is_string(1) with input as input.nothing',
  'not count(input.nothing) > 0 with input as {"nothing": []}',
  'not count(input.nothing) > 0 with input.nothing as [1]',
  'not mock_true(input.a.b) with mock_true as is_string',
  'not mock_true(input.nothing) with mock_true as is_string',
  'not count([1 | input.nothing]) > 0',
  'xs := [1 | not is_string(input.nothing)]; count(xs) == 0',
  'every x in [1] { x; not is_string(input.nothing) }',
  'every x in [1] { not x == input.nothing }',
  'every x in [1] { not x > input.nothing }',
  '[x | some x in [1, 2]; not x == input.nothing] == [1, 2]',
  '[x | some x in [1, 2]; not x > input.nothing] == []',
  '{x: y | some x in [1]; not is_string(input.nothing); y := x} == {}',
  'not is_number(h(1))',
  'not h(1)',
  'not h(1) == 1',
  'not h(1) = 1',
  'not input.a[h(1)]',
  'not data.pkg.s[input.nothing]',
  'not is_number(data.pkg.undefined_rule)',
  'x := {}; not is_string(x.y)',
  'fn_not({})',
  'fn_else(1) == 2',
  'not input.nothing.deeper == input.a.b',
  'not input.nothing == input.nothing',
  'not sum([input.a.b, input.nothing]) == 1',
  'not input.nothing + 1 == 2',
  'not lower(input.nothing) == "x"',
  'not is_string(input.nothing) == true',
  'not obj[input.nothing] == 1',
  'not obj[input.nothing]',
  'not obj.k == input.nothing',
  'not {"k": input.nothing} == {"k": 1}',
  'not [input.a.b] == [2]',
  'not [input.a.b, input.nothing] = [1, 2]',
  'not 2 = input.a.b',
  'not input.a.b == 2',
  'not object.get(input, "nothing", 0) == 1',
  'not input.nothing == [y | y := input.a.b][0]',
  'not input.arr[input.n] == "ya"',
  'not input.arr[input.nothing] == "ya"',
  'not is_string(input.arr[input.nothing])',
  'not is_string(input.nothing[0])',
  'not [input.nothing][0]',
  'not count(input.nothing, 1)',
  'not count(input.arr, input.nothing)',
  'not equal(input.nothing, 1)',
  'not neq(input.nothing, input.nothing)',
  'not is_string(input.a[x]); x = "b"',
  'not is_number(input.a[x]); x = "b"',
  'not input.a[x] == 2; x = "b"',
  'count([1 | not is_string(input.a[k])]) == 1; k = "b"',
  'not is_string(data.x) with data.x as 1',
  'not is_string(data.x) with data.x as "s"',
  'not count([1 | not is_string(input.nothing)]) == 0',
  'not input.a[input.nothing] with input.nothing as "b"',
  'not input.nothing[input.a.b]',
  'not input.arr[input.a.b] == "ya"',
  'not is_string(input.arr[count(input.arr) - 1])',
  'not input.nothing == h(2)',
  'not input.nothing == h(1)',
  'not {input.nothing: 1} = {"b": 1}',
  'not {input.a.b: 1} = {"b": 1}',
];

/** Query expressions, each bound to `q<index>` in one query (its `==` is a call). */
const QUERY_TERMS: readonly string[] = [
  '[1 | not input.nothing == 1]',
  '[1 | not input.nothing = 1]',
  '[1 | not input.nothing]',
  '[1 | not is_string(input.nothing)]',
  '[1 | not input.a.b == 2]',
  '[1 | not [input.nothing] = [1]]',
  '[1 | not input.a[input.nothing]]',
  '[x | x := input.a.b; every y in [1] { not y == input.nothing }]',
  '[x | x := input.a.b; not x == input.a.b]',
  '[x | x := 1; not input.nothing == x]',
];

const MODULE = `${HELPERS}\n${BODIES.map((b, i) => `r${i} if {\n\t${b.replaceAll('; ', '\n\t')}\n}\n`).join('\n')}`;
const QUERY = QUERY_TERMS.map((t, i) => `q${i} := ${t}`).join('; ');

describe('negated expressions on OPA 1.15.2 and on the engine', () => {
  let dir: string;
  let opaRules: Record<string, unknown>;
  let opaBindings: Record<string, unknown>;
  let engine: PolicySet;

  beforeAll(async () => {
    const opa = ensurePeer('opa', ['v1.15.2']);
    dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-negation-'));
    const modulePath = path.join(dir, 'negation.rego');
    const inputPath = path.join(dir, 'input.json');
    await writeFile(modulePath, MODULE);
    await writeFile(inputPath, JSON.stringify(INPUT));
    const query = `rules := data.pkg; ${QUERY}`;
    const out = JSON.parse(
      execFileSync(opa, ['eval', '--format=json', `--data=${modulePath}`, `--input=${inputPath}`, query], {
        encoding: 'utf8',
      }),
    );
    if (out.errors) throw new Error(`opa eval failed: ${JSON.stringify(out.errors)}`);
    const { rules, ...bindings } = out.result[0].bindings;
    opaRules = rules;
    opaBindings = bindings;
    engine = compilePolicies([{ file: 'negation.rego', source: MODULE, version: 'v1' }], {
      builtins: standardBuiltins,
    });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has OPA decide both ways (the cases are not all undefined or all true)', () => {
    const defined = BODIES.filter((_, i) => `r${i}` in opaRules).length;
    expect(defined).toBeGreaterThan(10);
    expect(defined).toBeLessThan(BODIES.length - 10);
  });

  it.each(BODIES.map((body, i) => [body, i] as const))('rule body %s', (_, i) => {
    const value = engine.evaluate(`data.pkg.r${i}`, INPUT);
    expect(value === undefined ? undefined : toJson(value)).toEqual(opaRules[`r${i}`]);
  });

  it('query expressions (== is a call there)', () => {
    const [row] = engine.query(QUERY, { input: INPUT });
    const got = Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, toJson(v)]));
    expect(got).toEqual(opaBindings);
  });
});
