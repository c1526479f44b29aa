import { describe, expect, it } from 'vitest';
import { multiply, negated, parseBigFloat, quotient, sum, truncated } from './go-big-float.ts';
import { bigFloatText, opaNumberText } from './go-big-float-text.ts';

const f = (text: string) => {
  const x = parseBigFloat(text);
  if (!x) throw new Error(`not a number: ${text}`);
  return x;
};

// Expected texts are the real OPA's (v1.15.2 and v1.22.2 agree on floats).
describe("Go's big.Float at OPA's 64 bits", () => {
  it('adds, subtracts, multiplies and divides with one rounding, printing the shortest text', () => {
    expect(opaNumberText(multiply(f('0.1'), f('3')))).toBe('0.3');
    expect(opaNumberText(sum(f('0.1'), f('0.7')))).toBe('0.8');
    expect(opaNumberText(sum(f('3'), negated(f('0.1'))))).toBe('2.9');
    expect(opaNumberText(quotient(f('1'), f('3')))).toBe('0.33333333333333333334');
    expect(opaNumberText(quotient(f('7'), f('2')))).toBe('3.5');
    expect(opaNumberText(quotient(f('9007199254740993'), f('1e308')))).toBe('9.0071992547409930004e-293');
  });

  it("writes %g with Go's exponent form below 1e-4 and from 1e6", () => {
    expect(opaNumberText(f('1e-7'))).toBe('1e-07');
    expect(opaNumberText(f('0.000012345'))).toBe('1.2345e-05');
    expect(opaNumberText(f('1234567.5'))).toBe('1.2345675e+06');
    expect(opaNumberText(f('0.0001'))).toBe('0.0001');
    expect(bigFloatText(f('1234567.5'), 'f')).toBe('1234567.5');
  });

  it('never overflows or underflows: integers in full, tiny values with their exponent', () => {
    expect(opaNumberText(multiply(f('1e308'), f('10')))).toBe(`1${'0'.repeat(309)}`);
    expect(opaNumberText(quotient(f('5e-324'), f('2')))).toBe('2.5e-324');
    expect(opaNumberText(quotient(f('-1e308'), f('9007199254740993')))).toBe(
      `-11102230246251564172${'0'.repeat(273)}`,
    );
  });

  it('rounds integers needing more than 64 bits, ties to even', () => {
    expect(opaNumberText(sum(f('123456789012345678901234567890'), f('1')))).toBe(
      '123456789012345678900000000000',
    );
    expect(opaNumberText(sum(f('18446744073709551617'), f('0')))).toBe('18446744073709551616');
    expect(truncated(f('123456789012345678901234567890'))).toBe(123456789012345678899921813504n);
    expect(truncated(f('1e308')).toString(16)).toMatch(/^8e679c2f5e44ff8f0+$/);
  });

  it('keeps the sign of zero as Go does', () => {
    expect(opaNumberText(multiply(f('-0.0'), f('1')))).toBe('-0');
    expect(opaNumberText(sum(f('-0.0'), f('0')))).toBe('0');
  });

  it('refuses text that is no decimal number', () => {
    expect(parseBigFloat('0x10')).toBeUndefined();
    expect(parseBigFloat('.')).toBeUndefined();
    expect(parseBigFloat('1e')).toBeUndefined();
  });
});
