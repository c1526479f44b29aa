import { describe, expect, it } from 'vitest';
import { parseNumber, SetValue } from '../../value/index.ts';
import { call } from '../test-support.ts';

describe('sprintf', () => {
  it.each([
    ['hi', [], 'hi'],
    ['hi %s', ['there'], 'hi there'],
    ['hi %02d', [5], 'hi 05'],
    ['hi %02X.%02X', [127, 1], 'hi 7F.01'],
    ['hi %.2f', [2.7061], 'hi 2.71'],
    ['hi %s', [true], 'hi true'],
    ['hi %v', [['there', 5, 5.25]], 'hi ["there", 5, 5.25]'],
    ['%v', [{ b: [null], a: 'x' }], '{"a": "x", "b": [null]}'],
    ['%v', [new SetValue([2, 1])], '{1, 2}'],
    ['%v', [new SetValue()], 'set()'],
    ['%s', [123456789123456789123n], '123456789123456789123'],
    ['%d', [1208925819614629174706175n], '1208925819614629174706175'],
    ['%x', [255], 'ff'],
    ['%#x %#o %b', [255, 8, 5], '0xff 010 101'],
    ['%+d|% d|%-4d|%4d', [3, 3, 3, 3], '+3| 3|3   |   3'],
    ['%08.3f', [-3.14259], '-003.143'],
    ['%e', [1234.5678], '1.234568e+03'],
    ['%g', [0.000012345], '1.2345e-05'],
    ['%v', [1234567.5], '1.2345675e+06'],
    ['%.0f %.0f %.2f', [0.5, 2.5, 1.125], '0 2 1.12'],
    ['%q', ['a"b\n'], '"a\\"b\\n"'],
    // What OPA v1.15.2 and v1.22.2 answer: %+q quotes to ASCII, %#q backquotes any printable
    // text (U+FFFD too), a precision truncates before quoting.
    ['%+q|%#q|%#q', ['é', 'a', '\ufffdx'], '"\\u00e9"|`a`|`\ufffdx`'],
    ['%10.3q|%-6.1q|', ['====', 'ab'], '     "==="|"a"   |'],
    ['%#q|%+q', ['\ufeffa', '😀'], '"\\ufeffa"|"\\U0001f600"'],
    // A number under %q is a code point: %+q quotes it to ASCII too (an invalid one is U+FFFD).
    ['%+q|%+q|%q|%+q|%+5q', [-1, 252, 252, 0x1f600, 252], "'\\ufffd'|'\\u00fc'|'ü'|'\\U0001f600'|'\\u00fc'"],
    ['%5.2s|', ['héllo'], '   hé|'],
    ['%c%U', [65, 0x1f600], 'AU+1F600'],
    ['%x', ['hi'], '6869'],
    ['%[2]d %[1]d', [1, 2], '2 1'],
    ['%*d', [5, 42], '   42'],
    ['%T %T %T', [1, 1.5, 's'], 'int float64 string'],
    ['%x %X %x', [-2.5, 0.1, 1e-310], '-0x1.4p+01 0X1.999999999999AP-04 0x1.2688b70e62bp-1030'],
    ['%b %b %b', [-2.5, 0.5, 1e-310], '-5629499534213120p-51 4503599627370496p-53 20240225330731p-1074'],
    ['%+x|%8x|%010x', [2.5, 1.5, -0.5], '+0x1.4p+01|0x1.8p+00|-000x1p-01'],
  ])('sprintf(%s, %s) = %s', (format, args, want) => {
    expect(call('sprintf', format, args)).toBe(want);
  });

  it.each([
    ['%s', [5], '%!s(int=5)'],
    ['%-3s|%.2f|%5d', [7, 'v1.0.0', 'ab'], '%!s(int=7  )|%!f(string=v1)|%!d(string=   ab)'],
    ['%d', ['x'], '%!d(string=x)'],
    ['%d', [1.5], '%!d(float64=1.5)'],
    ['%t', [true], '%!t(string=true)'],
    ['%d %d', [1], '1 %!d(MISSING)'],
    ['%d', [1, 'a'], '1%!(EXTRA string=a)'],
    ['100%', [], '100%!(NOVERB)'],
    ['%[3]d', [1], '%!d(BADINDEX)'],
    ['%f', [12345678901234567890123n], '%!f(big.Int=12345678901234567890123)'],
  ])('marks misuse like Go: sprintf(%s, %s) = %s', (format, args, want) => {
    expect(call('sprintf', format, args)).toBe(want);
  });
});

describe('sprintf of float literals beyond 2^53 and -0.0', () => {
  // What OPA answers: `1e21` is written as a float, so fmt gets a float64, not an integer.
  it('hands them to fmt as float64', () => {
    const float = (text: string) => parseNumber(text) as number;
    expect(call('sprintf', '%d', [float('1e21')])).toBe('%!d(float64=1e+21)');
    expect(call('sprintf', '%T', [float('1e308')])).toBe('float64');
    expect(call('sprintf', '%.1f', [float('1e16')])).toBe('10000000000000000.0');
    expect(call('sprintf', '%v', [float('1e21')])).toBe('1e+21');
    expect(call('sprintf', '%d', [10n ** 21n])).toBe('1000000000000000000000');
    expect(call('sprintf', '%s', [parseNumber('-0.0') as number])).toBe('%!s(float64=-0)');
    expect(call('sprintf', '%v', [[parseNumber('-0.0') as number]])).toBe('[-0.0]');
    expect(call('sprintf', '%b', [parseNumber('-0.0') as number])).toBe('-0p-1074');
    expect(call('sprintf', '%x', [parseNumber('-0.0') as number])).toBe('-0x0p+00');
  });
});

describe('sprintf of numbers beyond the range of doubles', () => {
  it('prints them in exponent form, as OPA keeps such literals', () => {
    expect(call('sprintf', 'hi %v', [2n * 10n ** 308n])).toBe('hi 2e308');
  });
});

describe('sprintf widths', () => {
  it('gives up on widths over a million, as Go does', () => {
    expect(call('sprintf', 'x%99999999d', [1])).toBe('x%!(NOVERB)%!(EXTRA int=1)');
    expect(call('sprintf', '%*d', [10_000_000, 1])).toBe('%!(BADWIDTH)1');
  });
});
