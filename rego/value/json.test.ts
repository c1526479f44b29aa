import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../policy-set.ts';
import { toJson } from './index.ts';

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
