import { describe, expect, it } from 'vitest';
import { RegoError } from '../errors.ts';
import type { Rule, Term } from './ast.ts';
import { MAX_NESTING_DEPTH, parseModule, parseQuery, parseTermText } from './index.ts';

function rules(source: string, version: 'v0' | 'v1' = 'v0'): readonly Rule[] {
  return parseModule(source, 'p.rego', { version }).rules;
}

function parseError(run: () => unknown): RegoError {
  try {
    run();
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected a RegoError');
}

/** A compact rendering of a term, to compare trees readably. */
function show(t: Term): string {
  switch (t.type) {
    case 'scalar':
      return typeof t.value === 'string' ? JSON.stringify(t.value) : String(t.value);
    case 'var':
      return t.name;
    case 'ref':
      return `${show(t.head)}${t.path.map((p) => `[${show(p)}]`).join('')}`;
    case 'call':
      return `${t.name}(${t.args.map(show).join(', ')})`;
    case 'array':
      return `[${t.items.map(show).join(', ')}]`;
    case 'set':
      return `set(${t.items.map(show).join(', ')})`;
    case 'object':
      return `{${t.entries.map(([k, v]) => `${show(k)}: ${show(v)}`).join(', ')}}`;
    case 'arraycomp':
      return `[${show(t.head)} | ${t.body.length}]`;
    case 'setcomp':
      return `{${show(t.head)} | ${t.body.length}}`;
    case 'objectcomp':
      return `{${show(t.key)}: ${show(t.value)} | ${t.body.length}}`;
  }
}

describe('modules', () => {
  it('reads the package, imports and their aliases', () => {
    const m = parseModule('package a.b["c"]\nimport data.x.y as z\nimport input.q\n', 'm.rego');
    expect(m.packagePath).toEqual(['a', 'b', 'c']);
    expect(m.imports.map((i) => [i.path, i.alias])).toEqual([
      [['data', 'x', 'y'], 'z'],
      [['input', 'q'], undefined],
    ]);
  });

  it('requires a package first', () => {
    const e = parseError(() => parseModule('p := 1', 'm.rego'));
    expect(e.code).toBe('rego_parse_error');
    expect(e.message).toBe('m.rego:1:1: rego_parse_error: unexpected p token: expected package declaration');
  });

  it('reports file, line and column of errors', () => {
    const e = parseError(() => parseModule('package a\n\np {\n  x := [1,\n}\n', 'pol/a.rego'));
    expect([e.file, e.line, e.column]).toEqual(['pol/a.rego', 5, 1]);
    expect(e.message.startsWith('pol/a.rego:5:1: rego_parse_error: ')).toBe(true);
  });
});

describe('rule heads (v0)', () => {
  it('distinguishes complete rules, partial sets, partial objects and functions', () => {
    const [complete, set, object, fn, refHead] = rules(
      'package a\np = 1 { true }\ns[x] { x := 1 }\no[k] = v { k := "a"; v := 1 }\nf(x) = y { y := x }\nr.q[s].t := 2 { s := "s" }',
    ) as Rule[];
    expect([complete?.kind, show(complete?.value as Term)]).toEqual(['single', '1']);
    expect([set?.kind, set?.ref.length, show(set?.key as Term)]).toEqual(['multi', 1, 'x']);
    expect([object?.kind, object?.ref.map(show)]).toEqual(['single', ['o', 'k']]);
    expect([fn?.kind, fn?.args.map(show)]).toEqual(['function', ['x']]);
    expect(refHead?.ref.map(show)).toEqual(['r', '"q"', 's', '"t"']);
  });

  it('gives rules without a value the value true, and constant rules an empty body', () => {
    const [p, q] = rules('package a\np { input.x }\nq := 3') as Rule[];
    expect(show(p?.value as Term)).toBe('true');
    expect(q?.body).toEqual([]);
  });

  it('splits several bodies into several rules and keeps else chains', () => {
    const r = rules('package a\np { input.a } { input.b }\nq = 1 { false } else = 2 { true } else = 3');
    expect(r.map((x) => x.name)).toEqual(['p', 'p', 'q']);
    expect(r[2]?.elses.map((e) => show(e.value))).toEqual(['2', '3']);
  });

  it('reads default rules and refuses defaults with references', () => {
    expect(rules('package a\ndefault allow := false')[0]?.isDefault).toBe(true);
    expect(parseError(() => rules('package a\ndefault p := input.x')).detail).toBe(
      'illegal default rule (value cannot contain ref)',
    );
  });
});

describe('keywords', () => {
  it('treats if, contains, in and every as names in plain v0', () => {
    const [r] = rules('package a\np { in := 1; every := in }');
    expect(r?.body).toHaveLength(2);
  });

  it('enables them with future.keywords imports', () => {
    const r = rules(
      'package a\nimport future.keywords.if\nimport future.keywords.contains\ns contains 1 if true\np if 1 > 0',
    );
    expect(r.map((x) => x.kind)).toEqual(['multi', 'single']);
  });

  it('enables `in` with the every import', () => {
    const [r] = rules('package a\nimport future.keywords.every\np { every x in [1] { x > 0 } }');
    expect(r?.body[0]?.expr.type).toBe('every');
  });

  it('requires if and contains after import rego.v1 and in v1 modules', () => {
    expect(parseError(() => rules('package a\nimport rego.v1\np { true }')).detail).toContain(
      '`if` keyword is required',
    );
    expect(parseError(() => rules('package a\np[x] { x := 1 }', 'v1')).detail).toContain(
      '`contains` keyword is required',
    );
    expect(rules('package a\np[x] if x := 1', 'v1')[0]?.kind).toBe('single');
  });

  it('refuses unknown future keywords', () => {
    expect(parseError(() => rules('package a\nimport future.keywords.unless')).detail).toContain(
      'must be one of',
    );
  });
});

describe('terms', () => {
  const term = (s: string) => show(parseTermText(s));

  it('applies operator precedence: in < comparison < | < & < + - < * / %', () => {
    expect(term('1 + 2 * 3')).toBe('plus(1, mul(2, 3))');
    expect(term('a | b & c')).toBe('or(a, and(b, c))');
    expect(term('x == 1 + 1')).toBe('equal(x, plus(1, 1))');
    expect(term('(1 + 2) * 3')).toBe('mul(plus(1, 2), 3)');
    const [lit] = parseQuery('x == y in s');
    expect(lit?.expr.type === 'term' && show(lit.expr.term)).toBe('internal.member_2(equal(x, y), s)');
  });

  it('tells sets, objects and comprehensions apart', () => {
    expect(term('{}')).toBe('{}');
    expect(term('set()')).toBe('set()');
    expect(term('{1, 2}')).toBe('set(1, 2)');
    expect(term('{"a": 1}')).toBe('{"a": 1}');
    expect(term('{x | x := 1}')).toBe('{x | 1}');
    expect(term('{k: v | k := 1; v := 2}')).toBe('{k: v | 2}');
    expect(term('[x | x := 1]')).toBe('[x | 1]');
  });

  it('builds references only from adjacent selections', () => {
    expect(term('input.a[0]["b"]')).toBe('input["a"][0]["b"]');
    expect(term('f(x)[1]')).toBe('f(x)[1]');
    expect(parseError(() => parseQuery('x [0]')).detail).toContain('expected newline');
  });

  it('reads numbers exactly and strings with escapes', () => {
    expect((parseTermText('12345678901234567890') as { value: unknown }).value).toBe(12345678901234567890n);
    expect(term('-1.5')).toBe('-1.5');
    expect(term('.5')).toBe('0.5');
    expect(term('"a\\nb\\u00e9"')).toBe(JSON.stringify('a\nb\u00e9'));
    expect(parseError(() => parseTermText('007')).detail).toBe('expected number without leading zero');
    expect(term('0.30000000000000004')).toBe('0.30000000000000004');
    expect(parseError(() => parseTermText('3.14159265358979323846')).code).toBe('rego_unsupported_error');
  });

  it('counts lines inside raw strings', () => {
    const e = parseError(() => parseModule('package a\np := `x\ny`\nq := ]', 'm.rego'));
    expect(e.line).toBe(4);
  });
});

describe('guard rails', () => {
  it('refuses nesting deeper than the limit with a parse error', () => {
    const deep = `${'['.repeat(MAX_NESTING_DEPTH + 10)}1${']'.repeat(MAX_NESTING_DEPTH + 10)}`;
    const e = parseError(() => parseModule(`package a\np := ${deep}`, 'deep.rego'));
    expect(e.code).toBe('rego_parse_error');
    expect(e.detail).toContain('nesting too deep');
  });

  it('accepts nesting within the limit', () => {
    const ok = `${'['.repeat(50)}1${']'.repeat(50)}`;
    expect(rules(`package a\np := ${ok}`)).toHaveLength(1);
  });

  it('parses template strings into a call of internal.template_string on their parts', () => {
    const [rule] = rules('package a\np := $"x{1}y"', 'v1');
    expect(JSON.stringify(rule)).toContain('"name":"internal.template_string"');
    expect(parseError(() => parseModule('package a\np := $"x{1 y"', 't.rego')).code).toBe('rego_parse_error');
  });
});

describe('keywords heading references (OPA 1.x)', () => {
  it('reads a keyword or true/false/null directly followed by `.name` as a variable', () => {
    const parsed = rules(
      'package a\nnot.foo := 1\ntrue.x.y := 2\nfoo.if := 3\np if { not.foo == 1; null.z == 3 }',
      'v1',
    );
    expect(parsed.map((r) => r.ref.map(show).join('.'))).toEqual([
      'not."foo"',
      'true."x"."y"',
      'foo."if"',
      'p',
    ]);
    expect(parsed[3]?.body.map((l) => l.negated)).toEqual([false, false]);
  });

  it('keeps them keywords when spaced', () => {
    expect(rules('package a\np if { not input.x }', 'v1').length).toBe(1);
    expect(parseError(() => parseModule('package a\nnot .foo := 1', 't.rego', { version: 'v1' })).code).toBe(
      'rego_parse_error',
    );
  });
});
