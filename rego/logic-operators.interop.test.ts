/**
 * The logical operators of OPA v1.22 (`and`, `or`, `not { … }`, groups in parentheses) on the
 * real OPA v1.22.2 and on the engine compiled for that release. One `opa eval` evaluates a module
 * with one rule per body; each refused module (compile or parse error) is evaluated on its own,
 * and the engine must report the same error kind with OPA's message (OPA may add a hint).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../test/support/peers.ts';
import { createStandardBuiltins } from './builtins/index.ts';
import { compilePolicies, type PolicySet, RegoError, toJson } from './index.ts';

const OPA_VERSION = 'v1.22.2';
const INPUT = { a: { b: 1 }, arr: ['xa', 'ya'], n: 0 };
const builtins = createStandardBuiltins({ opaVersion: OPA_VERSION });

const HELPERS = `package pkg

import future.keywords

f(x) if x == 2
s contains "k"
obj := {"k": 1}
`;

/** Rule bodies, each the body of rule `r<index>`. */
const BODIES: readonly string[] = [
  'input.a.b == 1 and input.n == 0',
  'input.a.b == 1 and input.n == 1',
  'input.nothing or input.n == 0',
  'input.n == 1 or input.a.b == 2',
  'false or input.nothing',
  'not input.nothing and input.n == 0',
  'not input.n == 0 or input.a.b == 1',
  'not { input.nothing; true }',
  'not { input.n == 0; input.a.b == 1 }',
  'not (input.n == 0 or input.nothing)',
  'not (input.n == 1 or input.nothing)',
  '(input.n == 1 or input.a.b == 1) and count(input.arr) == 2',
  'input.n == 0 and input.n == 1 or input.a.b == 1',
  'input.n == 1 or input.n == 0 and input.a.b == 2',
  'input.n == 1 or input.n == 0 and input.a.b == 1',
  'x := input.a.b; x == 3 or x == 1',
  '{ some v in input.arr; startswith(v, "y") } or false',
  '{ some v in input.arr; startswith(v, "z") } or false',
  'count([v | some v in input.arr; startswith(v, "x") or startswith(v, "y")]) == 2',
  'count([1 | true or true]) == 1',
  'count([1 | { some v in input.arr; v } and true]) == 1',
  'input.n > 0 and to_number("x") == 1',
  'input.n == 0 or to_number("x") == 1',
  'input.x == 1 or input.y == 1 with input as {"y": 1}',
  '(input.n == 5 with input.n as 5) and input.n == 0',
  '{ input.n == 5 with input.n as 5 } and input.n == 0',
  'every v in input.arr { endswith(v, "a") and count(v) == 2 }',
  'every v in input.arr { not { v == "za" } }',
  'every v in input.arr { v == "xa" or v == "za" }',
  'not { input.arr[i] == "ya" }; i = 0',
  '{ input.arr[i] == "ya" } or false; i = 0',
  'a := 5; { a := 1; a == 1 } and a == 5',
  'x := [1, 2]; not { some y in x; y > 2 }',
  '(((input.n == 1 or input.n == 0)))',
  'not (input.n == 1)',
  'f(1) or f(2)',
  'f(1) and f(2)',
  'data.pkg.s.k and data.pkg.obj.k == 1',
  'not input.nothing + 1 == 2',
  'not input.a[input.nothing]',
  'not is_string(input.nothing)',
  '{ input.n == 1 } or { input.n == 0 } or { input.nothing }',
  'not { not { true } }',
  'not { not { false } }',
  'input.n == 0 and not { input.nothing } and input.a.b == 1',
  'not input.a.missing',
];

/** Whole rules (with their head), added to the module as written. */
const RULES: readonly string[] = [
  'h0 if { input.nothing } or input.n == 0',
  'h1 if { input.n == 0 } and { input.a.b == 2 }',
  'h2 := "x" if input.n == 1 or input.a.b == 1',
  'h3 contains v if { some v in input.arr; startswith(v, "x") or endswith(v, "z") }',
];

/** Modules OPA refuses, each compiled on its own: the body of rule `p`. */
const REFUSED: readonly string[] = [
  'x := 1 or true',
  'x := 1 and true',
  'input.arr[_] == "xa" or false',
  'input.arr[i] == "xa" or false',
  'input.n == 0 with input.n as 1 or true',
  'y = 1 or y = 2',
];

const MODULE = `${HELPERS}\n${BODIES.map((b, i) => `r${i} if {\n\t${b.replaceAll('; ', '\n\t')}\n}\n`).join('\n')}\n${RULES.join('\n')}\n`;

function refusedModule(body: string): string {
  return `package pkg\n\nimport future.keywords\n\np if {\n\t${body}\n}\n`;
}

function opaEval(
  opa: string,
  args: readonly string[],
): { errors?: { code: string; message: string }[] } & {
  result?: { expressions: { value: unknown }[] }[];
} {
  try {
    return JSON.parse(execFileSync(opa, ['eval', '--format=json', ...args], { encoding: 'utf8' }));
  } catch (e) {
    // `opa eval` exits non-zero on errors and prints them as JSON on stdout.
    return JSON.parse(String((e as { stdout?: string }).stdout));
  }
}

describe(`logical operators on OPA ${OPA_VERSION} and on the engine`, () => {
  let dir: string;
  let opa: string;
  let opaRules: Record<string, unknown>;
  let engine: PolicySet;

  beforeAll(async () => {
    opa = ensurePeer('opa', [OPA_VERSION]);
    dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-logic-'));
    const modulePath = path.join(dir, 'logic.rego');
    const inputPath = path.join(dir, 'input.json');
    await writeFile(modulePath, MODULE);
    await writeFile(inputPath, JSON.stringify(INPUT));
    const out = opaEval(opa, [`--data=${modulePath}`, `--input=${inputPath}`, 'data.pkg']);
    if (out.errors || !out.result) throw new Error(`opa eval failed: ${JSON.stringify(out.errors)}`);
    opaRules = out.result[0]?.expressions[0]?.value as Record<string, unknown>;
    engine = compilePolicies([{ file: 'logic.rego', source: MODULE, version: 'v1' }], {
      builtins,
      opaVersion: OPA_VERSION,
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

  it.each(RULES.map((rule) => [rule, rule.split(' ')[0] as string] as const))('rule %s', (_, name) => {
    const value = engine.evaluate(`data.pkg.${name}`, INPUT);
    expect(value === undefined ? undefined : toJson(value)).toEqual(opaRules[name]);
  });

  it.each(REFUSED)('refused body %s', async (body) => {
    const file = path.join(dir, 'refused.rego');
    await writeFile(file, refusedModule(body));
    const [want] = opaEval(opa, [`--data=${file}`, 'data.pkg']).errors ?? [];
    expect(want, 'OPA refuses the module').toBeDefined();
    let got: unknown;
    try {
      compilePolicies([{ file: 'refused.rego', source: refusedModule(body), version: 'v1' }], {
        builtins,
        opaVersion: OPA_VERSION,
      });
    } catch (e) {
      got = e;
    }
    expect(got).toBeInstanceOf(RegoError);
    const error = got as RegoError;
    expect(error.code).toBe(want?.code);
    expect(want?.message.startsWith(error.detail), `OPA: ${want?.message}; engine: ${error.detail}`).toBe(
      true,
    );
  });
});
