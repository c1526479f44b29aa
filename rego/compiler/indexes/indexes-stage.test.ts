import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../../builtins/index.ts';
import type { OpaVersion } from '../../opa-version.ts';
import { parseModule } from '../../syntax/index.ts';
import { compileModules } from '../pipeline.ts';

const SOURCE = `package a

default allow := false
allow if input.method == "GET"
allow if input.user.admin

tags contains "x" if input.x
tags contains "y" if input.y

obj[k] := 1 if some k in input.keys
obj.c := 2 if input.c
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

describe('the rule index stage', () => {
  it('indexes a complete rule without its default, and selects by input', () => {
    const allow = compiled('v1.15.2').at('allow');
    expect(allow.rules.map((r) => r.loc.line)).toEqual([4, 5]);
    expect(allow.select({ method: 'GET' }).entries.map((e) => e.position)).toEqual([0]);
    expect(allow.select({ method: 'PUT', user: { admin: true } }).entries.map((e) => e.position)).toEqual([
      1,
    ]);
    expect(allow.select({}).entries).toEqual([]);
    expect(allow.select({ method: 'GET' }).earlyExit).toBe(true);
  });

  it('indexes every rule of a set', () => {
    const tags = compiled('v1.22.2').at('tags');
    expect(tags.rules).toHaveLength(2);
    expect(tags.select({ y: true }).entries.map((e) => e.position)).toEqual([1]);
  });

  it("holds the object's rules, and before OPA v1.22 those of the complete rules below it", () => {
    expect(
      compiled('v1.15.2')
        .at('obj')
        .rules.map((r) => r.loc.line),
    ).toEqual([10, 11]);
    expect(
      compiled('v1.22.2')
        .at('obj')
        .rules.map((r) => r.loc.line),
    ).toEqual([10]);
  });

  it('has no index for a package', () => {
    const { tree, indexes } = compiled('v1.22.2');
    expect(() => indexes.of(tree)).toThrow('no rule index for data');
  });
});
