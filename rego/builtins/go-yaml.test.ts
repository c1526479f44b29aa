/**
 * The YAML built-ins as OPA's go-yaml computes them. Every expected value here is what the real
 * OPA v1.15.2 (go-yaml v2) and v1.22.2 (go-yaml v3) answered.
 */
import { describe, expect, it } from 'vitest';
import { makeObject } from '../value/index.ts';
import { floatKey, isGoYamlTimestamp, resolvePlainScalar } from './go-yaml-scalars.ts';
import { releaseBuiltins } from './test-support.ts';

const v15 = releaseBuiltins('v1.15.2');
const v22 = releaseBuiltins('v1.22.2');

describe('yaml.unmarshal reads scalars as go-yaml does', () => {
  it.each([
    ['a: 1:20', { a: '1:20' }],
    ['a: 12:30:45', { a: '12:30:45' }],
    ['a: 0o10', { a: 8 }],
    ['a: 010', { a: 8 }],
    ['a: 08', { a: 8 }],
    ['a: 0x1F', { a: 31 }],
    ['a: 0b101', { a: 5 }],
    ['a: -0b101', { a: -5 }],
    ['a: 1_000', { a: 1000 }],
    ['a: +5', { a: 5 }],
    ['a: .5', { a: 0.5 }],
    ['a: 1.', { a: 1 }],
    ['a: 1e400', { a: '1e400' }],
    ['a: 0x1p-2', { a: '0x1p-2' }],
    ['a: inf', { a: 'inf' }],
    ['a: 2001-12-14', { a: '2001-12-14' }],
    ['a: 2001-12-14 21:59:43.10', { a: '2001-12-14 21:59:43.10' }],
    ['a: !!binary aGk=', { a: 'hi' }],
    ['a: !!binary |\n  aGVs\n  bG8=', { a: 'hello' }],
    ['a: !!str 10', { a: '10' }],
    ['a: !!int "10"', { a: 10 }],
    ['a: !foo bar', { a: 'bar' }],
    ['1: a\n1.5: b\ntrue: c\n010: d\n1e3: e', { '1': 'a', '1.5': 'b', true: 'c', '8': 'd', '1000': 'e' }],
    ['a: 1\na: 2', { a: 2 }],
    ['a: &x {q: 1, r: 2}\nb:\n  <<: *x\n  q: 3', { a: { q: 1, r: 2 }, b: { q: 3, r: 2 } }],
  ])('%j (both releases)', (text, want) => {
    expect(v15.call('yaml.unmarshal', text)).toEqual(want);
    expect(v22.call('yaml.unmarshal', text)).toEqual(want);
  });

  it('reads YAML 1.1 booleans in v1.15 (go-yaml v2) and only true/false from v1.22 (v3)', () => {
    expect(v15.call('yaml.unmarshal', '[yes, Y, on, OFF, n]')).toEqual([true, true, true, false, false]);
    expect(v22.call('yaml.unmarshal', '[yes, Y, on, OFF, n]')).toEqual(['yes', 'Y', 'on', 'OFF', 'n']);
    expect(v15.call('yaml.unmarshal', 'a: !!bool yes')).toEqual({ a: true });
    expect(v22.failure('yaml.unmarshal', 'a: !!bool yes').code).toBe('eval_builtin_error');
    expect(v22.call('yaml.unmarshal', 'a: !!timestamp 2001-12-14')).toEqual({ a: '2001-12-14T00:00:00Z' });
    expect(v15.call('yaml.unmarshal', 'a: !!timestamp 2001-12-14')).toEqual({ a: '2001-12-14' });
  });

  it.each([
    'a: .inf',
    'a: .nan',
    'a: !!int abc',
    'a: !!binary !!!',
    '~: 1',
    '? [1]\n: 2',
    'b:\n  q: 3\n  <<: 1',
  ])('refuses %j', (text) => {
    expect(v15.failure('yaml.unmarshal', text).code).toBe('eval_builtin_error');
    expect(v15.call('yaml.is_valid', text)).toBe(false);
  });

  it('resolves scalars and writes float keys as go-yaml and sigs.k8s.io/yaml do', () => {
    expect(resolvePlainScalar('9223372036854775808')).toBe(9223372036854775808n);
    expect(resolvePlainScalar('18446744073709551616')).toBe(2 ** 64);
    expect(resolvePlainScalar('-9223372036854775809')).toBe(-(2 ** 63));
    expect([floatKey(1.5), floatKey(0.1), floatKey(1e6), floatKey(1 / 3), floatKey(1e-5)]).toEqual([
      '1.5',
      '0.1',
      '1e+06',
      '0.33333334',
      '1e-05',
    ]);
    expect([
      isGoYamlTimestamp('2001-12-14'),
      isGoYamlTimestamp('2001-13-14'),
      isGoYamlTimestamp('1:20'),
    ]).toEqual([true, false, false]);
  });
});

describe('yaml.marshal writes as go-yaml does', () => {
  it.each([
    [makeObject([['a', null]]), 'a: null\n'],
    ['1:20', '"1:20"\n'],
    ['2001-12-14', '"2001-12-14"\n'],
    [' lead', "' lead'\n"],
    ['\u2028', "'\u2028'\n"],
    ['\u0085', "' '\n"],
    ['a \u0085 \u0085\u0085 b', '|-\n  a\n\n  b\n'],
    ['😀', '"\\U0001F600"\n'],
    ['\ufeff', '"\\uFEFF"\n'],
    ['tab\tx', '"tab\\tx"\n'],
    ['multi\nline', '|-\n  multi\n  line\n'],
    ['a\n\n', '|+\n  a\n\n'],
    ['\n', '|2+\n\n'],
    [' lead\nx', '|2-\n   lead\n  x\n'],
    ['x\n ', '"x\\n "\n'],
    [1e21, '1e+21\n'],
    [1234567.5, '1.2345675e+06\n'],
    [0.00001, '1e-05\n'],
    [
      makeObject([
        ['a10', 1],
        ['a2', 2],
        ['b', 3],
        ['A', 4],
        ['1', 5],
        ['_x', 6],
        ['010', 7],
        ['10', 8],
      ]),
      '_x: 6\n"1": 5\n"10": 8\n"010": 7\nA: 4\na2: 2\na10: 1\nb: 3\n',
    ],
    [
      makeObject([
        ['k', 'multi\nline'],
        ['l\nk', 1],
      ]),
      'k: |-\n  multi\n  line\n? |-\n  l\n  k\n: 1\n',
    ],
  ])('%j (both releases)', (value, want) => {
    expect(v15.call('yaml.marshal', value)).toBe(want);
    expect(v22.call('yaml.marshal', value)).toBe(want);
  });

  it('folds long lines at 80 columns and leaves sequences in mappings unindented in v1.15 only', () => {
    const long = 'word '.repeat(30).trim();
    expect(v15.call('yaml.marshal', long)).toBe(
      `${'word '.repeat(17).trim()}\n  ${'word '.repeat(13).trim()}\n`,
    );
    expect(v22.call('yaml.marshal', long)).toBe(`${long}\n`);
    const nested = makeObject([['a', makeObject([['c', [1, makeObject([['d', 'x\ny']])]]])]]);
    expect(v15.call('yaml.marshal', nested)).toBe('a:\n  c:\n  - 1\n  - d: |-\n      x\n      y\n');
    expect(v22.call('yaml.marshal', nested)).toBe('a:\n  c:\n    - 1\n    - d: |-\n        x\n        y\n');
  });
});
