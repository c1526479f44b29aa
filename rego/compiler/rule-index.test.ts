import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { parseModule } from '../syntax/index.ts';
import { canonicalKey } from '../value/index.ts';
import { compileModules } from './pipeline.ts';

const compile = (source: string) =>
  compileModules([parseModule(source, 'a.rego', { version: 'v1' })], standardBuiltins);

describe('the rule index stage', () => {
  it('indexes the definitions of a rule on the input path they compare with constants', () => {
    const tree = compile(
      [
        'package a',
        'allow if input.method == "GET"',
        'allow if { input.method == "POST"; input.admin }',
        'allow if input.user == "root"',
        'default allow := false',
      ].join('\n'),
    );
    const index = tree.find(['a', 'allow'])?.index;
    expect(index?.key).toEqual({ kind: 'input', path: ['method'] });
    expect(index?.unconstrained).toEqual([2]);
    expect(index?.byValue.get(canonicalKey('GET'))).toEqual([0, 2]);
    expect(index?.byValue.get(canonicalKey('POST'))).toEqual([1, 2]);
  });

  it('indexes functions on a constant argument', () => {
    const tree = compile('package a\nf("read") := 1\nf("write") := 2\nf(x) := 3 if x == "admin"');
    const index = tree.find(['a', 'f'])?.index;
    expect(index?.key).toEqual({ kind: 'arg', index: 0 });
    expect(index?.byValue.get(canonicalKey('write'))).toEqual([1, 2]);
  });

  it('leaves rules without a shared constraint, and sets and objects, unindexed', () => {
    const tree = compile('package a\np if input.x == 1\np if input.y == 2\ns contains 1 if input.x == 1');
    expect(tree.find(['a', 'p'])?.index).toBeUndefined();
    expect(tree.find(['a', 's'])?.index).toBeUndefined();
  });
});
