import { describe, expect, it } from 'vitest';
import type { OpaVersion } from '../opa-version.ts';
import { numberText, SetValue, type Value } from '../value/index.ts';
import { call, callJson, failure, releaseBuiltins, testContext } from './test-support.ts';

/** A built-in of `opaVersion` called with its result in the engine's form (big integers as `bigint`s). */
function exactly(opaVersion: OpaVersion) {
  const { registry } = releaseBuiltins(opaVersion);
  return (name: string, ...args: Value[]) => {
    const def = registry.get(name);
    if (def?.kind !== 'function') throw new Error(`no function built-in ${name}`);
    return def.call(args, testContext());
  };
}

/** A number as OPA writes it (a `DecimalNumber` carries OPA's text beside its double). */
function written(v: Value | undefined): string {
  return numberText(v as number);
}

describe('arithmetic built-ins', () => {
  it.each([
    ['plus', 1, 2, 3],
    ['plus', 1.5, 1.5, 3],
    ['minus', 1.5, 2, -0.5],
    ['mul', -1.5, -4.5, 6.75],
    ['div', 10, 4, 2.5],
    ['div', 4, 2, 2],
    ['rem', 7, 4, 3],
    ['rem', -7, 3, -1],
    ['rem', 2, 2, 0],
  ])('%s(%s, %s) = %s', (name, a, b, want) => {
    expect(call(name, a, b)).toBe(want);
  });

  it('computes big integers through a 64-bit float in OPA v1.15 and exactly in v1.22', () => {
    const v115 = exactly('v1.15.2');
    const v122 = exactly('v1.22.2');
    expect(v115('plus', 9_007_199_254_740_991, 2)).toBe(9007199254740993n);
    expect(v115('mul', 2n ** 70n, 3)).toBe(3541774862152233910300n);
    expect(v122('mul', 2n ** 70n, 3)).toBe(3541774862152233910272n);
    expect(v115('minus', 28857836529306024611913n, 1)).toBe(28857836529306024612000n);
    expect(v122('minus', 28857836529306024611913n, 1)).toBe(28857836529306024611912n);
    expect(v115('rem', 2n ** 80n + 5n, 10)).toBe(6);
    expect(v122('rem', 2n ** 80n + 5n, 10)).toBe(1);
    for (const release of [v115, v122]) expect(release('div', 2n ** 80n, 2n ** 20n)).toBe(2n ** 60n);
  });

  it('computes with floats as a 64-bit big.Float and writes the shortest text that reads back', () => {
    expect(written(call('mul', 0.1, 3))).toBe('0.3');
    expect(written(call('plus', 0.1, 0.7))).toBe('0.8');
    expect(written(call('minus', 3, 0.1))).toBe('2.9');
    expect(call('mul', 1e308, 1e-7)).toBe(BigInt('99999999999999999994'.padEnd(301, '0')));
    expect(written(call('div', 9_007_199_254_740_993n, 1e308))).toBe('9.0071992547409930004e-293');
  });

  it('keeps the 64-bit text of a fraction, so chains compute as OPA does', () => {
    const third = call('div', 1, 3) as Value;
    expect(written(third)).toBe('0.33333333333333333334');
    expect(Number(third)).toBe(1 / 3);
    expect(call('mul', third, 3)).toBe(1);
    expect(call('equal', third, 1 / 3)).toBe(false);
    expect(call('floor', call('mul', third, 3) as Value)).toBe(1);
    expect(written(call('div', 1e-7, 3))).toBe('3.3333333333333333333e-08');
    expect(written(call('plus', 1000000.5, 0))).toBe('1.0000005e+06');
    expect(written(call('div', 12.5, 0.5))).toBe('25');
    expect(written(call('div', 3, 4))).toBe('0.75');
  });

  it('never overflows: results beyond doubles are exact integers, below them tiny floats', () => {
    expect(call('mul', 1e308, 10.5)).toBe(BigInt(`105${'0'.repeat(307)}`));
    expect(call('mul', 1e308, 10)).toBe(10n ** 309n);
    expect(written(call('div', 5e-324, 2))).toBe('2.5e-324');
    expect(written(call('mul', 5e-324, 0.5))).toBe('2.5e-324');
  });

  it('multiplies a product of floats at 64 bits in OPA v1.15 and at 53 bits in v1.22 (big.NewFloat)', () => {
    expect(written(exactly('v1.15.2')('product', [0.1, 3]))).toBe('0.3');
    expect(written(exactly('v1.22.2')('product', [0.1, 3]))).toBe('0.30000000000000004');
    expect(exactly('v1.22.2')('product', [2n ** 70n, 3])).toBe(3541774862152233910272n);
    expect(written(exactly('v1.15.2')('sum', [0.1, 0.2]))).toBe('0.3');
  });

  it('reads a float literal beyond 2^53 as the integer its text denotes in OPA v1.22, rounded in v1.15', () => {
    expect(releaseBuiltins('v1.15.2').failure('rem', 1e21, 1e308).message).toBe('rem: modulo by zero');
    expect(exactly('v1.22.2')('rem', 1e21, 1e308)).toBe(10n ** 21n);
    expect(releaseBuiltins('v1.22.2').call('rem', 1.7976931348623157e308, 3)).toBe(1);
    expect(releaseBuiltins('v1.15.2').call('rem', 1.7976931348623157e308, 3)).toBe(2);
    expect(releaseBuiltins('v1.15.2').call('bits.rsh', 5, 18446744073709551617n)).toBe(5);
    expect(releaseBuiltins('v1.22.2').call('bits.rsh', 5, 18446744073709551617n)).toBe(2);
  });

  it('returns safe integers as numbers after big intermediate values', () => {
    expect(call('minus', 2n ** 60n + 7n, 2n ** 60n)).toBe(7);
  });

  it('treats 1 and 1.0 as the same number', () => {
    expect(call('plus', 0.5, 0.5)).toBe(1);
    expect(call('equal', 1, 1.0)).toBe(true);
  });

  it('rounds half away from zero, ceils and floors', () => {
    expect([call('round', 2.5), call('round', -2.5), call('round', 1.4)]).toEqual([3, -3, 1]);
    expect([
      call('ceil', 1.01),
      call('ceil', -1.99999),
      call('floor', -1.001),
      call('floor', 99.99999),
    ]).toEqual([2, -1, -2, 99]);
    expect(call('abs', -10)).toBe(10);
    // Through a 64-bit float, written in its shortest form.
    expect(call('abs', -(2n ** 70n))).toBe(1180591620717411303400n);
    expect(call('round', 123456789012345678901234567890n)).toBe(123456789012345678899921813504n);
  });

  it("ceils to 1 and floors to 0 between -1 and 0, as OPA's sign-of-the-truncation rounding does", () => {
    const xs = [-1.5, -1, -0.9999, -0.5, -1e-300, 0, 0.5, 1.5, -2.5];
    // What OPA v1.15.2 and v1.22.2 answer for `[[floor(x), ceil(x)] | some x in xs]`.
    expect(xs.map((x) => [call('floor', x), call('ceil', x)])).toEqual([
      [-2, -1],
      [-1, -1],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 0],
      [0, 1],
      [1, 2],
      [-3, -2],
    ]);
  });

  it('subtracts sets', () => {
    expect(callJson('minus', new SetValue([1, 2, 3, 4]), new SetValue([1, 3]))).toEqual([2, 4]);
  });

  it.each([
    [['div', 1, 0], 'eval_builtin_error', 'div: divide by zero'],
    [['rem', 7, 0], 'eval_builtin_error', 'rem: modulo by zero'],
    [['rem', 1.1, 1], 'eval_builtin_error', 'rem: modulo on floating-point number'],
    [['minus', new SetValue([1]), 1], 'eval_type_error', 'minus: operand 2 must be set but got number'],
    [['minus', 1, new SetValue([1])], 'eval_type_error', 'minus: operand 2 must be number but got set'],
    [['minus', 'a', 1], 'eval_type_error', 'minus: operand 1 must be one of {number, set} but got string'],
    [['plus', 1, 'a'], 'eval_type_error', 'plus: operand 2 must be number but got string'],
    [['abs', null], 'eval_type_error', 'abs: operand 1 must be number but got null'],
  ] as const)('fails %j with %s', (callArgs, code, message) => {
    const [name, ...args] = callArgs;
    expect(failure(name, ...args)).toEqual({ code, message });
  });

  it('builds ranges up and down, with steps', () => {
    expect(call('numbers.range', 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(call('numbers.range', 5, 1)).toEqual([5, 4, 3, 2, 1]);
    expect(call('numbers.range', 49649733057, 49649733059)).toEqual([49649733057, 49649733058, 49649733059]);
    expect(call('numbers.range_step', 0, 10, 3)).toEqual([0, 3, 6, 9]);
    expect(call('numbers.range_step', 10, 0, 5)).toEqual([10, 5, 0]);
    expect(failure('numbers.range_step', 0, 10, 0).message).toBe(
      'numbers.range_step: step must be a positive integer',
    );
    expect(failure('numbers.range', 1.5, 2).message).toBe(
      'numbers.range: operand 1 must be integer number but got floating-point number',
    );
    expect(failure('numbers.range', 'a', 2).message).toBe(
      'numbers.range: operand 1 must be integer but got string',
    );
  });

  it('refuses ranges too long to build', () => {
    expect(failure('numbers.range', 0, 1e12).code).toBe('eval_builtin_error');
  });

  it('computes bitwise operations on integers of any size', () => {
    expect([call('bits.and', 12, 10), call('bits.or', 12, 10), call('bits.xor', 12, 10)]).toEqual([8, 14, 6]);
    expect(call('bits.negate', 5)).toBe(-6);
    expect(call('bits.lsh', 1, 70)).toBe(2n ** 70n);
    expect(failure('bits.lsh', 'x', 100_000).message).toBe(
      'bits.lsh: operand 1 must be integer but got string',
    );
    expect(call('bits.rsh', 2n ** 70n, 69)).toBe(2);
  });

  it('shifts by any count as OPA does: right shifts to 0 or -1, counts modulo 2^64', () => {
    // What OPA v1.15.2 answers for `[bits.rsh(1, 100000), bits.rsh(-1, 4294967296), …]`.
    expect([
      call('bits.rsh', 1, 100_000),
      call('bits.rsh', -1, 2 ** 32),
      call('bits.rsh', -5, 70_000),
      call('bits.rsh', 5, 2n ** 64n),
      call('bits.lsh', 0, 2 ** 40),
    ]).toEqual([0, -1, -1, 5, 0]);
    expect(call('bits.lsh', 1, 100_000)).toBe(2n ** 100_000n);
    expect(failure('bits.lsh', 1, 2 ** 32).message).toBe('bits.lsh: shift count too large');
  });
});
