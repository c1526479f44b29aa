import { describe, expect, it } from 'vitest';
import type { DefinitionPlan } from './check-plan.ts';
import { SubCheckMemo } from './sub-check-memo.ts';

const definitions = [{}, {}, {}] as unknown as DefinitionPlan[];
const [a, b] = definitions as [DefinitionPlan, DefinitionPlan];

describe('the memo of one check', () => {
  it('keeps a value per definition and key, replaced by a later set', () => {
    const memo = new SubCheckMemo();
    memo.set(a, 'doc:1', 1);
    memo.set(b, 'doc:1', 2);
    memo.set(a, 'doc:2', 3);
    expect([memo.get(a, 'doc:1'), memo.get(b, 'doc:1'), memo.get(a, 'doc:2'), memo.get(b, 'doc:2')]).toEqual([
      1,
      2,
      3,
      undefined,
    ]);
    memo.set(a, 'doc:1', 4);
    expect(memo.get(a, 'doc:1')).toBe(4);
  });

  it('forgets a deleted entry and keeps the others', () => {
    const memo = new SubCheckMemo();
    memo.set(a, 'x', 1);
    memo.set(a, 'y', 2);
    memo.set(b, 'z', 3);
    memo.delete(a, 'x');
    memo.delete(a, 'absent');
    expect([memo.get(a, 'x'), memo.get(a, 'y'), memo.get(b, 'z')]).toEqual([undefined, 2, 3]);
    memo.delete(a, 'y');
    memo.delete(b, 'z');
    expect(memo.get(b, 'z')).toBeUndefined();
    memo.set(b, 'z', 5);
    expect(memo.get(b, 'z')).toBe(5);
  });

  it('answers alike once it holds more entries than it scans linearly', () => {
    const memo = new SubCheckMemo();
    for (let i = 0; i < 100; i++) memo.set(definitions[i % 3] as DefinitionPlan, `k${i}`, i);
    for (let i = 0; i < 100; i++) expect(memo.get(definitions[i % 3] as DefinitionPlan, `k${i}`)).toBe(i);
    expect(memo.get(a, 'k1')).toBeUndefined();
    memo.delete(a, 'k0');
    expect(memo.get(a, 'k0')).toBeUndefined();
    expect(memo.get(a, 'k3')).toBe(3);
  });
});
