import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../../builtins/index.ts';
import { RegoError } from '../../errors.ts';
import { compilePolicies } from '../../index.ts';
import { parseModule, parseQuery } from '../../syntax/index.ts';
import { toJson } from '../../value/index.ts';
import type { IrLiteral, IrTerm } from '../ir.ts';
import { compileModules, compileQuery } from '../pipeline.ts';
import { displayName } from '../scope.ts';
import { evaluationOrder } from './evaluation-order.ts';

const compile = (source: string) =>
  compileModules([parseModule(source, 'a.rego', { version: 'v1' })], standardBuiltins).tree;

function refusal(source: string): RegoError {
  try {
    compile(source);
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected the compiler to refuse the policy');
}

/** Each literal of a body as the variables it mentions first, e.g. `x > 1` → `x`. */
function firstVars(literals: readonly IrLiteral[]): string[] {
  return literals.map((lit) => {
    const e = lit.expr;
    const t = e.k === 'unify' ? e.left : e.k === 'term' && e.term.k === 'call' ? e.term.args[0] : undefined;
    return t?.k === 'var' ? displayName(t.name) : '?';
  });
}

/** The answer to `t.r` with strict built-in errors: a JSON value, `undefined` or the error code. */
function answer(source: string, input: unknown): unknown {
  try {
    const policies = compilePolicies([{ file: 'p.rego', source: `package t\n${source}\n` }], {
      builtins: standardBuiltins,
      version: 'v1',
    });
    const v = policies.evaluate('t.r', input, { strict: true });
    return v === undefined ? 'undefined' : toJson(v);
  } catch (e) {
    if (e instanceof RegoError) return e.code;
    throw e;
  }
}

describe('the safety stage', () => {
  it('puts each body in the order that binds its variables, keeping source order otherwise', () => {
    const tree = compile('package a\np if { y > x; x > 1; x = 2; y = x }');
    const rule = tree.find(['a', 'p'])?.rules[0];
    expect(firstVars(rule?.body.literals ?? [])).toEqual(['x', 'y', 'y', 'x']);
  });

  it('orders in passes over the whole body: a pass places every literal ready by then', () => {
    // Pass 1 places `x = 1`, then `x > 1` (ready once `x = 1` is placed), `z = 1`, `y = z`;
    // pass 2 places `y > x`.
    const tree = compile('package a\np if { y > x; x = 1; x > 1; z = 1; y = z }');
    const rule = tree.find(['a', 'p'])?.rules[0];
    expect(firstVars(rule?.body.literals ?? [])).toEqual(['x', 'x', 'z', 'y', 'y']);
    // A literal waiting in pass 1 comes after every literal pass 1 placed, even one placed after
    // the binding it waited for (OPA: `count` of a number raises before the reference is undefined).
    const body = 'y = input.y; every z in [1] {\n  x.a\n  x = y\n  count(x) > z\n}';
    expect(answer(`r if { ${body} }`, { y: 5 })).toBe('eval_type_error');
    expect(answer('r if { count(z) > 0; [1 | x == 2] == [1]; x = 1; z = input.z }', { z: 5 })).toBe(
      'eval_type_error',
    );
    expect(answer('r := [1 | x.a; x = input.y; count(x) > 0]', { y: 5 })).toBe('eval_type_error');
  });

  it('orders nested bodies (comprehensions) too', () => {
    const tree = compile('package a\np := [y | y > 1; y = 3]');
    const value = tree.find(['a', 'p'])?.rules[0]?.value;
    expect(value?.k === 'comp' && firstVars(value.body.literals)).toEqual(['y', 'y']);
  });

  it('decides unsafe variables at compile time, at the literal that waits for them', () => {
    const e = refusal('package a\np if {\n  input.x == 1\n  z > y\n  y = 2\n}');
    expect([e.code, e.detail, e.line]).toEqual(['rego_unsafe_var_error', 'var z is unsafe', 4]);
  });

  it('refuses a head variable the body does not bind, at the last literal of the ordered body', () => {
    const e = refusal('package a\np contains x if {\n  input.a\n}');
    expect([e.code, e.detail, e.line]).toEqual(['rego_unsafe_var_error', 'var x is unsafe', 3]);
  });

  it('checks and orders queries against the tree', () => {
    const tree = compile('package a\nq := 1');
    const query = compileQuery(parseQuery('x > 0; x = data.a.q'), tree, standardBuiltins);
    expect(firstVars(query.literals)).toEqual(['x', 'x']);
    expect(() => compileQuery(parseQuery('x > 0'), tree, standardBuiltins)).toThrow('var x is unsafe');
  });

  it('evaluates the operand that binds a variable before the one that needs it', () => {
    const tree = compile('package a');
    const loc = { file: 'a.rego', line: 1, column: 1 };
    const foo: IrTerm = { k: 'var', name: 'foo#0', loc };
    const read: IrTerm = { k: 'ref', head: { k: 'root', root: 'input', loc }, path: [foo], loc };
    expect(evaluationOrder(tree, [foo, read], new Set())).toEqual([1, 0]);
    expect(evaluationOrder(tree, [foo, read], new Set(['foo#0']))).toEqual([0, 1]);
  });
});
