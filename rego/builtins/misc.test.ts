import { describe, expect, it } from 'vitest';
import type { Value } from '../value/index.ts';
import { toJson } from '../value/index.ts';
import { standardBuiltins } from './index.ts';
import { call, callJson, failure, testContext } from './test-support.ts';

describe('walk', () => {
  it('yields every path and value, parents first', () => {
    const def = standardBuiltins.get('walk');
    expect(def?.kind).toBe('relation');
    const pairs =
      def?.kind === 'relation' ? [...def.call([{ a: [1, { b: true }] } as Value], testContext())] : [];
    expect(pairs.map(toJson)).toEqual([
      [[], { a: [1, { b: true }] }],
      [['a'], [1, { b: true }]],
      [['a', 0], 1],
      [['a', 1], { b: true }],
      [['a', 1, 'b'], true],
    ]);
  });
});

describe('graph.reachable', () => {
  it('follows edges from the start nodes, ignoring unknown nodes', () => {
    const graph = { a: ['b'], b: ['c'], c: [], d: ['a'] };
    expect(callJson('graph.reachable', graph, ['a'])).toEqual(['a', 'b', 'c']);
    expect(callJson('graph.reachable', graph, ['x'])).toEqual([]);
    expect(failure('graph.reachable', graph, 'a').message).toBe(
      'graph.reachable: operand 2 must be one of {set, array} but got string',
    );
  });
});

describe('crypto built-ins', () => {
  it('hashes to hex digests', () => {
    expect(call('crypto.sha256', 'abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(call('crypto.md5', 'abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(call('crypto.sha1', 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(call('crypto.hmac.sha256', 'msg', 'key')).toBe(
      '2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628',
    );
    expect([call('crypto.hmac.equal', 'abc', 'abc'), call('crypto.hmac.equal', 'abc', 'abd')]).toEqual([
      true,
      false,
    ]);
  });
});

describe('the registry', () => {
  it('holds the built-ins policies use, with their arities', () => {
    const arity = (name: string) => standardBuiltins.get(name)?.arity;
    expect([
      arity('count'),
      arity('sprintf'),
      arity('object.get'),
      arity('regex.template_match'),
      arity('print'),
    ]).toEqual([1, 2, 3, 4, -1]);
    for (const name of [
      'plus',
      'glob.match',
      'time.parse_rfc3339_ns',
      'net.cidr_contains',
      'json.patch',
      'walk',
    ]) {
      expect(standardBuiltins.has(name)).toBe(true);
    }
  });
});
