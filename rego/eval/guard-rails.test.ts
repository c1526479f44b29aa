import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies, type PolicySet } from '../index.ts';

function policies(source: string): PolicySet {
  return compilePolicies([{ file: 'p.rego', source }], { builtins: standardBuiltins });
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

const LOOPS = 'package a\nn := count([1 | numbers.range(1, 300)[_]; numbers.range(1, 300)[_]])';

describe('evaluation limits', () => {
  it('stops after the step limit with an error instead of running on', () => {
    const p = policies(LOOPS);
    expect(p.evaluate('a.n')).toBe(90_000);
    const e = evalError(() => p.evaluate('a.n', undefined, { limits: { maxSteps: 10_000 } }));
    expect([e.code, e.detail]).toEqual(['eval_limit_error', 'evaluation exceeded the limit of 10000 steps']);
  });

  it('stops after the time limit, measured on the given clock', () => {
    let now = 0;
    const clock = () => {
      now += 10;
      return now;
    };
    const e = evalError(() =>
      policies(LOOPS).evaluate('a.n', undefined, { clock, limits: { maxMillis: 50 } }),
    );
    expect([e.code, e.detail]).toEqual(['eval_limit_error', 'evaluation exceeded the limit of 50 ms']);
  });

  it('applies the policy set default limits', () => {
    const p = compilePolicies([{ file: 'p.rego', source: LOOPS }], {
      builtins: standardBuiltins,
      limits: { maxSteps: 500 },
    });
    expect(evalError(() => p.evaluate('a.n')).code).toBe('eval_limit_error');
  });
});

describe('deep nesting', () => {
  it('refuses an input nested beyond the stack cleanly and keeps working', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const p = policies('package a\np { input.x }');
    const e = evalError(() => p.evaluate('a.p', { x: deep }));
    expect(e.code).toBe('eval_limit_error');
    expect(p.evaluate('a.p', { x: 1 })).toBe(true);
  });

  it('evaluates inputs and policies nested to reasonable depths', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1_000; i++) deep = { d: deep };
    const p = policies(
      `package a\nleaf := input${'.d'.repeat(1_000)}\nnested := ${'['.repeat(150)}1${']'.repeat(150)}`,
    );
    expect(p.evaluate('a.leaf', deep)).toBe('leaf');
    expect(p.evaluate('a.nested')).toBeDefined();
  });
});

describe('built-in errors', () => {
  it('make the expression undefined unless strict, where they are raised with the call location', () => {
    const p = policies('package a\ndefault q := "fallback"\nq := x / 0 { x := input.x }');
    expect(p.evaluate('a.q', { x: 1 })).toBe('fallback');
    const e = evalError(() => p.evaluate('a.q', { x: 1 }, { strict: true }));
    expect([e.code, e.detail, e.line]).toEqual(['eval_builtin_error', 'div: divide by zero', 3]);
  });

  it('report type errors with OPA code and message in strict mode', () => {
    const e = evalError(() =>
      policies('package a\nn := count(input.x)').evaluate('a.n', { x: 1 }, { strict: true }),
    );
    expect(e.code).toBe('eval_type_error');
    expect(e.detail).toContain('count: operand 1 must be');
  });
});

describe('print', () => {
  it('sends lines to the given sink and never fails the rule', () => {
    const lines: string[] = [];
    const p = policies('package a\np { print("user", input.user, input.missing); true }');
    expect(p.evaluate('a.p', { user: { name: 'ann' } }, { print: (m) => lines.push(m) })).toBe(true);
    expect(lines).toEqual(['user {"name": "ann"} <undefined>']);
  });
});

describe('input validation', () => {
  it('refuses inputs that are not JSON, naming the offending part', () => {
    const e = evalError(() => policies('package a\np := 1').evaluate('a.p', { when: new Date(0) }));
    expect([e.code, e.detail]).toEqual([
      'eval_type_error',
      'invalid input: input.when: Date is not a JSON value',
    ]);
  });
});
