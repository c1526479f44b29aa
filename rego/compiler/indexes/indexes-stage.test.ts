import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../../builtins/index.ts';
import type { OpaVersion } from '../../opa-version.ts';
import { parseModule } from '../../syntax/index.ts';
import type { Value } from '../../value/index.ts';
import { compileModules } from '../pipeline.ts';

const SOURCE = `package a

default allow := false
allow if input.method == "GET"
allow if input.user.admin

tags contains "x" if input.x
tags contains "y" if input.y

obj[k] := 1 if some k in input.keys
obj.c := 2 if input.c

listed if input.tags == ["a", "b"]
`;

function compiled(opaVersion: OpaVersion) {
  const { tree, indexes } = compileModules(
    [parseModule(SOURCE, 'a.rego', { version: 'v1' })],
    standardBuiltins,
    opaVersion,
  );
  const at = (...path: string[]) => indexes.of(tree.find(['a', ...path]) ?? tree);
  return { at, tree, indexes };
}

let scopes = 0;
/** A scope of its own for `input`, as each evaluation context is. */
const scope = (input: Value) => ({ input, gen: ++scopes });

describe('the rule index stage', () => {
  it('indexes a complete rule without its default, and selects by input', () => {
    const allow = compiled('v1.15.2').at('allow');
    expect(allow.rules.map((r) => r.loc.line)).toEqual([4, 5]);
    expect(allow.select(scope({ method: 'GET' })).entries.map((e) => e.position)).toEqual([0]);
    expect(
      allow.select(scope({ method: 'PUT', user: { admin: true } })).entries.map((e) => e.position),
    ).toEqual([1]);
    expect(allow.select(scope({})).entries).toEqual([]);
    expect(allow.select(scope({ method: 'GET' })).earlyExit).toBe(true);
  });

  it('selects anew when the values tested change, also within one object changed in place', () => {
    const allow = compiled('v1.15.2').at('allow');
    const positions = (input: Value) => allow.select(scope(input)).entries.map((e) => e.position);
    // The same scalars as the last lookup give its rules; others walk the trie again.
    expect(
      ([{ method: 'GET' }, { method: 'GET' }, { method: 'PUT' }, {}, { method: 'GET' }] as Value[]).map(
        positions,
      ),
    ).toEqual([[0], [0], [], [], [0]]);
    // `input.user.admin` is only needed defined: another value takes the same path, undefined does not.
    const users: Value[] = [{ admin: 'yes' }, { admin: { level: 1 } }, {}, { admin: false }, { admin: 'no' }];
    expect(users.map((user) => positions({ method: 'PUT', user }))).toEqual([[1], [1], [], [1], [1]]);
    const listed = compiled('v1.15.2').at('listed');
    const tags = ['a', 'b'];
    expect(listed.select(scope({ tags })).entries).toHaveLength(1);
    tags[1] = 'c'; // an input outside a batch may be the caller's object, changed between evaluations
    expect(listed.select(scope({ tags })).entries).toHaveLength(0);
  });

  it('indexes every rule of a set', () => {
    const tags = compiled('v1.22.2').at('tags');
    expect(tags.rules).toHaveLength(2);
    expect(tags.select(scope({ y: true })).entries.map((e) => e.position)).toEqual([1]);
  });

  it('holds the rules of the object and of the nodes below it, below ones in key order on v1.22', () => {
    expect(
      compiled('v1.15.2')
        .at('obj')
        .rules.map((r) => r.loc.line),
    ).toEqual([10, 11]);
    expect(
      compiled('v1.22.2')
        .at('obj')
        .rules.map((r) => r.loc.line),
    ).toEqual([10, 11]);
    // OPA v1.22's BuildRuleIndices: the node's own rules, then each child's subtree, in key order.
    const source = 'package a\no.c := 1\no.b.d := 2\no[k] := 3 if some k in input.keys\no.a contains 4\n';
    const { tree, indexes } = compileModules(
      [parseModule(source, 'a.rego', { version: 'v1' })],
      standardBuiltins,
      'v1.22.2',
    );
    const o = indexes.of(tree.find(['a', 'o']) ?? tree);
    expect(o.rules.map((r) => r.loc.line)).toEqual([4, 5, 3, 2]);
  });

  it('has no index for a package', () => {
    const { tree, indexes } = compiled('v1.22.2');
    expect(() => indexes.of(tree)).toThrow('no rule index for data');
  });
});
