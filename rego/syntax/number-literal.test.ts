/**
 * Number literals keep the text OPA keeps (`1.0`, `1e2`, `2.50` are floats written as such), and
 * fractions keep their 64-bit text through chains of operations. Each expectation is what
 * `opa eval --strict-builtin-errors` of that release answers.
 */
import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError } from '../index.ts';
import { toJson } from '../value/index.ts';
import { parseModule } from './index.ts';

function evaluate(value: string, opaVersion: OpaVersion = 'v1.15.2'): unknown {
  const policies = compilePolicies([{ file: 'p.rego', source: `package t\nr := ${value}\n` }], {
    builtins: createStandardBuiltins({ opaVersion }),
    opaVersion,
  });
  try {
    const v = policies.evaluate('data.t.r', {}, { strict: true });
    return v === undefined ? undefined : toJson(v);
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
}

describe('number literals', () => {
  it('keep the text of a float written with a point or an exponent', () => {
    const rule = parseModule('package t\nr := [1.0, 1E2, 2.50, 1, 0.5, 1e400]\n', 'p.rego').rules[0];
    const items = rule?.value?.type === 'array' ? rule.value.items : [];
    expect(items.map((t) => (t.type === 'scalar' ? (t.text ?? null) : undefined))).toEqual([
      '1.0',
      '1E2',
      '2.50',
      null,
      null,
      '1e400',
    ]);
  });

  it('write that text in JSON, object keys and sprintf, as a float64', () => {
    expect(evaluate('json.marshal([1.0, 1E2, 2.50, {"k": 3.0e0}])')).toBe('[1.0,1E2,2.50,{"k":3.0e0}]');
    expect(evaluate('{1.0: "a", -1.0: "b"}')).toEqual({ '1.0': 'a', '-1.0': 'b' });
    expect(evaluate('sprintf("%d %T %v %x %e", [1.0, 2.50, 1e10, -1.0, 1e2])')).toBe(
      '%!d(float64=1) float64 1e+10 -0x1p+00 1.000000e+02',
    );
  });

  it('keep their text through to_number and json.unmarshal, as OPA keeps a json.Number', () => {
    expect(
      evaluate(
        '[json.marshal(to_number("2.50")), sprintf("%d", [to_number("1.0")]), json.marshal(json.unmarshal("[1.0, 1E2]"))]',
      ),
    ).toEqual(['2.50', '%!d(float64=1)', '[1.0,1E2]']);
    expect(evaluate('json.unmarshal("[1e30102, 1e-30103, 0e999999]") == [1e30102, 1e-30103, 0]')).toBe(true);
  });

  it('are read as their value where OPA reads a float64 (YAML, order, keys)', () => {
    expect(
      evaluate(
        '[yaml.marshal([1.0, 1 / 3, 2.50]), {1.0: "a"}[1], object.get({1: "z"}, 1.0, "d"), sort([2.50, 1, 1 / 3])]',
      ),
    ).toEqual(['- 1\n- 0.3333333333333333\n- 2.5\n', 'a', 'z', [1 / 3, 1, 2.5]]);
  });

  it('are floats where an integer operand is wanted: v1.22.2 accepts a whole decimal', () => {
    const refused =
      'eval_type_error: substring: operand 2 must be integer number but got floating-point number';
    expect(evaluate('substring("abcdef", 1.0, 2)', 'v1.15.2')).toBe(refused);
    expect(evaluate('substring("abcdef", 1.0, 2)', 'v1.22.2')).toBe('bc');
    expect(evaluate('substring("abcdef", 1e0, 2)', 'v1.22.2')).toBe(refused);
    expect(evaluate('time.add_date(0, 1.0, 0, 0)', 'v1.22.2')).toBe(31536000000000000);
    // Built-ins that read the value (OPA's `NumberToInt`) take them as integers.
    expect(
      evaluate('[bits.and(1.0, 3), numbers.range(1.0, 2), format_int(1.0, 10), time.weekday(1e10)]'),
    ).toEqual([1, [1, 2], '1', 'Thursday']);
  });

  it('equal the integer they denote, as one member of a set', () => {
    expect(evaluate('[1.0 == 1, 2.50 == 2.5, count({1.0, 1}), 1.0 + 1]')).toEqual([true, true, 1, 2]);
  });

  it('beyond the doubles (1e400) are floats: format_int rounds them to 64 bits in both releases', () => {
    const rounded = /^10000000000000000000281880683947586514586453433629/;
    expect(evaluate('format_int(1e400, 10)', 'v1.15.2')).toMatch(rounded);
    expect(evaluate('format_int(1e400, 10)', 'v1.22.2')).toMatch(rounded);
    expect(evaluate('json.marshal(1e400)')).toBe('1e400');
  });
});

describe('computed fractions', () => {
  it('keep the 64-bit text OPA writes, in JSON and keys', () => {
    expect(evaluate('json.marshal([1 / 3, 22 / 7, 1e-7 / 3, 1000000.5 + 0, 0.1 * 3])')).toBe(
      '[0.33333333333333333334,3.1428571428571428572,3.3333333333333333333e-08,1.0000005e+06,0.3]',
    );
    expect(evaluate('{2 / 3: 1}')).toEqual({ '0.6666666666666666667': 1 });
    expect(evaluate('format_int((1 / 3) * 1e20, 10)')).toBe('33333333333333333334');
  });

  it('compute on from that text: 1 / 3 * 3 is 1, and 1 / 3 is not its nearest double', () => {
    expect(
      evaluate('[1 / 3 * 3, floor(1 / 3 * 3 * 3), 1 / 3 == 0.3333333333333333, 1 / 3 > 0.3333333333333333]'),
    ).toEqual([1, 3, false, true]);
    expect(evaluate('to_number(sprintf("%v", [1 / 3 * 3]))')).toBe(1);
  });
});
