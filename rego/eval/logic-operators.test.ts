import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError } from '../index.ts';
import { toJson } from '../value/index.ts';

// Expected values and messages were measured with `opa eval` of OPA v1.15.2 and v1.22.2.

function compile(source: string, opaVersion: OpaVersion, version: 'v0' | 'v1' = 'v1') {
  return compilePolicies([{ file: 'p.rego', source, version }], {
    builtins: createStandardBuiltins({ opaVersion }),
    opaVersion,
  });
}

function evaluate(source: string, opaVersion: OpaVersion, input: unknown = {}, version: 'v0' | 'v1' = 'v1') {
  const v = compile(source, opaVersion, version).evaluate('data.t', input);
  return v === undefined ? undefined : toJson(v);
}

function failure(run: () => unknown): RegoError {
  try {
    run();
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected a RegoError');
}

const LOGIC = `package t
import future.keywords.and
import future.keywords.or
import future.keywords.not

both if input.a and input.b
either if input.a or input.b
precedence if input.a or input.b and input.c
grouped if (input.a or input.b) and input.c
none if not { input.a; input.b }
once := [1 | true or true]
`;

describe('and, or and not bodies (OPA v1.22.2)', () => {
  it.each([
    [
      { a: true, b: false, c: false },
      { either: true, none: true, once: [1], precedence: true },
    ],
    [
      { a: false, b: true, c: true },
      { either: true, grouped: true, none: true, once: [1], precedence: true },
    ],
    [
      { a: true, b: true, c: true },
      { both: true, either: true, grouped: true, once: [1], precedence: true },
    ],
    [{}, { none: true, once: [1] }],
  ])('evaluate as OPA does for input %j', (input, want) => {
    expect(evaluate(LOGIC, 'v1.22.2', input)).toEqual(want);
  });

  it('are refused by v1.15.2, which has no such keywords', () => {
    const e = failure(() => compile(LOGIC, 'v1.15.2'));
    expect(e.code).toBe('rego_parse_error');
    expect(e.detail).toBe('unexpected keyword, must be one of [contains every if in]');
  });

  it('list the new keywords among the importable ones', () => {
    const e = failure(() => compile('package t\nimport future.keywords.xor\n', 'v1.22.2'));
    expect(e.detail).toBe('unexpected keyword, must be one of [and contains every if in not or]');
  });

  it('stay plain names in modules that do not import them', () => {
    const source = 'package t\n\np := or if {\n\tor := 1\n\tand := 2\n\tand > or\n}\n';
    expect(evaluate(source, 'v1.22.2')).toEqual({ p: 1 });
    expect(evaluate(source, 'v1.15.2')).toEqual({ p: 1 });
  });

  it('come with `import future.keywords` in v1.22.2 only', () => {
    const source = 'package t\nimport future.keywords\n\np if { input.a or input.b }\n';
    expect(evaluate(source, 'v1.22.2', { b: true })).toEqual({ p: true });
    expect(failure(() => compile(source, 'v1.15.2')).code).toBe('rego_parse_error');
  });

  it('refuse assignments inside an implicit operand', () => {
    const e = failure(() =>
      compile('package t\nimport future.keywords.or\n\np if { x := 1 or true }\n', 'v1.22.2'),
    );
    expect([e.code, e.detail]).toEqual([
      'rego_compile_error',
      'cannot assign vars inside implicit or operand',
    ]);
  });

  it('refuse `with` on an operand followed by another operand', () => {
    const source = 'package t\nimport future.keywords.or\n\np if { input.a with input.a as 1 or true }\n';
    const e = failure(() => compile(source, 'v1.22.2'));
    expect([e.code, e.detail]).toEqual([
      'rego_parse_error',
      '`with` modifier is not allowed on operand of `or`',
    ]);
  });

  it('stop an operand at its first solution, but run a not body to its end (strict errors)', () => {
    const source =
      'package t\nimport future.keywords\n\nr if not { some x in input.xs; count(x) > 0 }\ns if { some x in input.xs; count(x) > 0 } or false\n';
    const policies = compile(source, 'v1.22.2');
    const input = { xs: ['b', 1] };
    expect(policies.evaluate('data.t.s', input, { strict: true })).toBe(true);
    const e = failure(() => policies.evaluate('data.t.r', input, { strict: true }));
    expect([e.code, e.detail]).toEqual([
      'eval_type_error',
      'count: operand 1 must be one of {array, object, set, string} but got number',
    ]);
  });

  it('evaluate `not expr` as a body: its undefined operands make it true', () => {
    const source = 'package t\nimport future.keywords.not\n\np if { not input.x + 1 == 2 }\n';
    expect(evaluate(source, 'v1.22.2')).toEqual({ p: true });
    const old = 'package t\n\np if { not input.x + 1 == 2 }\n';
    expect(evaluate(old, 'v1.22.2')).toEqual({});
  });
});

describe('import rego.v2', () => {
  const source = 'package t\nimport rego.v2\n\np contains x if { some x in input.xs; x > 1 or x < 0 }\n';

  it('enables the v1 keywords and the logical operators in a v0 module (v1.22.2)', () => {
    expect(evaluate(source, 'v1.22.2', { xs: [-1, 0, 2] }, 'v0')).toEqual({ p: [-1, 2] });
  });

  it('is refused by v1.15.2', () => {
    const e = failure(() => compile(source, 'v1.15.2', 'v0'));
    expect([e.code, e.detail]).toEqual(['rego_parse_error', 'invalid import `rego.v2`, must be `rego.v1`']);
  });

  it('names both versions when another is imported (v1.22.2)', () => {
    const e = failure(() => compile('package t\nimport rego.v3\n', 'v1.22.2'));
    expect(e.detail).toBe('invalid import `rego.v3`, must be one of: `rego.v1`, `rego.v2`');
  });
});
