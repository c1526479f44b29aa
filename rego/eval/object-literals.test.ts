/**
 * Object literals: those of constant string keys are built as ordinary objects, the others as
 * before; both are the same Rego values (equality, keys, lookups, iteration, JSON).
 */
import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../index.ts';
import { toJson } from '../value/index.ts';

const SOURCE = `package t

import rego.v1

record := {"b": input.x, "a": 1, "c": [input.x]}

computed := {k: 1 | some k in ["a", "b", "c"]}

same if record == {"a": 1, "b": input.x, "c": [input.x]}

keys := {k | some k, _ in record}

missing := {"a": input.nothing, "b": 1}

proto := {"__proto__": input.x, "constructor": 2}

proto_keys := [k | some k, _ in proto]

picked := record[input.key]

numeric := {1: "one", "a": "x"}
`;

const policies = compilePolicies([{ file: 'o.rego', source: SOURCE }], {
  builtins: standardBuiltins,
  version: 'v1',
});
const input = { x: 'v', key: 'c' };
const answer = (rule: string) => {
  const v = policies.evaluate(`t.${rule}`, input);
  return v === undefined ? undefined : toJson(v);
};

describe('object literals', () => {
  it('are values like any other object, whatever their keys', () => {
    expect(answer('record')).toEqual({ a: 1, b: 'v', c: ['v'] });
    expect(answer('same')).toBe(true);
    expect(answer('keys')).toEqual(['a', 'b', 'c']);
    expect(answer('picked')).toEqual(['v']);
    expect(answer('missing')).toBeUndefined();
    expect(answer('numeric')).toEqual({ 1: 'one', a: 'x' });
  });

  it('keep __proto__ and constructor as keys, never as the prototype', () => {
    const proto = policies.evaluate('t.proto', input) as Record<string, unknown>;
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toBe('v');
    expect(answer('proto_keys')).toEqual(['__proto__', 'constructor']);
  });
});
