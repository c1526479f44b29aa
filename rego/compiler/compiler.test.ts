import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';

function compileError(...sources: string[]): RegoError {
  try {
    compilePolicies(
      sources.map((source, i) => ({ file: `m${i}.rego`, source })),
      { builtins: standardBuiltins },
    );
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected the policies to be refused');
}

describe('safety', () => {
  it('refuses variables no expression can bind, naming them', () => {
    const e = compileError('package a\np { x > 1 }');
    expect([e.code, e.detail, e.line]).toEqual(['rego_unsafe_var_error', 'var x is unsafe', 2]);
  });

  it('refuses head variables the body does not bind', () => {
    expect(compileError('package a\np[x] { true }').code).toBe('rego_unsafe_var_error');
    expect(compileError('package a\nf(x) = y { x > 0 }').detail).toBe('var y is unsafe');
  });

  it('refuses negated expressions over unbound variables', () => {
    expect(compileError('package a\np { not input.a[x] }').detail).toBe('var x is unsafe');
  });

  it('accepts expressions out of order when a later one binds the variable', () => {
    const p = compilePolicies([{ file: 'a.rego', source: 'package a\np { x > 1; x = 5 }' }]);
    expect(p.evaluate('a.p')).toBe(true);
  });
});

describe('declarations', () => {
  it('refuses assigning a variable twice or after using it', () => {
    expect(compileError('package a\np { x := 1; x := 2 }').detail).toBe('var x assigned above');
    expect(compileError('package a\np { x = 1; x := 2 }').detail).toBe('var x referenced above');
    expect(compileError('package a\np { some x; some x }').detail).toBe('var x declared above');
  });

  it('refuses assigning to a reference', () => {
    expect(compileError('package a\np { input.x := 1 }').detail).toBe('cannot assign to ref');
  });

  it('lets local declarations shadow rule names', () => {
    const p = compilePolicies([{ file: 'a.rego', source: 'package a\nq := 1\np := x { q := 2; x := q }' }]);
    expect(p.evaluate('a.p')).toBe(2);
  });
});

describe('names and arity', () => {
  it('refuses unknown functions and wrong argument counts', () => {
    expect(compileError('package a\np { nope(1) }').detail).toBe('undefined function nope');
    expect(compileError('package a\np { count(1, 2, 3) }').detail).toBe(
      'count: arity mismatch: have 3 arguments, want 1',
    );
    expect(compileError('package a\nf(x) = 1\np { f(1, 2, 3) }').code).toBe('rego_type_error');
  });

  it('refuses known OPA built-ins the registry lacks as unsupported, with the location', () => {
    const e = compileError('package a\np {\n  ds.object({"object_type": "user"}, r)\n}');
    expect([e.code, e.detail, e.line, e.column]).toEqual([
      'rego_unsupported_error',
      'built-in function ds.object is not supported',
      3,
      3,
    ]);
  });

  it('resolves imports and their aliases', () => {
    const p = compilePolicies(
      [
        { file: 'lib.rego', source: 'package lib.util\nk := 7\ndouble(x) = y { y := x * 2 }' },
        {
          file: 'a.rego',
          source: 'package a\nimport data.lib.util as u\nimport input.n\np := u.double(n) + u.k',
        },
      ],
      { builtins: standardBuiltins },
    );
    expect(p.evaluate('a.p', { n: 3 })).toBe(13);
  });
});

describe('rule conflicts', () => {
  it('refuses mixing complete, partial and function rules at one path', () => {
    expect(compileError('package a\np := 1\np[x] { x := 1 }').detail).toBe(
      'conflicting rules data.a.p found',
    );
    expect(compileError('package a\nf(x) = 1\nf(x, y) = 2').detail).toBe('conflicting rules data.a.f found');
  });

  it('refuses several defaults and rules below a complete value', () => {
    expect(compileError('package a\ndefault p := 1\ndefault p := 2').detail).toBe(
      'multiple default rules data.a.p found',
    );
    expect(compileError('package a\np := 1\np.q := 2').detail).toBe(
      'rule data.a.p conflicts with [data.a.p.q]',
    );
  });

  it('refuses recursion, showing the cycle', () => {
    const e = compileError('package a\np { q }\nq { r }\nr { p }');
    expect(e.code).toBe('rego_recursion_error');
    expect(e.detail).toBe('rule data.a.p is recursive: data.a.p -> data.a.q -> data.a.r -> data.a.p');
  });

  it('refuses recursion through functions', () => {
    expect(compileError('package a\nf(x) = y { y := g(x) }\ng(x) = y { y := f(x) }').code).toBe(
      'rego_recursion_error',
    );
  });

  it('refuses `with` on unknown targets, unsupported built-ins and replacements of another arity', () => {
    expect(compileError('package a\np { true with nope as 1 }').detail).toBe(
      'with keyword target must reference existing input, data, or a function',
    );
    expect(compileError('package a\np { true with ds.object as 1 }').code).toBe('rego_unsupported_error');
    expect(compileError('package a\nf(x, y) := x\np { count([]) with count as f }').detail).toBe(
      'with: arity mismatch: the replacement takes 2 arguments, want 1',
    );
  });

  it('refuses assigning to input or data in v1 syntax (a v0 body may: a local name)', () => {
    expect(compileError('package a\nimport rego.v1\np if { input := 1 }').detail).toBe(
      'cannot assign to input',
    );
  });

  it('refuses `with` replacing part of a virtual document', () => {
    expect(compileError('package a\nq := {"a": 1}\np { q with data.a.q.a as 2 }').detail).toBe(
      'with keyword cannot partially replace virtual document(s)',
    );
  });
});
