import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../../builtins/index.ts';
import { RegoError } from '../../errors.ts';
import { parseModule, parseQuery } from '../../syntax/index.ts';
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

describe('the safety stage', () => {
  it('puts each body in the order that binds its variables, keeping source order otherwise', () => {
    const tree = compile('package a\np if { y > x; x > 1; x = 2; y = x }');
    const rule = tree.find(['a', 'p'])?.rules[0];
    expect(firstVars(rule?.body.literals ?? [])).toEqual(['x', 'x', 'y', 'y']);
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
