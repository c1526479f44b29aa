import { describe, expect, it } from 'vitest';
import { call, failure } from '../test-support.ts';

describe('CIDR built-ins', () => {
  it.each([
    ['10.0.0.0/8', '10.1.2.3', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.0/8', '10.1.0.0/16', true],
    ['10.0.0.0/16', '10.0.0.0/8', false],
    ['192.168.1.0/24', '192.168.1.255', true],
    ['2001:db8::/32', '2001:db8::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '2001:db8::1', false],
  ])('net.cidr_contains(%j, %j) = %s', (cidr, x, want) => {
    expect(call('net.cidr_contains', cidr, x)).toBe(want);
  });

  it('tests intersection and validity', () => {
    expect(call('net.cidr_intersects', '10.0.0.0/8', '10.2.0.0/16')).toBe(true);
    expect(call('net.cidr_intersects', '10.0.0.0/16', '10.1.0.0/16')).toBe(false);
    expect([
      call('net.cidr_is_valid', '192.168.0.0/24'),
      call('net.cidr_is_valid', '192.168.001.0/24'),
      call('net.cidr_is_valid', '10.0.0.0/33'),
      call('net.cidr_is_valid', '::/0'),
    ]).toEqual([true, false, false, true]);
  });

  it('reports invalid networks like Go', () => {
    expect(failure('net.cidr_contains', '10.0.0.0/33', '10.0.0.1')).toEqual({
      code: 'eval_builtin_error',
      message: 'net.cidr_contains: invalid CIDR address: 10.0.0.0/33',
    });
    expect(failure('net.cidr_contains', '10.0.0.0/8', 'nope').message).toBe(
      'net.cidr_contains: invalid CIDR address: nope',
    );
  });
});
