import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies, type PolicySet } from '../index.ts';
import { toJson, type Value } from '../value/index.ts';

function policies(source: string, data: unknown = {}): PolicySet {
  return compilePolicies([{ file: 'p.rego', source }], { builtins: standardBuiltins, data });
}

function json(v: Value | undefined) {
  return v === undefined ? undefined : toJson(v);
}

function evalError(run: () => unknown): RegoError {
  try {
    run();
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected an evaluation error');
}

describe('complete rules', () => {
  it('distinguishes undefined from false', () => {
    const p = policies('package a\nf := false\nu { false }\nnot_f { not f }\nnot_u { not u }');
    expect(p.evaluate('a.f')).toBe(false);
    expect(p.evaluate('a.u')).toBeUndefined();
    expect(p.evaluate('a.not_f')).toBe(true);
    expect(p.evaluate('a.not_u')).toBe(true);
  });

  it('uses the default only when no definition applies', () => {
    const p = policies('package a\ndefault allow := false\nallow { input.admin }');
    expect(p.evaluate('a.allow', { admin: true })).toBe(true);
    expect(p.evaluate('a.allow', {})).toBe(false);
  });

  it('raises a conflict when definitions disagree, at the rule', () => {
    const p = policies('package a\np := 1 { input.x }\np := 2 { input.y }');
    expect(p.evaluate('a.p', { x: true })).toBe(1);
    const e = evalError(() => p.evaluate('a.p', { x: true, y: true }));
    expect([e.code, e.detail, e.file]).toEqual([
      'eval_conflict_error',
      'complete rules must not produce multiple outputs',
      'p.rego',
    ]);
  });

  it('raises a conflict when one definition yields several values', () => {
    const e = evalError(() =>
      policies('package a\np = x { x := input.xs[_] }').evaluate('a.p', { xs: [1, 2] }),
    );
    expect(e.code).toBe('eval_conflict_error');
  });

  it('tries else branches in order', () => {
    const p = policies(
      'package a\np := "big" { input.n > 10 } else := "mid" { input.n > 5 } else := "small"',
    );
    expect([3, 7, 11].map((n) => p.evaluate('a.p', { n }))).toEqual(['small', 'mid', 'big']);
  });
});

describe('partial rules and ref heads', () => {
  it('collects partial sets and objects', () => {
    const p = policies(
      'package a\nimport future.keywords.in\ns[x] { x := input.xs[_] }\no[k] = v { some k, v in input.m }',
    );
    expect(json(p.evaluate('a.s', { xs: [2, 1, 2] }))).toEqual([1, 2]);
    expect(json(p.evaluate('a.o', { m: { b: 2, a: 1 } }))).toEqual({ a: 1, b: 2 });
    expect(json(p.evaluate('a.s', {}))).toEqual([]);
  });

  it('raises a conflict for one key with two values', () => {
    const e = evalError(() =>
      policies('package a\no[k] = v { k := "a"; v := input.vs[_] }').evaluate('a.o', { vs: [1, 2] }),
    );
    expect([e.code, e.detail]).toEqual(['eval_conflict_error', 'object keys must be unique']);
  });

  it('merges ref-head rules with the rules below them', () => {
    const p = policies(
      'package a\nimport rego.v1\nusers[name].admin := true if some name in input.admins\nusers.root.admin := true\nusers.root.shell := "sh"',
    );
    expect(json(p.evaluate('a.users', { admins: ['ann'] }))).toEqual({
      ann: { admin: true },
      root: { admin: true, shell: 'sh' },
    });
    expect(p.evaluate('a.users.root.shell', { admins: [] })).toBe('sh');
  });

  it('never confuses string keys with other keys', () => {
    const p = policies('package a\no := {k: true | k := ["\\u00001", 1][_]}');
    expect(p.query('n := count(data.a.o)')).toEqual([{ n: 2 }]);
  });

  it('keeps objects with non-string keys', () => {
    const p = policies('package a\nsquares[n] := n * n { n := numbers.range(1, 3)[_] }');
    expect(json(p.evaluate('a.squares'))).toEqual({ 1: 1, 2: 4, 3: 9 });
    expect(p.evaluate('a.squares[2]')).toBeUndefined();
    expect(p.query('x := data.a.squares[2]')).toEqual([{ x: 4 }]);
  });
});

describe('functions', () => {
  it('selects definitions by their parameters and falls back to the default', () => {
    const p = policies(
      'package a\ndefault level(_) := 0\nlevel("admin") := 3\nlevel("editor") := 2\np := [level("admin"), level("editor"), level("x")]',
    );
    expect(json(p.evaluate('a.p'))).toEqual([3, 2, 0]);
  });

  it('raises a conflict when definitions disagree for the same arguments', () => {
    const e = evalError(() =>
      policies('package a\nf(x) := 1\nf(x) := 2 { x > 0 }\np := f(1)').evaluate('a.p'),
    );
    expect(e.detail).toBe('functions must not produce multiple outputs for same inputs');
  });

  it('unifies array and object parameters', () => {
    const p = policies(
      'package a\nfirst([x, _]) := x\nname({"name": n}) := n\np := [first([1, 2]), name({"name": "z"})]',
    );
    expect(json(p.evaluate('a.p'))).toEqual([1, 'z']);
  });

  it('supports the output-argument call form', () => {
    expect(policies('package a\np := n { count([1, 2, 3], n) }').evaluate('a.p')).toBe(3);
  });
});

describe('documents', () => {
  it('merges base data with the rules of a package, the base winning on clashes', () => {
    const p = policies('package a.b\nr := 1\nk := "rule"', { a: { b: { base: true, k: 'base' } } });
    expect(json(p.evaluate('a'))).toEqual({ b: { base: true, k: 'base', r: 1 } });
    expect(p.evaluate('a.b.k')).toBe('rule');
  });

  it('iterates packages, rules and base documents together', () => {
    const p = policies('package roles.admin\nallow := true', { roles: { guest: { allow: false } } });
    expect(p.query('data.roles[r].allow = a').map((row) => [row.r, row.a])).toEqual([
      ['admin', true],
      ['guest', false],
    ]);
  });

  it('iterates object keys in sorted order', () => {
    expect(
      json(policies('package a\nks := [k | input.o[k]]').evaluate('a.ks', { o: { b: 1, c: 2, a: 3 } })),
    ).toEqual(['a', 'b', 'c']);
  });

  it('keeps integers beyond 2^53 exact', () => {
    const p = policies('package a\nbig := 9007199254740993\nsame { big == input.n }\nnext := big + 1');
    expect(p.evaluate('a.big')).toBe(9007199254740993n);
    expect(p.evaluate('a.same', { n: 9007199254740992 })).toBeUndefined();
    expect(p.evaluate('a.next')).toBe(9007199254740994n);
  });
});

describe('comprehensions, every and some', () => {
  it('shares variables bound before a comprehension and keeps its own local', () => {
    const p = policies(
      'package a\np := ys { x := 10; ys := [y | y := input.xs[_] + x] }\nq := x { s := {x | x := input.xs[_]}; x := count(s) }',
    );
    expect(json(p.evaluate('a.p', { xs: [1, 2] }))).toEqual([11, 12]);
    expect(p.evaluate('a.q', { xs: [1, 1, 2] })).toBe(2);
  });

  it('holds every over empty domains and fails on non-collections', () => {
    const p = policies('package a\nimport rego.v1\nall_pos if every x in input.xs { x > 0 }');
    expect(p.evaluate('a.all_pos', { xs: [1, 2] })).toBe(true);
    expect(p.evaluate('a.all_pos', { xs: [1, -2] })).toBeUndefined();
    expect(p.evaluate('a.all_pos', { xs: [] })).toBe(true);
    expect(p.evaluate('a.all_pos', { xs: 5 })).toBeUndefined();
    expect(p.evaluate('a.all_pos', {})).toBeUndefined();
  });

  it('binds keys and values with some … in', () => {
    const p = policies(
      'package a\nimport rego.v1\npairs contains [k, v] if some k, v in input.o\nmember if "b" in input.o',
    );
    expect(json(p.evaluate('a.pairs', { o: { x: 'a', y: 'b' } }))).toEqual([
      ['x', 'a'],
      ['y', 'b'],
    ]);
    expect(p.evaluate('a.member', { o: { y: 'b' } })).toBe(true);
  });
});
