import { describe, expect, it } from 'vitest';
import { SetValue } from '../../value/index.ts';
import { callJson, failure } from '../test-support.ts';

describe('net.cidr_merge', () => {
  it('merges adjacent and overlapping networks into the fewest blocks', () => {
    expect(callJson('net.cidr_merge', ['192.0.128.0/24', '192.0.129.0/24'])).toEqual(['192.0.128.0/23']);
    expect(callJson('net.cidr_merge', ['192.0.2.112/31', '192.0.2.116/31', '192.0.2.118/31'])).toEqual([
      '192.0.2.112/31',
      '192.0.2.116/30',
    ]);
    // IPv4 networks sit inside IPv6's IPv4-mapped range, so ::/0 absorbs them.
    expect(callJson('net.cidr_merge', new SetValue(['10.0.0.0/8', '10.1.0.0/16', '::/0']))).toEqual(['::/0']);
  });

  it('prints an unmerged network as given (masked) and an IPv4 address with its classful mask', () => {
    expect(callJson('net.cidr_merge', ['10.1.2.3/8', '2001:db8:0:0:1::/80'])).toEqual([
      '10.0.0.0/8',
      '2001:db8:0:0:1::/80',
    ]);
    expect(callJson('net.cidr_merge', ['192.168.1.1'])).toEqual(['192.168.1.1/24']);
  });

  it('refuses IPv6 addresses without a prefix and non-strings', () => {
    expect(failure('net.cidr_merge', ['::1'])).toEqual({
      code: 'eval_builtin_error',
      message: 'net.cidr_merge: IPv6 invalid: needs prefix length',
    });
    expect(failure('net.cidr_merge', [1]).message).toBe('net.cidr_merge: element must be string');
  });
});

describe('net.cidr_expand', () => {
  it('lists every address of a network', () => {
    expect(callJson('net.cidr_expand', '192.168.1.1/30')).toEqual([
      '192.168.1.0',
      '192.168.1.1',
      '192.168.1.2',
      '192.168.1.3',
    ]);
    expect(callJson('net.cidr_expand', 'fe80::/127')).toEqual(['fe80::', 'fe80::1']);
  });

  it('refuses invalid networks and networks too large to list', () => {
    expect(failure('net.cidr_expand', '192.168.1.1/33').message).toBe(
      'net.cidr_expand: invalid CIDR address: 192.168.1.1/33',
    );
    expect(failure('net.cidr_expand', '10.0.0.0/8').code).toBe('eval_builtin_error');
  });
});

describe('net.cidr_contains_matches', () => {
  it('pairs the keys of containing networks with the keys of contained addresses', () => {
    expect(
      callJson('net.cidr_contains_matches', ['10.0.0.0/8', ['192.168.0.0/16', 'tag']], {
        a: '10.1.2.3',
        b: ['192.168.7.7', 'x'],
        c: '8.8.8.8',
      }),
    ).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(callJson('net.cidr_contains_matches', '10.0.0.0/8', '10.0.0.1')).toEqual([
      ['10.0.0.0/8', '10.0.0.1'],
    ]);
  });

  it('refuses empty-array elements', () => {
    expect(failure('net.cidr_contains_matches', [[]], '10.0.0.1').message).toBe(
      'net.cidr_contains_matches: operand 1: element must be string or non-empty array',
    );
  });
});
