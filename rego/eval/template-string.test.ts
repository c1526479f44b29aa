import { describe, expect, it } from 'vitest';
import { createStandardBuiltins, standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies, OPA_VERSIONS } from '../index.ts';
import { toJson, type Value } from '../value/index.ts';

function evaluate(rules: string, input?: unknown) {
  const policies = compilePolicies([{ file: 'p.rego', source: `package t\n${rules}\n` }], {
    builtins: standardBuiltins,
    version: 'v1',
  });
  return policies.evaluate('t.p', input);
}

describe('template strings', () => {
  it('render expressions as print does, bare strings unquoted', () => {
    expect(evaluate('a := ["x", 1]\np := $"{a[0]}-{a[1]} {[a[0]]} {{}} {null}"')).toBe('x-1 ["x"] {} null');
  });

  it('quote strings inside composites as Go does (strconv.Quote), top-level strings bare', () => {
    expect(evaluate('p := $"{"a\\u0000b"} {["a\\u0000b"]} {{"k": "\\t\\u2028\\u0085"}}"')).toBe(
      'a\u0000b ["a\\x00b"] {"k": "\\t\\u2028\\u0085"}',
    );
  });

  it('read a lone surrogate escape as U+FFFD, as Go decodes it', () => {
    expect(evaluate('p := $"{"\\ud83d"} {["\\ud83d"]} \\ud83d \\ud83d\\ude00"')).toBe(
      '\ufffd ["\ufffd"] \ufffd 😀',
    );
    expect(evaluate('p := ["\\ud83d", "\\udc00x", "\\ud83d\\ude00"]')).toEqual(['\ufffd', '\ufffdx', '😀']);
  });

  it('render undefined expressions as <undefined> instead of failing the rule', () => {
    expect(evaluate('p := $"hi {input.name}, {input.missing}"', { name: 'ann' })).toBe('hi ann, <undefined>');
  });

  it('keep escaped braces and escapes, and raw templates across lines', () => {
    expect(evaluate('p := $"\\{{1 + 2}}\\t\\""')).toBe('{3}\t"');
    expect(evaluate('p := $`a\n{"b"}\\{`')).toBe('a\nb{');
  });

  it('nest, and work inside comprehensions', () => {
    expect(evaluate('p := [$"<{x}-{$"{x * 2}"}>" | some x in [1, 2]]')).toEqual(['<1-2>', '<2-4>']);
  });

  it('refuse an expression with several values as a conflict', () => {
    let error: unknown;
    try {
      evaluate('p := $"{[1, 2][_]}"');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RegoError);
    expect((error as RegoError).code).toBe('eval_conflict_error');
  });

  it('report an unterminated template with its location', () => {
    expect(() => evaluate('p := $"abc')).toThrow(
      /p\.rego:2:6: rego_parse_error: non-terminated template string/,
    );
  });

  describe.each(OPA_VERSIONS)('as OPA %s evaluates them', (opaVersion) => {
    const source = `package t

a := input.a
b := input.b

w := $"foo {a with input as {"a": 42}}"

o := x if { x := $"{a} {b}" with input as {"a": 1} with input as {"b": "bar"} }

fa := f("foo bar")

f($"{x} {input.y}") := 42 if x = "foo"
`;
    const policies = compilePolicies([{ file: 'p.rego', source, version: 'v1' }], {
      builtins: createStandardBuiltins({ opaVersion }),
      opaVersion,
    });

    it('apply `with` inside a template expression, and render a part undefined under `with`', () => {
      expect(toJson(policies.evaluate('data.t', { y: 'bar' }) as Value)).toEqual({
        fa: 42,
        o: '<undefined> bar',
        w: 'foo 42',
      });
    });

    it('render undefined parts of a template string in a query', () => {
      const [row] = policies.query('x = $"{data.t.nope} {input.y}"', { input: {} });
      expect(row?.x).toBe('<undefined> <undefined>');
    });
  });
});
