import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type PolicySet } from '../index.ts';
import { toJson } from '../value/index.ts';

function policies(source: string, data: unknown = {}): PolicySet {
  return compilePolicies([{ file: 'p.rego', source }], { builtins: standardBuiltins, data });
}

describe('with input', () => {
  it('replaces the whole input or one path of it, for that expression only', () => {
    const p = policies(
      'package a\nis_admin { input.user.role == "admin" }\nwhole { is_admin with input as {"user": {"role": "admin"}} }\npart { is_admin with input.user.role as "admin" }\nafter { is_admin with input.user.role as "admin"; not is_admin }',
    );
    expect(p.evaluate('a.whole', { user: { role: 'guest' } })).toBe(true);
    expect(p.evaluate('a.part', { user: { role: 'guest' } })).toBe(true);
    expect(p.evaluate('a.after', { user: { role: 'guest' } })).toBe(true);
  });

  it('creates missing objects along the path, later replacements nesting into earlier ones', () => {
    const p = policies('package a\nr := input\np := x { x := r with input.a as "x" with input.a.b as "y" }');
    expect(toJson(p.evaluate('a.p', {}) ?? null)).toEqual({ a: { b: 'y' } });
  });

  it('evaluates rules again under the replacement rather than reusing cached values', () => {
    const p = policies(
      'package a\nname := input.n\np := [name, x, name] { x := name with input.n as "inner" }',
    );
    expect(toJson(p.evaluate('a.p', { n: 'outer' }) ?? null)).toEqual(['outer', 'inner', 'outer']);
  });
});

describe('with data', () => {
  it('replaces base documents and the rules at a path', () => {
    const p = policies(
      'package a\nlimit := 10\nok { input.n < limit }\nlifted { ok with data.a.limit as 100 }\nbase { data.cfg.on with data.cfg.on as true }',
      { cfg: { on: false } },
    );
    expect(p.evaluate('a.ok', { n: 50 })).toBeUndefined();
    expect(p.evaluate('a.lifted', { n: 50 })).toBe(true);
    expect(p.evaluate('a.base')).toBe(true);
  });

  it('replaces whole packages', () => {
    const q = compilePolicies(
      [
        { file: 'lib.rego', source: 'package lib\nx := 1' },
        { file: 'a.rego', source: 'package a\np := x { x := data.lib.x with data.lib as {"x": 2} }' },
      ],
      { builtins: standardBuiltins },
    );
    expect(q.evaluate('lib.x')).toBe(1);
    expect(q.evaluate('a.p')).toBe(2);
  });
});

describe('with functions and built-ins', () => {
  it('replaces a function or built-in by a value', () => {
    const p = policies(
      'package a\nf(x) := x\np := x { x := [f(1), time.now_ns()] with f as 7 with time.now_ns as 42 }',
    );
    expect(toJson(p.evaluate('a.p') ?? null)).toEqual([7, 42]);
  });

  it('replaces a function by another function, which sees no replacements itself', () => {
    const p = policies('package a\nf(x) := 1\ng(x) := f(x) + 10\np := y { y := f(5) with f as g }');
    expect(p.evaluate('a.p')).toBe(11);
  });

  it('replaces a built-in by a function of the policy', () => {
    const p = policies('package a\nfake_count(_) := 99\np := n { n := count([1]) with count as fake_count }');
    expect(p.evaluate('a.p')).toBe(99);
  });

  it('affects calls made inside the rules evaluated under it', () => {
    const p = policies(
      'package a\nnow_s := time.now_ns() / 1000000000\nexpired { now_s > input.exp }\nlater { expired with time.now_ns as 5000000000000 }',
    );
    expect(p.evaluate('a.later', { exp: 4000 })).toBe(true);
    expect(p.evaluate('a.expired', { exp: 4000 }, { nowNs: 1_000_000_000_000n })).toBeUndefined();
  });
});
