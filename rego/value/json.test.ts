import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../policy-set.ts';
import { makeObject, parseNumber, SetValue, toJson, type Value } from './index.ts';

describe('toJson of integers beyond a double', () => {
  it('keeps exact integers as numbers and larger ones as their digits', () => {
    expect(toJson(2n ** 53n)).toBe(2 ** 53);
    expect(toJson(12345678901234567890123n)).toBe('12345678901234567890123');
    expect(toJson(10n ** 400n)).toBe(`1${'0'.repeat(400)}`);
    expect(toJson([-(10n ** 309n)])).toEqual([`-1${'0'.repeat(309)}`]);
  });

  it('lets a policy produce such a number without failing the query', () => {
    const policies = compilePolicies(
      [{ file: 'p.rego', source: 'package p\nimport rego.v1\nbig := json.unmarshal("1e400")\n' }],
      { builtins: standardBuiltins },
    );
    const [solution] = policies.query('x := data.p.big', {});
    expect(toJson(solution?.x ?? null)).toBe(`1${'0'.repeat(400)}`);
  });
});

describe('non-string object keys in JSON', () => {
  it("are written as OPA's JSON writes them: integers in full, sorted object keys, HTML escaped", () => {
    const key = (k: Value) => Object.keys(toJson(makeObject([[k, 1]])) as object)[0];
    // What OPA v1.15.2 prints for `{-9223372036854775808: 1}`, `{9007199254740993: 1}`, …
    expect(key(-(2n ** 63n))).toBe('-9223372036854775808');
    // A float literal beyond 2^53 keeps the form it is written in (`{1e16: 1}`, `{-1e308: 1}`).
    expect(key(parseNumber('1e16') as Value)).toBe('1e16');
    expect(key(parseNumber('-1e308') as Value)).toBe('-1e308');
    expect(key(parseNumber('1.7976931348623157e308') as Value)).toBe('1.7976931348623157e308');
    expect(key(1e-7)).toBe('1e-7');
    expect(key(9007199254740993n)).toBe('9007199254740993');
    expect(key(0.5)).toBe('0.5');
    expect(key([1, '<'])).toBe('[1,"\\u003c"]');
    expect(
      key(
        makeObject([
          ['b', 1],
          ['a', [2]],
        ]),
      ),
    ).toBe('{"a":[2],"b":1}');
    expect(key(new SetValue(['x', 1]))).toBe('[1,"x"]');
    expect(key(null)).toBe('null');
  });
});
